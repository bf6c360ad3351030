import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { createTripDetail } from '../testing/trip-data';

// Each page is a lazy route whose code loads first: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const code = 'SAS-7K3Q9P';
const tripDetail = (overrides: Parameters<typeof createTripDetail>[0] = {}) => createTripDetail({ code, ...overrides });

const cancelledTrip = tripDetail({
  status: 'cancelled',
  cancellation: null,
  cancelled: { at: '2031-01-20T12:00:00.000Z', refundAmount: 1225.38 },
  refunds: [{ amount: 1225.38, status: 'succeeded', at: '2031-01-20T12:00:00.000Z' }],
});

describe('/trips/:code', () => {
  // The shared setup clears local storage only; trip tokens live in session storage.
  afterEach(() => sessionStorage.clear());

  it('shows the booking and the refund timeline on the home clock', async () => {
    stubFetch({ [`GET /api/trips/${code}`]: () => json(tripDetail()) });
    renderApp(`/trips/${code}`);

    expect(await screen.findByRole('link', { name: 'Bear Den Lodge' })).toHaveAttribute(
      'href',
      '/property/bear-den-lodge',
    );
    expect(screen.getByRole('heading', { level: 1, name: `Booking ${code}` })).toBeInTheDocument();
    expect(screen.getByText('12 Ski Hill Rd, Breckenridge, CO')).toBeInTheDocument();
    expect(screen.getByText('4:00 PM')).toBeInTheDocument();
    expect(screen.getByText('2 adults, 1 child')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Total $2,450.75' })).toBeInTheDocument();
    expect(screen.getByText(/Private chef/)).toHaveTextContent('Private chef · $450.00');

    const timeline = within(screen.getByRole('region', { name: 'Cancellation' })).getAllByRole('listitem');
    expect(timeline.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Full refund until Jan 3, 2031, 10:00\sAM MST$/),
      expect.stringMatching(/^50% refund until Feb 8, 2031, 11:59\sPM MST \(now\)$/),
      expect.stringMatching(/^No refund after Feb 8, 2031, 11:59\sPM MST$/),
    ]);
  });

  it('says the booking cannot be found, with a way to look it up again', async () => {
    sessionStorage.setItem(`tripToken:${code}`, 'expired-token');
    stubFetch({ [`GET /api/trips/${code}`]: () => json({ message: 'Not found' }, { status: 404 }) });
    renderApp(`/trips/${code}`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'We could not find this booking. The link may have expired: find it again with its code and e-mail.',
    );
    expect(within(alert).getByRole('link', { name: 'find it again' })).toHaveAttribute('href', '/trips');
    await waitFor(() => expect(sessionStorage.getItem(`tripToken:${code}`)).toBeNull());
  });

  it('cancels with one request, after stating the refund, and shows the cancelled booking', async () => {
    let cancelled = false;
    // The server answers only when the test says so: both clicks land while the first request is under way.
    let answerCancel: () => void = () => {};
    const cancelAnswered = new Promise<void>((resolve) => (answerCancel = resolve));
    const fetchMock = stubFetch({
      [`GET /api/trips/${code}`]: () => json(cancelled ? cancelledTrip : tripDetail()),
      [`POST /api/trips/${code}/cancel`]: async () => {
        cancelled = true;
        await cancelAnswered;
        return json({ status: 'cancelled', refundAmount: 1225.38 });
      },
    });
    const view = renderApp(`/trips/${code}`);

    const opener = await screen.findByRole('button', { name: 'Cancel this booking' });
    await view.user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: `Cancel booking ${code}` });
    expect(dialog).toHaveTextContent('Cancelling now refunds $1,225.38 (50% of what you paid)');
    expect(dialog).toHaveTextContent('Refunds take 7-10 business days');

    const confirm = within(dialog).getByRole('button', { name: 'Confirm cancellation' });
    await view.user.dblClick(confirm);
    answerCancel();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const status = await screen.findByText(/\$1,225\.38 refunded/);
    expect(status).toHaveTextContent('Status: Cancelled · $1,225.38 refunded');
    // The button that opened the dialog is gone: focus lands on the booking's status, not the page's top.
    await waitFor(() => expect(status).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Cancel this booking' })).toBeNull();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
  });

  it("keeps the link's token for the tab, takes it out of the URL and sends it with every request", async () => {
    const fetchMock = stubFetch({
      [`GET /api/trips/${code}`]: () => json(tripDetail()),
      [`POST /api/trips/${code}/cancel`]: () => json({ status: 'cancelled', refundAmount: 1225.38 }),
    });
    const view = renderApp(`/trips/${code}?token=link-token-1`);

    await screen.findByRole('link', { name: 'Bear Den Lodge' });
    await waitFor(() => expect(view.history.location.search).toBe(''));
    expect(view.history.location.pathname).toBe(`/trips/${code}`);
    expect(sessionStorage.getItem(`tripToken:${code}`)).toBe('link-token-1');

    await view.user.click(screen.getByRole('button', { name: 'Cancel this booking' }));
    await view.user.click(await screen.findByRole('button', { name: 'Confirm cancellation' }));
    await screen.findByText(/\$1,225\.38 refunded/);

    const urls = requestedUrls(fetchMock).filter((url) => url.pathname.startsWith('/api/trips/'));
    expect(urls.length).toBeGreaterThanOrEqual(2);
    for (const url of urls) expect(url.searchParams.get('token')).toBe('link-token-1');
    expect(urls.some((url) => url.pathname === `/api/trips/${code}/cancel`)).toBe(true);
  });

  it('opens with the token kept from earlier in the tab (a reload)', async () => {
    sessionStorage.setItem(`tripToken:${code}`, 'link-token-2');
    const fetchMock = stubFetch({ [`GET /api/trips/${code}`]: () => json(tripDetail()) });
    renderApp(`/trips/${code}`);

    await screen.findByRole('link', { name: 'Bear Den Lodge' });
    const [url] = requestedUrls(fetchMock).filter((u) => u.pathname === `/api/trips/${code}`);
    expect(url?.searchParams.get('token')).toBe('link-token-2');
  });

  it("records a payment the bank's 3-D Secure page sent back, with the tab's token, and tidies the URL", async () => {
    sessionStorage.setItem(`tripToken:${code}`, 'link-token-3');
    const confirmed: unknown[] = [];
    const fetchMock = stubFetch({
      [`GET /api/trips/${code}`]: () => json(tripDetail()),
      [`POST /api/trips/${code}/schedule/2/confirm`]: ({ init }) => {
        confirmed.push(JSON.parse(init?.body as string));
        return json({ status: 'paid' });
      },
    });
    const view = renderApp(
      `/trips/${code}?paid=installment-2&payment_intent=pi_3ds_1&payment_intent_client_secret=pi_3ds_1_secret&redirect_status=succeeded`,
    );

    await screen.findByRole('link', { name: 'Bear Den Lodge' });
    await waitFor(() => expect(confirmed).toEqual([{ paymentIntentId: 'pi_3ds_1' }]));
    await waitFor(() => expect(view.history.location.search).toBe(''));
    const confirmUrl = requestedUrls(fetchMock).find((url) => url.pathname.endsWith('/schedule/2/confirm'));
    expect(confirmUrl?.searchParams.get('token')).toBe('link-token-3');
    // The booking is asked for again once the payment is recorded.
    await waitFor(() =>
      expect(requestedUrls(fetchMock).filter((url) => url.pathname === `/api/trips/${code}`).length).toBeGreaterThan(1),
    );
  });

  it('confirms a returned deposit hold', async () => {
    const posts: string[] = [];
    stubFetch({
      [`GET /api/trips/${code}`]: () => json(tripDetail()),
      [`POST /api/trips/${code}/deposit/confirm`]: ({ url }) => {
        posts.push(url.pathname);
        return json({ status: 'held' });
      },
    });
    const view = renderApp(`/trips/${code}?paid=deposit&payment_intent=pi_hold_1&redirect_status=succeeded`);
    await screen.findByRole('link', { name: 'Bear Den Lodge' });
    await waitFor(() => expect(posts).toEqual([`/api/trips/${code}/deposit/confirm`]));
    await waitFor(() => expect(view.history.location.search).toBe(''));
  });
});
