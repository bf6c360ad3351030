// The rental agreement a guest accepts at step 2 of the reservation (issue
// 17): generated from the same policies as the Policies page and the booking
// e-mail (@sas/domain policies.ts and payment-schedule.ts), so what the guest
// signs cannot differ from what the site promises. The version is the one the
// server records with each booking that accepted it.
import {
  ageTerm,
  cancellationTerms,
  companyName,
  depositTerms,
  installmentsMinDaysBeforeCheckIn,
  lastInstallmentDaysBeforeCheckIn,
  paymentPolicy,
  paymentTerms,
  penaltyTerms,
  rentalAgreementVersion,
} from '@sas/domain';
import { policySections, type PolicySection } from './policies';

/** A section of the Policies page, by id: the agreement repeats its text rather than restating it. */
function policySection(id: string): PolicySection {
  const section = policySections.find((s) => s.id === id);
  if (!section) throw new Error(`The Policies page has no "${id}" section`);
  return section;
}

const houseRules = policySection('penalties');

export const rentalAgreementIntro = {
  title: 'Rental agreement',
  version: rentalAgreementVersion,
  lead: `This agreement is between ${companyName} and the primary renter: the guest who books the stay. You accept it when you reserve a home, by ticking "I accept the rental agreement" before paying. We keep the version you accepted, and when, with your booking.`,
};

export const rentalAgreementSections: readonly PolicySection[] = [
  {
    id: 'payment',
    title: 'Payment and installments',
    paragraphs: [
      `When check-in is more than ${installmentsMinDaysBeforeCheckIn} days away you may pay in full or in ${paymentPolicy.maxInstalments} installments: the first when you book, the last ${lastInstallmentDaysBeforeCheckIn} days before check-in and the second half-way between. Your card is kept by our payment provider to take the later installments on their due dates.`,
    ],
    items: paymentTerms(),
  },
  { id: 'cancellation', title: 'Cancellation and refunds', items: cancellationTerms() },
  { id: 'deposit', title: 'Security deposit', items: depositTerms() },
  { id: 'age', title: 'Age requirement', items: [ageTerm()] },
  {
    id: 'house-rules',
    title: 'House rules and penalties',
    ...(houseRules.paragraphs ? { paragraphs: houseRules.paragraphs } : {}),
    items: [
      ...penaltyTerms(),
      'Penalties and damage are taken from the security deposit hold; we tell you the amount and the reason in writing.',
    ],
  },
];
