// Every e-mail goes through renderEmail: each template gives an HTML part in
// the one layout and a plain-text part that says the same things.
import { companyName, officeAddress } from '@sas/domain';
import { describe, expect, it } from 'vitest';
import { renderEmail } from './render.js';
import type { BookingEmailData } from './templates/booking.js';
import type { EmailName, EmailProps } from './templates/index.js';

const booking: BookingEmailData = {
  code: 'SAS-7K3Q9P',
  propertyName: 'Bluebird Lodge',
  propertyLocation: 'Breckenridge, CO',
  propertyUrl: 'https://summitandshore.example/property/bluebird-lodge',
  checkIn: '2027-01-15',
  checkOut: '2027-01-18',
  nights: 3,
  guests: { adults: 2, children: 0, infants: 0, pets: 0 },
  firstName: 'Ada',
  addOns: [{ id: 3, name: 'Private Chef', price: 20_000, date: '2027-01-16', time: '19:30' }],
  baseCents: 60_000,
  feesCents: 15_000,
  taxesCents: 7_500,
  addOnsCents: 20_000,
  totalCents: 102_500,
  tripUrl: 'https://summitandshore.example/trips/SAS-7K3Q9P?token=abc.def-ghi',
  schedule: [
    { dueDate: '2026-12-01', amountCents: 51_250, paid: true },
    { dueDate: '2026-12-16', amountCents: 51_250, paid: false },
  ],
  depositCents: 50_000,
  agreement: { version: '2026-11', acceptedAt: '2026-12-01T10:00:00.000Z' },
};

const feed = { name: 'Airbnb', channel: 'airbnb' };
const home = { name: 'Bluebird Lodge', propertyId: 'prop-1' };
const consoleUrl = 'https://summitandshore.example/admin/homes/prop-1';

