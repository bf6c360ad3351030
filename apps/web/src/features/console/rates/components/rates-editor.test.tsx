import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminRates, QuoteResponse } from '@sas/domain';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderSection } from '@/testing/render-section';
import { RatesEditor } from './rates-editor';

const homeId = '3f0c6f7e-8a4b-4c1d-9e2f-5a6b7c8d9e01';
const ratesPath = `/api/admin/properties/${homeId}/rates`;

const rates: AdminRates = {
  baseNightly: 300,
  weekendNightly: 400,
  cleaningFee: 150,
  minStay: 2,
  taxRate: 12.27,
  taxName: 'Breckenridge lodging tax',
  seasons: [
    { name: 'Ski season', from: '2031-12-15', to: '2032-04-01', nightly: 550, weekendNightly: 650, minStay: 4 },
  ],
};

const quote: QuoteResponse = {
  checkin_date: '2031-06-05',
  checkout_date: '2031-06-07',
  nights: 2,
  nightly: [
    { date: '2031-06-05', price: 320, season: null, weekend: false },
    { date: '2031-06-06', price: 400, season: null, weekend: true },
  ],
  basePrice: 720,
  fees: 150,
  taxes: 106.75,
  taxLines: [],
  total: 976.75,
  currency: 'usd',
  discounts: [],
  financials: {
    min_stay: 2,
    cleaning_fee: 150,
    tax_rate: 12.27,
    tax_name: 'Breckenridge lodging tax',
    average_nightly: 360,
  },
};

function sentBody(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string): unknown {
  const urls = requestedUrls(fetchMock);
  const call = fetchMock.mock.calls.find(([, init], i) => init?.method === method && urls[i]?.pathname === path);
  return call ? (JSON.parse(call[1]?.body as string) as unknown) : undefined;
}

describe('editing rates', () => {
  it('previews a quote with the rates as typed, before they are saved', async () => {
    const fetchMock = stubFetch({
      [`GET ${ratesPath}`]: () => json(rates),
      [`POST ${ratesPath}/preview`]: () => json(quote),
    });
    const { user } = renderSection(<RatesEditor homeId={homeId} />);

    const base = await screen.findByLabelText('Base nightly ($)');
    await user.clear(base);
    await user.type(base, '320');
    await user.type(screen.getByLabelText('Check-in'), '2031-06-05');
    await user.type(screen.getByLabelText('Check-out'), '2031-06-07');
    await user.click(screen.getByRole('button', { name: 'Preview quote' }));

    const table = await screen.findByRole('table', { name: /2 nights/ });
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent('$976.75');
    expect(within(table).getByRole('row', { name: /Breckenridge lodging tax \(12.27%\)/ })).toHaveTextContent(
      '$106.75',
    );
    expect(sentBody(fetchMock, 'POST', `${ratesPath}/preview`)).toEqual({
      rates: { ...rates, baseNightly: 320 },
      checkIn: '2031-06-05',
      checkOut: '2031-06-07',
      adults: 2,
      children: 0,
    });
    // Nothing was saved.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it("shows the server's message for a stay it cannot price", async () => {
    stubFetch({
      [`GET ${ratesPath}`]: () => json(rates),
      [`POST ${ratesPath}/preview`]: () =>
        json({ message: 'This stay is shorter than the minimum of 4 nights' }, { status: 422 }),
    });
    const { user } = renderSection(<RatesEditor homeId={homeId} />);
    await user.type(await screen.findByLabelText('Check-in'), '2031-12-20');
    await user.type(screen.getByLabelText('Check-out'), '2031-12-22');
    await user.click(screen.getByRole('button', { name: 'Preview quote' }));

    expect(await screen.findByText('No quote: This stay is shorter than the minimum of 4 nights')).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('saves the rates with a new season and shows why the server refused them', async () => {
    let answer: Response = json(
      { message: 'Seasons "Ski season" and "Holidays" overlap: a night can be in one season only' },
      { status: 422 },
    );
    const fetchMock = stubFetch({ [`GET ${ratesPath}`]: () => json(rates), [`PUT ${ratesPath}`]: () => answer });
    const { user } = renderSection(<RatesEditor homeId={homeId} />);

    await user.click(await screen.findByRole('button', { name: 'Add a season' }));
    // The new row's name takes the focus.
    await user.keyboard('Holidays');
    await user.type(screen.getByLabelText('Season 2 from (first night)'), '2031-12-20');
    await user.type(screen.getByLabelText('Season 2 to (check-out day)'), '2032-01-02');
    await user.type(screen.getByLabelText('Season 2 nightly ($)'), '700');
    await user.type(screen.getByLabelText('Season 2 weekend nightly ($)'), '800');
    await user.clear(screen.getByLabelText('Season 2 minimum stay (nights)'));
    await user.type(screen.getByLabelText('Season 2 minimum stay (nights)'), '5');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));

    expect(
      await screen.findByText(
        'Rates not saved: Seasons "Ski season" and "Holidays" overlap: a night can be in one season only',
      ),
    ).toHaveAttribute('role', 'alert');
    const holidays = {
      name: 'Holidays',
      from: '2031-12-20',
      to: '2032-01-02',
      nightly: 700,
      weekendNightly: 800,
      minStay: 5,
    };
    expect(sentBody(fetchMock, 'PUT', ratesPath)).toEqual({ ...rates, seasons: [...rates.seasons, holidays] });

    // Moved out of the ski season, the server takes it.
    const fixed = { ...holidays, from: '2031-11-20', to: '2031-12-02' };
    answer = json({ ...rates, seasons: [...rates.seasons, fixed] });
    const from = screen.getByLabelText('Season 2 from (first night)');
    await user.clear(from);
    await user.type(from, '2031-11-20');
    const to = screen.getByLabelText('Season 2 to (check-out day)');
    await user.clear(to);
    await user.type(to, '2031-12-02');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(await screen.findByText(/Rates saved\. New quotes use them/)).toBeInTheDocument();
  });

  it('marks an amount that is not a number and sends nothing', async () => {
    const fetchMock = stubFetch({ [`GET ${ratesPath}`]: () => json(rates) });
    const { user } = renderSection(<RatesEditor homeId={homeId} />);
    const fee = await screen.findByLabelText('Cleaning fee ($)');
    await user.clear(fee);
    await user.type(fee, 'free');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));

    expect(fee).toHaveFocus();
    expect(fee).toHaveAccessibleDescription('Enter an amount in dollars, e.g. 350 or 349.50.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('starts from an empty form for a home without rates', async () => {
    stubFetch({ [`GET ${ratesPath}`]: () => json({ message: 'This home has no rates yet' }, { status: 404 }) });
    renderSection(<RatesEditor homeId={homeId} />);
    expect(await screen.findByText(/This home has no rates yet: guests cannot get a quote\./)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Base nightly ($)')).toHaveValue(''));
    expect(screen.getByText('No seasons: every night has the regular rates.')).toBeInTheDocument();
  });
});
