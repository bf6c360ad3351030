import { describe, expect, it } from 'vitest';
import { cancellationTerms } from '@sas/domain';
import { renderEmail } from '../render.js';
import type { BookingEmailData } from './booking.js';

const data: BookingEmailData = {
  code: 'SAS-7K3Q9P',
  propertyName: 'Bears & <Cubs> Den',
  propertyLocation: 'Breckenridge, CO',
  propertyUrl: 'https://summitandshore.example/property/bears-cubs-den?x=1&y=2',
  checkIn: '2027-01-15',
  checkOut: '2027-01-18',
  nights: 3,
  guests: { adults: 2, children: 1, infants: 1, pets: 0 },
  firstName: '<img src=x onerror=alert(1)>',
  addOns: [{ id: 1, name: 'Housekeeping', option: 'Weekly', price: 10_000 }],
  baseCents: 60_000,
  feesCents: 15_000,
  taxesCents: 7_500,
  addOnsCents: 10_000,
  totalCents: 92_500,
};

describe('booking e-mails', () => {
  it('escapes every value in the HTML and keeps the text as written', async () => {
    const email = await renderEmail('booking-confirmation', data);
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).toContain('Bears &amp; &lt;Cubs&gt; Den');
    expect(email.html).toContain('href="https://summitandshore.example/property/bears-cubs-den?x=1&amp;y=2"');
    expect(email.text).toContain('Hi <img src=x onerror=alert(1)>,');
    expect(email.subject).toBe('Your Summit & Shore booking SAS-7K3Q9P is confirmed');
  });

  it('lists the stay, the add-ons with their option, the price lines and the policies', async () => {
    const { text, html } = await renderEmail('booking-confirmation', data);
    for (const line of [
      'Booking code: SAS-7K3Q9P',
      'Check-in: Friday, January 15, 2027',
      'Check-out: Monday, January 18, 2027',
      'Nights: 3',
      'Guests: 2 adults, 1 child, 1 infant',
      '- Housekeeping (Weekly): $100.00',
      '- Stay (3 nights): $600.00',
      '- Cleaning fee: $150.00',
      '- Taxes: $75.00',
      'Total paid: $925.00',
      'Cancel within 48 hours of booking for a 100% refund.',
      'Cancel up to 30 days before check-in for a 50% refund.',
      'Cancellations less than 29 days before check-in are not refunded.',
      'Refunds reach your card in 7-10 business days.',
      'Questions? Call us at (970) 555-0142',
      '110 S Main St, Breckenridge, CO 80424',
    ]) {
      expect(text).toContain(line);
    }
    expect(html).toContain('$925.00');
    expect(html).toContain('Housekeeping (Weekly)');
  });

  it('names the day and time each add-on is booked for', async () => {
    const { text, html } = await renderEmail('booking-confirmation', {
      ...data,
      addOns: [{ id: 3, name: 'Private Chef', price: 20_000, date: '2027-01-16', time: '19:30' }],
    });
    expect(text).toContain('- Private Chef, Sat, Jan 16, 2027 at 19:30: $200.00');
    expect(html).toContain('Private Chef, Sat, Jan 16, 2027 at 19:30');
    // The price lines name the add-on only.
    expect(text).toContain('- Private Chef: $200.00');
  });

  it('states the same cancellation terms as the policies page, from one module', async () => {
    const { text } = await renderEmail('booking-confirmation', data);
    for (const term of cancellationTerms()) expect(text).toContain(`- ${term}`);
  });

  it('marks a copy as such and words the refund notice for the amount paid', async () => {
    expect((await renderEmail('booking-confirmation', { ...data, resend: true })).subject).toMatch(/^Copy: /);
    const refund = await renderEmail('booking-refund', { ...data, firstName: null });
    expect(refund.text).toMatch(/^Hello,/);
    expect(refund.text).toContain('We have refunded the full amount of $925.00');
  });
});
