import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCalendar, AdminCalendarConflict, AdminCalendarStay } from '@sas/domain';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { consoleSession } from '../../shared/testing/console-session';

const homes = [
  { id: 'uuid-1', propertyId: 'SAS-1001', name: 'Bear Den Lodge' },
  { id: 'uuid-2', propertyId: 'SAS-1002', name: 'Lakeview Cottage' },
];

function stay(overrides: Partial<AdminCalendarStay>): AdminCalendarStay {
  return {
    id: 'stay-1',
    kind: 'reservation',
    checkIn: '2031-02-03',
    checkOut: '2031-02-06',
    reason: null,
    bookingCode: null,
    guestName: null,
    expiresAt: null,
    removable: false,
    ...overrides,
  };
}

const booking = stay({ id: 'b1', bookingCode: 'SAS-AB12CD', guestName: 'Dana Reyes' });
const maintenance = stay({
  id: 'blk-1',
  kind: 'staff_block',
  checkIn: '2031-02-20',
  checkOut: '2031-02-22',
  reason: 'Maintenance',
  removable: true,
});

function calendarOf(stays: AdminCalendarStay[], conflicts: AdminCalendarConflict[] = []): AdminCalendar {
  return {
    from: '2031-02-01',
    to: '2031-03-01',
    homes: [
      { id: 'uuid-1', propertyId: 'SAS-1001', name: 'Bear Den Lodge', timeZone: 'America/Denver', stays, conflicts },
    ],
  };
}

const night = (name: RegExp) => screen.getByRole('button', { name });

