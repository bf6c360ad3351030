// The Policies page (SPEC.md section 2): every number comes from
// @sas/domain policies.ts, the module the booking e-mail also uses.
import {
  ageTerm,
  cancellationPolicy,
  cancellationTerms,
  companyPhone,
  depositPolicy,
  depositTerms,
  formatPolicyAmount,
  paymentPolicy,
  paymentTerms,
  penaltyTerms,
} from '@sas/domain';

export interface PolicySection {
  id: string;
  title: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export const policiesIntro = {
  title: 'Policies',
  lead: 'What to expect when you book a Summit & Shore home: how we handle your data, what happens if plans change, and the house rules that keep every home ready for the next guest.',
};

export const policySections: readonly PolicySection[] = [
  {
    id: 'privacy',
    title: 'Privacy',
    paragraphs: [
      'We collect only what we need to take and manage your booking: your name, contact details, the stay you choose and payment details, which go straight to our payment provider and never touch our servers.',
      'We use your details to confirm and service your stay and to send messages about it. We never sell them. You may ask us at any time for a copy of what we hold about you, or to delete it once your stay and its accounting are complete.',
    ],
  },
  { id: 'cancellation', title: 'Cancellation and Refunds', items: cancellationTerms() },
  { id: 'deposit', title: 'Damage Deposit', items: depositTerms() },
  {
    id: 'fees',
    title: 'Fees and Taxes',
    items: [
      'The price you see before paying is the full price: nightly rates, a cleaning fee per stay, local lodging taxes and any add-ons you choose.',
      'There is no booking fee or service fee for booking direct.',
      'Add-ons such as housekeeping or a private chef are priced when you choose them and appear as separate lines on your confirmation.',
    ],
  },
  { id: 'payments', title: 'Payments and Instalments', items: paymentTerms() },
  { id: 'age', title: 'Age Requirement', items: [ageTerm()] },
  {
    id: 'penalties',
    title: 'House Rules and Penalties',
    paragraphs: ['Every home is non-smoking and has a posted check-out time. These charges apply when house rules are broken:'],
    items: penaltyTerms(),
  },
];

const { refundBusinessDays } = cancellationPolicy;

export const faq: readonly FaqEntry[] = [
  {
    question: 'How do I cancel my reservation?',
    answer: `Call us at ${companyPhone} or reply to your confirmation e-mail with your booking code. We confirm the cancellation and the refund amount in writing.`,
  },
  {
    question: 'When will I get my refund?',
    answer: `Refunds go back to the card you paid with and arrive in ${refundBusinessDays.min}-${refundBusinessDays.max} business days.`,
  },
  {
    question: 'Is the damage deposit charged to my card?',
    answer: `No. It is a hold of up to ${formatPolicyAmount(depositPolicy.maxCents)} that is released ${depositPolicy.releasedDaysAfterCheckout} days after check-out unless there is damage. Only the ${formatPolicyAmount(depositPolicy.validationChargeCents)} card check is charged, and it is refunded within ${depositPolicy.validationRefundHours} hours.`,
  },
  {
    question: 'Can I pay in instalments?',
    answer: `Yes, in up to ${paymentPolicy.maxInstalments} instalments. If one is missed you have ${paymentPolicy.missedPaymentGraceHours} hours to pay it.`,
  },
  {
    question: 'Can I check out late?',
    answer: 'Ask us the day before. When no guest arrives that day we can often say yes; a late check-out we have not agreed is charged.',
  },
];
