import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingMessage } from '@sas/domain';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderSection } from '@/testing/render-section';
import { GuestMessages } from './guest-messages';

const messages: BookingMessage[] = [
  {
    template: 'pre_arrival',
    channel: 'email',
    dueAt: '2031-01-27T17:00:00.000Z',
    status: 'sent',
    sentAt: '2031-01-27T17:00:00.000Z',
    delivery: 'delivered',
    deliveryDetail: '250 2.0.0 OK queued as 4Xk2',
  },
  {
    template: 'arrival_details',
    channel: 'email',
    dueAt: '2031-02-02T17:00:00.000Z',
    status: 'failed',
    sentAt: '2031-02-02T17:00:00.000Z',
    reason: 'Bounced: 550 5.1.1 User unknown',
    delivery: 'bounced',
    deliveryDetail: '550 5.1.1 User unknown',
  },
  {
    template: 'arrival_details',
    channel: 'sms',
    dueAt: '2031-02-02T17:00:00.000Z',
    status: 'sent',
    sentAt: '2031-02-02T17:00:00.000Z',
    delivery: 'accepted',
    deliveryDetail: 'Twilio: queued',
  },
  {
    template: 'mid_stay',
    channel: 'email',
    dueAt: '2031-02-04T17:00:00.000Z',
    status: 'skipped',
    reason: 'Only for stays of 3 nights or more',
  },
];

describe("a booking's guest messages", () => {
  it("shows what was delivered, what bounced with the server's words, and what was skipped with why", async () => {
    stubFetch({ 'GET /api/admin/reservations/SAS-AB12CD/messages': () => json(messages) });
    renderSection(<GuestMessages code="SAS-AB12CD" />);
    const table = await screen.findByRole('table', { name: 'Guest messages, sent and to come' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/Pre-arrival.*E-mail.*Sent .*, delivered.*250 2\.0\.0 OK queued as 4Xk2/);
    expect(rows[1]).toHaveTextContent(/Arrival details.*E-mail.*Failed .*, bounced.*Bounced: 550 5\.1\.1 User unknown/);
    expect(rows[2]).toHaveTextContent(/Arrival details.*Text.*Sent .*, accepted by the provider.*Twilio: queued/);
    expect(rows[3]).toHaveTextContent(/Mid-stay check.*Skipped.*Only for stays of 3 nights or more/);
  });
});