describe('the console calendar', () => {
  it('shows each kind of taken night in words and blocks the nights chosen with a reason', async () => {
    const posted: unknown[] = [];
    const fetchMock = stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/properties': () => json(homes),
      'GET /api/admin/calendar': () => json(calendarOf([booking, maintenance])),
      'POST /api/admin/properties/uuid-1/blocks': ({ init }) => {
        posted.push(JSON.parse(init?.body as string));
        return json({ id: 'blk-2' }, { status: 201 });
      },
    });
    const view = renderApp('/admin/calendar?month=2031-02');

    const grid = await screen.findByRole('table', { name: 'Bear Den Lodge, February 2031' });
    expect(
      within(grid).getByRole('button', { name: /Tuesday, February 4, 2031:.*Booking SAS-AB12CD, Dana Reyes/ }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('button', { name: /February 20, 2031:.*Staff block: Maintenance/ }),
    ).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: /February 10, 2031, free/ })).toBeInTheDocument();
    const asked = requestedUrls(fetchMock)
      .map(String)
      .find((url) => url.includes('/admin/calendar'));
    expect(asked).toContain('from=2031-02-01');
    expect(asked).toContain('to=2031-03-01');
    expect(asked).toContain('propertyId=uuid-1');

    // Keyboard: Tab to a night and press Enter, like a click.
    night(/February 10, 2031/).focus();
    await view.user.keyboard('{Enter}');
    await view.user.click(night(/February 12, 2031/));
    expect(night(/February 11, 2031/)).toHaveAttribute('aria-pressed', 'true');
    expect(night(/February 13, 2031/)).toHaveAttribute('aria-pressed', 'false');

    const form = screen.getByRole('form', { name: /Block Feb 10\s–\s13, 2031 \(3 nights\)/ });
    expect(within(form).getByLabelText('Reason')).toHaveFocus();
    await view.user.type(within(form).getByLabelText('Reason'), 'Roof repair');
    await view.user.click(within(form).getByRole('button', { name: 'Block nights' }));

    expect(await screen.findByText(/Blocked Feb 10\s–\s13, 2031 \(3 nights\) at Bear Den Lodge/)).toHaveFocus();
    expect(posted).toEqual([{ checkIn: '2031-02-10', checkOut: '2031-02-13', reason: 'Roof repair' }]);
  });

  it('shows the server’s refusal naming the booking in the way', async () => {
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/properties': () => json(homes),
      'GET /api/admin/calendar': () => json(calendarOf([booking])),
      'POST /api/admin/properties/uuid-1/blocks': () =>
        json({ message: 'Those nights collide with booking SAS-AB12CD' }, { status: 409 }),
    });
    const view = renderApp('/admin/calendar?month=2031-02');
    await screen.findByRole('table', { name: 'Bear Den Lodge, February 2031' });

    await view.user.click(night(/February 4, 2031/));
    await view.user.click(night(/February 4, 2031/));
    await view.user.type(screen.getByLabelText('Reason'), 'Maintenance');
    await view.user.click(screen.getByRole('button', { name: 'Block nights' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Those nights collide with booking SAS-AB12CD');
  });

  it('gives an owner the fixed reason "Owner stay"', async () => {
    const posted: unknown[] = [];
    stubFetch({
      ...consoleSession('owner'),
      'GET /api/admin/properties': () => json(homes.slice(0, 1)),
      'GET /api/admin/calendar': () => json(calendarOf([])),
      'POST /api/admin/properties/uuid-1/blocks': ({ init }) => {
        posted.push(JSON.parse(init?.body as string));
        return json({ id: 'blk-3' }, { status: 201 });
      },
    });
    const view = renderApp('/admin/calendar?month=2031-02');
    await screen.findByRole('table', { name: 'Bear Den Lodge, February 2031' });
    await view.user.click(night(/February 14, 2031/));
    await view.user.click(night(/February 15, 2031/));
    expect(screen.queryByLabelText('Reason')).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Block nights' }));
    await waitFor(() =>
      expect(posted).toEqual([{ checkIn: '2031-02-14', checkOut: '2031-02-16', reason: 'Owner stay' }]),
    );
  });

  it('removes a block after a confirmation that keeps focus inside and gives it back', async () => {
    let removed = false;
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/properties': () => json(homes),
      'GET /api/admin/calendar': () => json(calendarOf(removed ? [booking] : [booking, maintenance])),
      'DELETE /api/admin/blocks/blk-1': () => {
        removed = true;
        return new Response(null, { status: 204 });
      },
    });
    const view = renderApp('/admin/calendar?month=2031-02');
    const list = await screen.findByRole('table', { name: 'Bookings, holds and blocks at Bear Den Lodge' });
    expect(within(list).queryByRole('button', { name: /Remove Booking/ })).not.toBeInTheDocument();

    const remove = within(list).getByRole('button', { name: /Remove Staff block: Maintenance/ });
    await view.user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Remove this block?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(remove).toHaveFocus());

    await view.user.click(remove);
    await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove block' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const notice = await screen.findByText(/Removed Staff block: Maintenance/);
    await waitFor(() => expect(notice).toHaveFocus());
    expect(within(list).queryByText('Maintenance')).not.toBeInTheDocument();
  });

  it('draws every home on a timeline and opens a home’s month from it', async () => {
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/properties': () => json(homes),
      'GET /api/admin/calendar': ({ url }) =>
        json({
          from: url.searchParams.get('from'),
          to: url.searchParams.get('to'),
          homes: [
            {
              id: 'uuid-1',
              propertyId: 'SAS-1001',
              name: 'Bear Den Lodge',
              timeZone: 'America/Denver',
              stays: url.searchParams.has('propertyId')
                ? []
                : [booking, stay({ id: 'h', kind: 'hold', checkIn: '2031-02-07', checkOut: '2031-02-09' })],
              conflicts: [],
            },
          ],
        }),
    });
    const view = renderApp('/admin/calendar?view=timeline&from=2031-02-01&days=14');
    const timeline = await screen.findByRole('table', { name: 'Every home, Feb 1, 2031 to Feb 14, 2031' });
    const row = within(timeline).getByRole('row', { name: /Bear Den Lodge/ });
    expect(within(row).getAllByText('Booking SAS-AB12CD, Dana Reyes')).toHaveLength(3);
    expect(within(row).getAllByText('Payment hold')).toHaveLength(2);

    await view.user.click(within(row).getByRole('button', { name: /Bear Den Lodge/ }));
    expect(await screen.findByRole('table', { name: 'Bear Den Lodge, February 2031' })).toBeInTheDocument();
    expect(view.history.location.search).toContain('home=SAS-1001');
  });

  it('names the feed of an imported block, and tells staff of conflicts and failures the grid cannot show', async () => {
    const imported = stay({
      id: 'imp-1',
      kind: 'imported_block',
      checkIn: '2031-02-14',
      checkOut: '2031-02-16',
      reason: 'Airbnb listing: Reserved',
    });
    const feed = {
      propertyId: 'uuid-1',
      url: 'https://www.airbnb.com/calendar/ical/1.ics',
      lastSyncAt: '2031-02-03T10:00:00.000Z',
      lastSuccessAt: '2031-02-03T10:00:00.000Z',
      lastError: null,
      failingSince: null,
      eventCount: 3,
      conflicts: 0,
      createdAt: '2031-01-01T00:00:00.000Z',
    };
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/properties': () => json(homes),
      'GET /api/admin/calendar': () =>
        json(
          calendarOf(
            [booking, imported],
            [
              {
                feedId: 'f1',
                feedName: 'Airbnb listing',
                channel: 'airbnb',
                uid: 'x1@airbnb.com',
                checkIn: booking.checkIn,
                checkOut: booking.checkOut,
                conflictWith: `booking ${booking.bookingCode}`,
              },
            ],
          ),
        ),
      'GET /api/admin/properties/uuid-1/calendar-feeds': () =>
        json({
          feeds: [
            { ...feed, id: 'f1', name: 'Airbnb listing', channel: 'airbnb', conflicts: 2 },
            {
              ...feed,
              id: 'f2',
              name: 'Vrbo cabin',
              channel: 'vrbo',
              lastError: 'The channel answered HTTP 503.',
              failingSince: '2031-02-02T08:00:00.000Z',
            },
          ],
          exports: [],
        }),
    });
    renderApp('/admin/calendar?month=2031-02');

    const grid = await screen.findByRole('table', { name: 'Bear Den Lodge, February 2031' });
    expect(
      within(grid).getByRole('button', { name: /February 15, 2031:.*Imported from Airbnb listing: Reserved/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('Imported block');

    const notice = await screen.findByRole('region', { name: 'Imported calendars need a look' });
    expect(notice).toHaveTextContent(/2 conflicts from Airbnb listing: its events overlap a booking or hold here/);
    expect(notice).toHaveTextContent(/Vrbo cabin is failing since .*: The channel answered HTTP 503\. Its last blocks/);
    expect(within(notice).getByRole('link', { name: 'Channels of Bear Den Lodge' })).toHaveAttribute(
      'href',
      '/admin/homes/SAS-1001#home-channels-heading',
    );

    // Each conflict with its nights and what it collides with.
    const conflicts = screen.getByRole('table', { name: 'Imported events in conflict at Bear Den Lodge' });
    expect(within(conflicts).getByRole('row', { name: /Airbnb listing/ })).toHaveTextContent(
      `booking ${booking.bookingCode}`,
    );
  });

  it('does not ask for an owner’s feeds, which owners do not manage', async () => {
    const fetchMock = stubFetch({
      ...consoleSession('owner'),
      'GET /api/admin/properties': () => json(homes.slice(0, 1)),
      'GET /api/admin/calendar': () => json(calendarOf([])),
    });
    renderApp('/admin/calendar?month=2031-02');

    await screen.findByRole('table', { name: 'Bear Den Lodge, February 2031' });
    expect(requestedUrls(fetchMock).some((url) => url.pathname.includes('calendar-feeds'))).toBe(false);
  });
});
