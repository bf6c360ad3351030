import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn, type PropertyDetails } from '@sas/domain';
import { queryConfig } from '@/lib/query-client';
import type { ReservationStartState } from '../../utils/reservation-draft';
import { createCalendar, createQuote } from '@/testing/booking-data';
import { createPropertyDetails } from '@/testing/data-generators';
import { scrollNear } from '@/testing/intersection-observer';
import { json, requestedUrls, stubFetch, type MockHandler } from '@/testing/mock-fetch';
import { BookingArea } from '../booking-area';

const home = createPropertyDetails({
  id: '00000000-0000-4000-8000-0000000000aa',
  slug: 'summit-estate',
  public_name: 'Summit Estate',
  maxGuests: 6,
  petsAllowed: false,
  ageRestricted: true,
  depositAmount: 500,
});
const calendarPath = `GET /api/properties/${home.id}/calendar`;
const quotePath = `POST /api/properties/${home.id}/quote`;

/** The home's page with only the booking area on it, and a /reservation to arrive at. */
async function renderPanel(property: PropertyDetails = home, query = '') {
  const router = createMemoryRouter(
    [
      { path: '/property/:slug', element: <BookingArea property={property} /> },
      { path: '/reservation', element: <h1>Reservation</h1> },
    ],
    { initialEntries: [`/property/${property.slug}${query}`] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { ...queryConfig.queries, retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  scrollNear(screen.getByText('Loading the booking calendar…'));
  await screen.findAllByRole('grid');
  return { router, user };
}

/** The calendar's button for a date; its name reads like 'Wednesday, January 15th, 2031'. */
function day(iso: string): HTMLElement {
  const button = document.querySelector<HTMLElement>(`[data-day="${iso}"] button`);
  if (button === null) throw new Error(`No day button for ${iso}`);
  return button;
}

/** The form a button submits. */
function form(button: HTMLElement): HTMLFormElement {
  const owner = (button as HTMLButtonElement).form;
  if (owner === null) throw new Error('The button submits no form');
  return owner;
}

/** The address the browser loads when `button` submits its form as a plain GET form. */
function submittedAddress(button: HTMLElement): string {
  const owner = form(button);
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(owner)) fields.append(name, typeof value === 'string' ? value : value.name);
  const { name, value } = button as HTMLButtonElement;
  if (name !== '') fields.append(name, value);
  const action = new URL(owner.action);
  return `${action.pathname}?${fields.toString()}${action.hash}`;
}

function quoteBodies(fetchMock: ReturnType<typeof stubFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

function stub(quote: MockHandler, calendar = createCalendar({ propertyId: home.id })) {
  return stubFetch({ [calendarPath]: () => json(calendar), [quotePath]: quote });
}

describe('booking panel', () => {
  it('disables past days and taken nights, and lets a taken night be the check-out after free ones', async () => {
    stub(() => json(createQuote()), createCalendar({ today: '2031-01-10', unavailable: ['2031-01-20', '2031-01-21'] }));
    const { user } = await renderPanel();

    expect(screen.getByRole('grid', { name: 'January 2031' })).toBeInTheDocument();
    expect(day('2031-01-09')).toBeDisabled();
    expect(day('2031-01-10')).toBeEnabled();
    expect(day('2031-01-20')).toBeDisabled();
    expect(day('2031-01-21')).toBeDisabled();
    expect(day('2031-01-22')).toBeEnabled();
    expect(screen.getByRole('grid', { name: 'February 2031' })).toBeInTheDocument();

    await user.click(day('2031-01-17'));
    // Leaving on the 20th is fine: someone else's stay starts that night. Beyond it the stay would cross theirs.
    expect(day('2031-01-20')).toBeEnabled();
    expect(day('2031-01-21')).toBeDisabled();
    expect(day('2031-01-25')).toBeDisabled();
  });

  it('prices the stay once both dates are chosen: total first, then nights, cleaning fee and taxes', async () => {
    const quote = createQuote({ checkIn: '2031-02-03', checkOut: '2031-02-06', nightly: 450, cleaningFee: 250 });
    const fetchMock = stub(() => json(quote));
    const { user, router } = await renderPanel();

    expect(screen.getByText('Add your dates for the total price.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reserve' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /next month/i }));
    await user.click(day('2031-02-03'));
    expect(screen.getByText('Add your check-out date for the total price.')).toBeInTheDocument();
    await user.click(day('2031-02-06'));

    // 3 x $450 + $250 = $1,600.00, taxed 12.27% = $196.32.
    expect(await screen.findByTestId('quote-total')).toHaveTextContent('$1,796.32 total');
    expect(screen.getByText('Cleaning fee').nextElementSibling).toHaveTextContent('$250.00');
    expect(screen.getByText(/Taxes/)).toHaveTextContent('Taxes (Summit County lodging tax)');
    expect(screen.getByText(/Taxes/).nextElementSibling).toHaveTextContent('$196.32');
    const nightly = screen.getByText('Price of each night').closest('details');
    expect(nightly).not.toHaveAttribute('open');
    await user.click(screen.getByText('Price of each night'));
    expect(within(nightly!).getAllByRole('listitem')).toHaveLength(3);

    expect(quoteBodies(fetchMock)).toEqual([
      {
        checkin_date: '2031-02-03',
        checkout_date: '2031-02-06',
        guests: { adults: 2, children: 0, infants: 0, pets: 0 },
      },
    ]);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      checkin: '2031-02-03',
      checkout: '2031-02-06',
      adults: '2',
    });
    // Picking dates rewrites the URL in place: Back still leaves the page.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the minimum stay of the chosen check-in and stops a shorter stay without asking the server', async () => {
    const calendar = createCalendar({
      minStay: { default: 2, ranges: [{ start: '2031-01-15', end: '2031-02-01', minStay: 3 }] },
    });
    const fetchMock = stub(() => json(createQuote()), calendar);
    const { user } = await renderPanel();

    await user.click(day('2031-01-12'));
    expect(screen.getByText('2-night minimum')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    await user.click(day('2031-01-16'));
    expect(screen.getByText('3-night minimum')).toBeInTheDocument();
    await user.click(day('2031-01-17'));

    expect(screen.getByRole('alert')).toHaveTextContent('This home has a minimum stay of 3 nights for these dates.');
    expect(screen.getByRole('button', { name: 'Reserve' })).toBeDisabled();
    expect(quoteBodies(fetchMock)).toEqual([]);
  });

  it("shows the server's reason in place when it refuses the stay, and a general message for other failures", async () => {
    let answer = () => json({ message: 'Some of these dates are not available.' }, { status: 422 });
    stub(() => answer());
    const { user } = await renderPanel(home, '?checkin=2031-01-12&checkout=2031-01-15');

    expect(await screen.findByRole('alert')).toHaveTextContent('Some of these dates are not available.');
    expect(screen.getByRole('button', { name: 'Reserve' })).toBeDisabled();
    // The message takes its own height, not a whole quote's (a blank gap above Reserve on a phone).
    expect(screen.getByRole('alert').parentElement).not.toHaveClass('booking-panel__price--quote');

    answer = () => json({ message: 'Database unavailable' }, { status: 503 });
    await user.click(screen.getByRole('button', { name: 'Add an adult' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to get quote$/);
  });

  it('starts from the stay in the URL, and keeps guests in the URL as they change', async () => {
    const fetchMock = stub(() => json(createQuote({ checkIn: '2031-03-02', checkOut: '2031-03-07' })));
    const { user, router } = await renderPanel(
      createPropertyDetails({ ...home, petsAllowed: true }),
      '?checkIn=2031-03-02&checkOut=2031-03-07&adults=3&children=1&pets=1&utm_source=mail',
    );

    expect(await screen.findByTestId('quote-total')).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'March 2031' })).toBeInTheDocument();
    expect(screen.getByText('Check-in').nextElementSibling).toHaveTextContent('Sun, Mar 2, 2031');
    expect(screen.getByText('Check-out').nextElementSibling).toHaveTextContent('Fri, Mar 7, 2031');
    expect(within(screen.getByRole('group', { name: 'Adults' })).getByRole('status')).toHaveTextContent('3');
    expect(within(screen.getByRole('group', { name: 'Pets' })).getByRole('status')).toHaveTextContent('1');

    await user.click(screen.getByRole('button', { name: 'Add an infant' }));
    await waitFor(() => expect(quoteBodies(fetchMock)).toHaveLength(2));
    expect(quoteBodies(fetchMock)[1]).toEqual({
      checkin_date: '2031-03-02',
      checkout_date: '2031-03-07',
      guests: { adults: 3, children: 1, infants: 1, pets: 1 },
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      checkin: '2031-03-02',
      checkout: '2031-03-07',
      adults: '3',
      children: '1',
      infants: '1',
      pets: '1',
      utm_source: 'mail',
    });
  });

  it('drops dates from the URL whose check-in has passed where the home is, and starts the stay again from the calendar', async () => {
    const today = todayIn(home.timeZone);
    const fetchMock = stub(() => json(createQuote()), createCalendar({ propertyId: home.id, today }));
    const yesterday = addDays(today, -1);
    const { user, router } = await renderPanel(home, `?checkin=${yesterday}&checkout=${addDays(today, 3)}&adults=3`);

    expect(screen.getByText('Check-in').nextElementSibling).toHaveTextContent('Add date');
    expect(screen.getByText('Check-out').nextElementSibling).toHaveTextContent('Add date');
    expect(screen.getByText('Add your dates for the total price.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear dates' })).not.toBeInTheDocument();
    expect(day(yesterday)).toBeDisabled();
    // A new check-in replaces the passed dates; the party stays.
    await user.click(day(addDays(today, 5)));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      checkin: addDays(today, 5),
      adults: '3',
    });
    expect(quoteBodies(fetchMock)).toEqual([]);
  });

  it('offers pets only where allowed and no more guests than the home sleeps', async () => {
    stub(() => json(createQuote()));
    const { user } = await renderPanel(createPropertyDetails({ ...home, maxGuests: 3, petsAllowed: false }), '?pets=2');

    expect(screen.queryByRole('group', { name: 'Pets' })).not.toBeInTheDocument();
    expect(screen.getByText(/Pets are not allowed at this home\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove an adult' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Add a child' }));
    // 2 adults + 1 child fill the home; infants do not count.
    expect(screen.getByRole('button', { name: 'Add an adult' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add a child' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add an infant' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove an adult' }));
    expect(screen.getByRole('button', { name: 'Remove an adult' })).toBeDisabled();
  });

  it('keeps Reserve disabled until the quote is in, then starts the reservation with the stay and its price', async () => {
    let release: () => void = () => {};
    const quote = createQuote({ checkIn: '2031-01-12', checkOut: '2031-01-15' });
    stub(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(quote));
        }),
    );
    const { user, router } = await renderPanel(home, '?checkin=2031-01-12&checkout=2031-01-15&adults=2');

    expect(await screen.findByText('Getting your price…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reserve' })).toBeDisabled();
    release();
    await screen.findByTestId('quote-total');
    await user.click(screen.getByRole('button', { name: 'Reserve' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/reservation'));
    const state = router.state.location.state as ReservationStartState;
    expect(state).toEqual({
      home: {
        id: home.id,
        slug: 'summit-estate',
        name: 'Summit Estate',
        pictureUrl: home.pictureUrl,
        city: 'Breckenridge',
        state: 'CO',
        maxGuests: 6,
        petsAllowed: false,
        // What step 2 asks (over 25) and says (the deposit), and whose calendar dates the payment plan counts in.
        timeZone: 'America/Denver',
        ageRestricted: true,
        depositAmount: 500,
      },
      stay: { checkIn: '2031-01-12', checkOut: '2031-01-15', guests: { adults: 2, children: 0, infants: 0, pets: 0 } },
      quote,
    } satisfies ReservationStartState);
  });

  it('makes every day a plain form submission too, for a tap before the page code runs, with the rest of the stay kept', async () => {
    stub(() => json(createQuote()), createCalendar({ today: '2031-01-10', unavailable: [] }));
    const { user, router } = await renderPanel(home, '?adults=3&utm_source=mail');

    expect(submittedAddress(day('2031-01-12'))).toBe(
      '/property/summit-estate?utm_source=mail&adults=3&checkin=2031-01-12#booking',
    );

    // The app handles the click itself: the address changes without the form being sent.
    await user.click(day('2031-01-12'));
    expect(router.state.location.search).toBe('?utm_source=mail&checkin=2031-01-12&adults=3');
    // A later day now completes the stay; an earlier one starts over.
    expect(submittedAddress(day('2031-01-16'))).toBe(
      '/property/summit-estate?utm_source=mail&adults=3&checkin=2031-01-12&checkout=2031-01-16#booking',
    );
    expect(submittedAddress(day('2031-01-11'))).toBe(
      '/property/summit-estate?utm_source=mail&adults=3&checkin=2031-01-11#booking',
    );
    // Clear dates sends the stay without its dates.
    expect(submittedAddress(screen.getByRole('button', { name: 'Clear dates' }))).toBe(
      '/property/summit-estate?utm_source=mail&adults=3#booking',
    );
  });

  it('still lets the guest pick dates when the calendar cannot be loaded', async () => {
    const fetchMock = stubFetch({
      [calendarPath]: () => json({ message: 'Database unavailable' }, { status: 503 }),
      [quotePath]: () => json(createQuote()),
    });
    const router = createMemoryRouter([{ path: '/property/:slug', element: <BookingArea property={home} /> }], {
      initialEntries: ['/property/summit-estate'],
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { ...queryConfig.queries, retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    scrollNear(screen.getByText('Loading the booking calendar…'));

    expect(await screen.findByText(/We could not load which nights are taken/)).toBeInTheDocument();
    expect(screen.getAllByRole('grid')).toHaveLength(2);
    // Without the calendar's today, the home's own clock says which days are past.
    const today = todayIn(home.timeZone);
    await userEvent.click(day(addDays(today, 3)));
    await userEvent.click(day(addDays(today, 6)));
    expect(await screen.findByTestId('quote-total')).toBeInTheDocument();
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).toEqual([
      `/api/properties/${home.id}/calendar`,
      `/api/properties/${home.id}/quote`,
    ]);
  });
});
