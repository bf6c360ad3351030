import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminFeed, AdminFeedList, FeedSyncResult } from '@sas/domain';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderSection } from '@/testing/render-section';
import { ChannelsSection } from './channels-section';

const homeId = '3f0c6f7e-8a4b-4c1d-9e2f-5a6b7c8d9e01';
const feedsPath = `/api/admin/properties/${homeId}/calendar-feeds`;
const exportUrl = (channel: string, token: string) =>
  `https://stay.example/api/properties/SAS-1001/calendar.ics?channel=${channel}&token=${token}`;

function feed(overrides: Partial<AdminFeed> = {}): AdminFeed {
  return {
    id: 'feed-1',
    propertyId: homeId,
    name: 'Airbnb listing',
    url: 'https://www.airbnb.com/calendar/ical/123.ics?s=abc',
    channel: 'airbnb',
    lastSyncAt: '2031-02-03T10:15:00.000Z',
    lastSuccessAt: '2031-02-03T10:15:00.000Z',
    lastError: null,
    failingSince: null,
    eventCount: 4,
    conflicts: 0,
    createdAt: '2031-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const vrbo = feed({
  id: 'feed-2',
  name: 'Vrbo cabin',
  url: 'https://www.vrbo.com/icalendar/abc.ics',
  channel: 'vrbo',
  lastSuccessAt: '2031-02-01T08:00:00.000Z',
  lastError: 'The channel answered HTTP 503',
  failingSince: '2031-02-02T08:00:00.000Z',
  eventCount: 2,
  conflicts: 1,
});

function list(feeds: AdminFeed[]): AdminFeedList {
  return {
    feeds,
    exports: [
      { channel: 'airbnb', url: exportUrl('airbnb', 'a1') },
      { channel: 'vrbo', url: exportUrl('vrbo', 'v1') },
      { channel: 'booking', url: exportUrl('booking', 'b1') },
      { channel: 'other', url: exportUrl('other', 'o1') },
    ],
  };
}

function renderChannels() {
  return renderSection(<ChannelsSection homeId={homeId} propertyId="SAS-1001" homeName="Bear Den Lodge" />);
}

function calls(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) {
  const urls = requestedUrls(fetchMock);
  return fetchMock.mock.calls.filter(([, init], i) => (init?.method ?? 'GET') === method && urls[i]?.pathname === path);
}