/** One e-mail of each template (the type makes a new template add its own), with the facts both parts must carry. */
const samples: { [N in EmailName]: { props: EmailProps[N]; facts: string[] } } = {
  'booking-confirmation': {
    props: booking,
    facts: [
      'SAS-7K3Q9P',
      'Friday, January 15, 2027',
      'Monday, January 18, 2027',
      '$1,025.00',
      '$200.00',
      'Private Chef, Sat, Jan 16, 2027 at 19:30',
      'Due Wednesday, December 16, 2026',
      '$512.50',
      '$500.00',
      'version 2026-11',
      booking.propertyUrl,
      booking.tripUrl!,
    ],
  },
  'booking-refund': {
    props: booking,
    facts: ['Bluebird Lodge', 'Friday, January 15, 2027', '$1,025.00', '7-10 business days'],
  },
  'booking-cancelled': {
    props: { ...booking, refundCents: 51_250 },
    facts: ['SAS-7K3Q9P', 'Monday, January 18, 2027', '$1,025.00', '$512.50', '7-10 business days'],
  },
  'booking-cancelled-company': {
    props: { ...booking, refundCents: 0, cancelledBy: 'staff@example.com', guestName: 'Ada Lovelace' },
    facts: ['SAS-7K3Q9P', 'staff@example.com', 'Ada Lovelace', '$1,025.00', '$0.00'],
  },
  'money-notice': {
    props: {
      subject: 'A charge from your security deposit for booking SAS-7K3Q9P',
      title: 'A charge from your security deposit',
      firstName: 'Ada',
      paragraphs: ['We have charged $120.00 of your $500.00 security deposit: a broken lamp.'],
      rows: [
        ['Booking', 'SAS-7K3Q9P'],
        ['Charged', '$120.00'],
      ],
      links: {
        heading: 'Photos attached to this charge:',
        items: [{ url: 'https://summitandshore.example/media/lamp.webp', label: 'Photo 1' }],
      },
      link: { url: 'https://summitandshore.example/trips/SAS-7K3Q9P?token=t0k', label: 'Pay on your booking’s page' },
    },
    facts: [
      'SAS-7K3Q9P',
      '$120.00',
      '$500.00',
      'https://summitandshore.example/media/lamp.webp',
      'https://summitandshore.example/trips/SAS-7K3Q9P?token=t0k',
    ],
  },
  'password-reset': {
    props: {
      firstName: 'Ada',
      resetUrl: 'https://summitandshore.example/reset-password?token=r3s3t',
      validMinutes: 30,
    },
    facts: ['Hello Ada,', 'within 30 minutes', 'https://summitandshore.example/reset-password?token=r3s3t'],
  },
  'user-invite': {
    props: {
      inviteUrl: 'https://summitandshore.example/accept-invite?token=1nv1te',
      role: 'owner',
      invitedBy: 'admin@example.com',
    },
    facts: [
      'admin@example.com',
      'a home owner',
      'within 7 days',
      'https://summitandshore.example/accept-invite?token=1nv1te',
    ],
  },
  'trip-link': {
    props: { firstName: null, code: 'SAS-7K3Q9P', url: 'https://summitandshore.example/trips/SAS-7K3Q9P?token=abc' },
    facts: ['Hello,', 'SAS-7K3Q9P', '24 hours', 'https://summitandshore.example/trips/SAS-7K3Q9P?token=abc'],
  },
  'concierge-service': {
    props: {
      kind: 'cancelled',
      firstName: 'Ada',
      code: 'SAS-7K3Q9P',
      service: {
        name: 'Private Chef',
        option: null,
        serviceDate: '2027-01-16',
        serviceTime: '18:30',
        priceCents: 20_000,
        refundCents: 20_000,
      },
    },
    facts: ['Private Chef on 2027-01-16 at 18:30', 'SAS-7K3Q9P', '$200.00'],
  },
  'concierge-schedule': {
    props: {
      day: 'Sat, Jan 16, 2027',
      entries: [
        {
          id: 'svc-1',
          date: '2027-01-16',
          time: '19:30',
          service: 'Private Chef',
          option: null,
          withStay: true,
          home: { id: 'prop-1', name: 'Bluebird Lodge', city: 'Breckenridge', timeZone: 'America/Denver' },
          booking: { code: 'SAS-7K3Q9P', guest: 'Ada Lovelace', phone: '+1 970 555 0100', party: 2 },
        },
      ],
    },
    facts: ['Sat, Jan 16, 2027', '19:30 Private Chef at Bluebird Lodge', 'SAS-7K3Q9P', '+1 970 555 0100', 'party of 2'],
  },
  'owner-inquiry': {
    props: {
      id: 'inq-1',
      name: 'Dana Owner',
      email: 'dana@example.com',
      phone: '+1 970 555 0199',
      propertyLocation: 'Frisco, CO',
      bedrooms: 4,
      message: 'Available from December.\nTwo parking spaces.',
    },
    facts: ['Dana Owner', 'dana@example.com', '+1 970 555 0199', 'Frisco, CO', 'Available from December.', 'inq-1'],
  },
  'channel-conflict': {
    props: {
      feed,
      home,
      consoleUrl,
      event: {
        uid: 'evt-9',
        checkIn: '2027-02-01',
        checkOut: '2027-02-04',
        summary: 'Reserved',
        conflictWith: 'booking SAS-7K3Q9P',
      },
    },
    facts: ['2027-02-01', '2027-02-04', 'booking SAS-7K3Q9P', 'UID evt-9', consoleUrl],
  },
  'channel-feed-failing': {
    props: { feed, home, consoleUrl, failingSince: new Date('2027-02-01T08:00:00.000Z'), error: 'HTTP 503' },
    facts: ['2027-02-01T08:00:00.000Z', 'HTTP 503', consoleUrl],
  },
  'task-notice': {
    props: {
      event: 'moved',
      firstName: 'Cleo',
      task: {
        kindName: 'Departure clean',
        home: { name: 'Bluebird Lodge', address: '12 Ridge Road, Breckenridge' },
        from: 'Saturday, January 16, 2027 at 10:00 AM MST',
        until: 'Saturday, January 16, 2027 at 4:00 PM MST',
        sameDayTurnover: true,
      },
      tasksUrl: 'https://summitandshore.example/tasks',
    },
    facts: [
      'Cleo',
      'Departure clean',
      '12 Ridge Road',
      '4:00 PM MST',
      'Same-day turnover',
      'https://summitandshore.example/tasks',
    ],
  },
  'tasks-unassigned': {
    props: {
      day: 'Saturday, January 16, 2027',
      tasks: [{ home: 'Bluebird Lodge', kindName: 'Hot-tub service', from: '10:00 AM MST', sameDayTurnover: true }],
      boardUrl: 'https://summitandshore.example/admin/tasks?from=2027-01-16',
    },
    facts: [
      'Saturday, January 16, 2027',
      'Bluebird Lodge',
      'Hot-tub service',
      'same-day turnover',
      '/admin/tasks?from=2027-01-16',
    ],
  },
  'google-twin-alert': {
    props: {
      homes: [{ propertyId: 'SAS-1006', mismatches: 3, example: '2027-01-15 to 2027-01-18: price differs' }],
      itineraries: 9240,
      consoleUrl: 'https://summitandshore.example/admin/google',
    },
    facts: ['SAS-1006', '3 stays', '9240 stays', 'price differs', '/admin/google'],
  },
  'guest-message': {
    props: {
      subject: 'Arrival details for Bluebird Lodge',
      body: 'Hi Ann,\n\nCheck-in is from 4:00 PM.\n\nYour booking: https://summitandshore.example/trips/SAS-7K3Q9P',
      unsubscribeUrl: 'https://summitandshore.example/api/unsubscribe?token=abc',
    },
    facts: ['Hi Ann', 'Check-in is from 4:00 PM.', '/trips/SAS-7K3Q9P', 'Unsubscribe'],
  },
};

const names = Object.keys(samples) as EmailName[];

/** A sample's e-mail, through the one entry every caller uses. */
function renderSample<N extends EmailName>(name: N) {
  return renderEmail(name, samples[name].props);
}

/** The text the HTML shows (its body, tags dropped, entities read), to look for a fact in. */
function visibleText(html: string): string {
  return html
    .replace(/^[\s\S]*<\/head>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

describe('renderEmail', () => {
  it.each(names)('draws %s in the one layout, with an HTML and a plain-text part', async (name) => {
    const email = await renderSample(name);
    expect(email.subject.length).toBeGreaterThan(0);
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain(`<title>${email.subject.replace(/&/g, '&amp;')}</title>`);
    // The layout's header and footer.
    expect(email.html).toContain('Summit &amp; Shore</p>');
    expect(visibleText(email.html)).toContain(`${companyName} · ${officeAddress}`);
    expect(email.text).toContain(`${companyName} · ${officeAddress}`);
    // Plain text, not markup.
    expect(email.text).not.toMatch(/<\/?(p|a|td|table|br|ul|li)\b/);
    expect(email.text).not.toMatch(/&(amp|lt|gt|#x27);/);
  });

  it.each(names)('gives %s the same facts (codes, dates, amounts, links) in both parts', async (name) => {
    const email = await renderSample(name);
    const shown = visibleText(email.html);
    for (const fact of samples[name].facts) {
      // A link's URL is in its href; what the reader sees may be its label.
      if (fact.startsWith('https://')) expect(email.html, `HTML of ${name}`).toContain(`href="${fact}"`);
      else expect(shown, `HTML of ${name}`).toContain(fact);
      expect(email.text, `text of ${name}`).toContain(fact);
    }
  });

  it('tells a guest how to reach us and leaves that out of the company’s own mail', async () => {
    expect((await renderSample('password-reset')).text).toContain('Questions? Call us at (970) 555-0142');
    expect((await renderSample('owner-inquiry')).text).not.toContain('Questions?');
  });

  it('writes each link in the plain text where a reader can copy it', async () => {
    const confirmation = await renderSample('booking-confirmation');
    expect(confirmation.text).toContain(`Manage your trip (${booking.tripUrl}): see your booking or cancel it.`);
    const notice = await renderSample('money-notice');
    expect(notice.text).toContain(
      'Photo 1: https://summitandshore.example/media/lamp.webp\n\nPay on your booking’s page: https://summitandshore.example/trips/SAS-7K3Q9P?token=t0k',
    );
    // A link to act on stands alone on its line, once.
    const reset = await renderSample('password-reset');
    expect(reset.text.match(/reset-password\?token=r3s3t/g)).toHaveLength(1);
    expect(reset.text).toMatch(/^https:\/\/summitandshore\.example\/reset-password\?token=r3s3t$/m);
  });

  it('escapes what people typed in the HTML and keeps it as typed in the plain text', async () => {
    const hostile = '<script>alert("x")</script> & <b>bold</b>';
    const cases = [
      renderEmail('owner-inquiry', { ...samples['owner-inquiry'].props, name: hostile, message: hostile }),
      renderEmail('booking-confirmation', { ...booking, firstName: hostile, propertyName: hostile }),
      renderEmail('booking-cancelled-company', { ...samples['booking-cancelled-company'].props, guestName: hostile }),
      renderEmail('trip-link', { ...samples['trip-link'].props, firstName: hostile }),
      renderEmail('password-reset', { ...samples['password-reset'].props, firstName: hostile }),
      renderEmail('concierge-service', {
        ...samples['concierge-service'].props,
        service: { ...samples['concierge-service'].props.service, option: hostile },
      }),
      renderEmail('channel-conflict', {
        ...samples['channel-conflict'].props,
        event: { ...samples['channel-conflict'].props.event, summary: hostile },
      }),
      renderEmail('money-notice', { ...samples['money-notice'].props, paragraphs: [hostile] }),
    ];
    for (const email of await Promise.all(cases)) {
      expect(email.html).not.toContain('<script');
      expect(email.html).not.toContain('<b>');
      expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
      expect(email.text).toContain(hostile);
    }
  });

  it('keeps the line breaks of an owner’s message in both parts', async () => {
    const email = await renderSample('owner-inquiry');
    expect(email.text).toContain('Message:\nAvailable from December.\nTwo parking spaces.');
    expect(email.html).toMatch(/white-space:pre-wrap[^>]*>Available from December.\nTwo parking spaces.<\/p>/);
  });
});