describe('the channels section of a home', () => {
  it('lists the imported feeds with their sync state, and the export link of each channel to copy', async () => {
    stubFetch({ [`GET ${feedsPath}`]: () => json(list([feed(), vrbo])) });
    const { user } = renderChannels();

    const table = await screen.findByRole('table', { name: 'Calendars imported into Bear Den Lodge' });
    const airbnbRow = within(table).getByRole('row', { name: /Airbnb listing/ });
    expect(airbnbRow).toHaveTextContent('https://www.airbnb.com/calendar/ical/123.ics?s=abc');
    expect(airbnbRow).toHaveTextContent('None');
    const vrboRow = within(table).getByRole('row', { name: /Vrbo cabin/ });
    expect(within(vrboRow).getByText('The channel answered HTTP 503')).toBeInTheDocument();
    expect(vrboRow).toHaveTextContent(/Failed: The channel answered HTTP 503/);
    expect(
      within(vrboRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['Vrbo', '2', '1']));

    // A conflict is called out above the tables, with the way to the calendar.
    expect(screen.getByText(/imported events overlap a booking or hold here/)).toHaveTextContent(/^1 conflict:/);
    expect(screen.getByRole('link', { name: 'See Bear Den Lodge on the calendar' })).toHaveAttribute(
      'href',
      '/admin/calendar?view=month&home=SAS-1001',
    );

    const airbnbLink = screen.getByLabelText('Airbnb export link');
    expect(airbnbLink).toHaveValue(exportUrl('airbnb', 'a1'));
    expect(airbnbLink).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Booking.com export link')).toHaveValue(exportUrl('booking', 'b1'));

    await user.click(screen.getByRole('button', { name: 'Copy the Vrbo link' }));
    expect(await navigator.clipboard.readText()).toBe(exportUrl('vrbo', 'v1'));
    expect(screen.getByRole('status')).toHaveTextContent('Copied the Vrbo link.');
  });

  it('makes a link relative to this site whole, since a channel fetches it from elsewhere', async () => {
    stubFetch({
      [`GET ${feedsPath}`]: () =>
        json({ feeds: [], exports: [{ channel: 'airbnb', url: '/api/properties/SAS-1001/calendar.ics?token=t' }] }),
    });
    renderChannels();

    expect(await screen.findByLabelText('Airbnb export link')).toHaveValue(
      `${window.location.origin}/api/properties/SAS-1001/calendar.ics?token=t`,
    );
    expect(screen.getByText(/No calendars imported yet/)).toBeInTheDocument();
    expect(screen.queryByText(/conflict/)).not.toBeInTheDocument();
  });

  it("adds a feed, and shows the server's reason when it refuses the address", async () => {
    const posted: unknown[] = [];
    let refuse = true;
    const fetchMock = stubFetch({
      [`GET ${feedsPath}`]: () =>
        json(list(refuse ? [] : [feed({ id: 'feed-9', name: 'Booking.com', channel: 'booking' })])),
      [`POST ${feedsPath}`]: ({ init }) => {
        posted.push(JSON.parse(init?.body as string));
        if (refuse) {
          refuse = false;
          return json({ message: 'The address resolves to a private network: refused' }, { status: 400 });
        }
        return json(feed({ id: 'feed-9', name: 'Booking.com', channel: 'booking' }), { status: 201 });
      },
    });
    const { user } = renderChannels();

    const form = await screen.findByRole('form', { name: 'Add a feed' });
    // Nothing typed: the form says so and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Add feed' }));
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription('name is required');
    expect(calls(fetchMock, 'POST', feedsPath)).toHaveLength(0);

    await user.type(within(form).getByLabelText('Name'), 'Booking.com');
    await user.selectOptions(within(form).getByLabelText('Channel'), 'Booking.com');
    const url = within(form).getByLabelText('Feed URL');
    await user.type(url, 'https://10.0.0.5/feed.ics');
    await user.click(within(form).getByRole('button', { name: 'Add feed' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Not added: The address resolves to a private network: refused',
    );
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(/private network/);
    expect(url).toHaveFocus();

    await user.clear(url);
    await user.type(url, 'https://admin.booking.com/hotel/ical/1.ics');
    await user.click(within(form).getByRole('button', { name: 'Add feed' }));

    expect(await screen.findByRole('row', { name: /Booking\.com/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/Added Booking\.com\./);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveValue('');
    expect(posted).toEqual([
      { name: 'Booking.com', url: 'https://10.0.0.5/feed.ics', channel: 'booking' },
      { name: 'Booking.com', url: 'https://admin.booking.com/hotel/ical/1.ics', channel: 'booking' },
    ]);
  });

  it('syncs a feed now and says what changed, or why it failed', async () => {
    let answer: FeedSyncResult = { status: 'ok', events: 5, added: 2, updated: 1, removed: 1, conflicts: 1 };
    const fetchMock = stubFetch({
      [`GET ${feedsPath}`]: () => json(list([feed()])),
      'POST /api/admin/calendar-feeds/feed-1/sync': () => json(answer),
    });
    const { user } = renderChannels();

    await user.click(await screen.findByRole('button', { name: 'Sync now Airbnb listing' }));
    expect(await screen.findByText(/^Synced Airbnb listing/)).toHaveTextContent(
      'Synced Airbnb listing: 5 events; 2 added, 1 updated, 1 removed; 1 conflict with bookings or holds here.',
    );
    // The feed's row is read again for its new counts.
    await waitFor(() => expect(calls(fetchMock, 'GET', feedsPath)).toHaveLength(2));

    answer = {
      status: 'failed',
      events: 4,
      added: 0,
      updated: 0,
      removed: 0,
      conflicts: 0,
      error: 'The feed is larger than 2 MB',
    };
    await user.click(screen.getByRole('button', { name: 'Sync now Airbnb listing' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((el) => el.textContent)).toContain(
        'Airbnb listing could not be synced: The feed is larger than 2 MB. The blocks from its last good sync are kept.',
      ),
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('removes a feed only once confirmed, telling that its nights become free', async () => {
    let feeds = [feed(), vrbo];
    const fetchMock = stubFetch({
      [`GET ${feedsPath}`]: () => json(list(feeds)),
      'DELETE /api/admin/calendar-feeds/feed-2': () => {
        feeds = [feed()];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderChannels();

    await user.click(await screen.findByRole('button', { name: 'Remove Vrbo cabin' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Vrbo cabin?' });
    expect(dialog).toHaveTextContent(/nights its 2 events blocked here become free for guests to book/);
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/admin/calendar-feeds/feed-2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Vrbo cabin' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Vrbo cabin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove feed' }));

    await waitFor(() => expect(screen.queryByRole('row', { name: /Vrbo cabin/ })).not.toBeInTheDocument());
    expect(calls(fetchMock, 'DELETE', '/api/admin/calendar-feeds/feed-2')).toHaveLength(1);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Removed Vrbo cabin and the nights it blocked.');
    // The removed row's button is gone: focus lands on the message instead of the page's top.
    expect(status).toHaveFocus();
  });

  it('rotates an export link only once confirmed, and shows the new one', async () => {
    const rotatePath = `/api/admin/properties/${homeId}/calendar-exports/airbnb/rotate`;
    const fetchMock = stubFetch({
      [`GET ${feedsPath}`]: () => json(list([feed()])),
      [`POST ${rotatePath}`]: () => json({ channel: 'airbnb', url: exportUrl('airbnb', 'a2') }),
    });
    const { user } = renderChannels();

    await user.click(await screen.findByRole('button', { name: 'Rotate link for Airbnb' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rotate the Airbnb link?' });
    expect(dialog).toHaveTextContent(/the old link stops working at once/);
    await user.click(within(dialog).getByRole('button', { name: 'Keep this link' }));
    expect(calls(fetchMock, 'POST', rotatePath)).toHaveLength(0);
    expect(screen.getByLabelText('Airbnb export link')).toHaveValue(exportUrl('airbnb', 'a1'));

    await user.click(screen.getByRole('button', { name: 'Rotate link for Airbnb' }));
    dialog = await screen.findByRole('dialog', { name: 'Rotate the Airbnb link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate link' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Airbnb export link')).toHaveValue(exportUrl('airbnb', 'a2'));
    expect(screen.getByLabelText('Vrbo export link')).toHaveValue(exportUrl('vrbo', 'v1'));
    expect(screen.getByRole('status')).toHaveTextContent('New Airbnb link made. Paste it into Airbnb: the old link');
    expect(calls(fetchMock, 'POST', rotatePath)).toHaveLength(1);
  });

  it('shows a refused rotation in the dialog, keeping the old link', async () => {
    stubFetch({
      [`GET ${feedsPath}`]: () => json(list([])),
      [`POST /api/admin/properties/${homeId}/calendar-exports/vrbo/rotate`]: () =>
        json({ message: 'Only staff and admins may rotate export links' }, { status: 403 }),
    });
    const { user } = renderChannels();

    await user.click(await screen.findByRole('button', { name: 'Rotate link for Vrbo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the Vrbo link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate link' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not rotated: Only staff and admins may rotate export links',
    );
    expect(screen.getByLabelText('Vrbo export link')).toHaveValue(exportUrl('vrbo', 'v1'));
  });
});
