import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

describe('/null', () => {
  it('forwards a stay to /search with the six values it has, replacing itself', async () => {
    stubFetch({ 'GET /api/search/availability': () => json([]) });
    const { history } = renderApp('/null?checkin=2031-02-03&checkout=2031-02-06&adults=2&children=1&pets=1&utm=x');

    await waitFor(() => expect(history.location.pathname).toBe('/search'));
    expect(Object.fromEntries(new URLSearchParams(history.location.search))).toEqual({
      checkin: '2031-02-03',
      checkout: '2031-02-06',
      adults: '2',
      children: '1',
      pets: '1',
    });
    expect(history.action).toBe('REPLACE');
  });

  it.each([
    ['no stay', '/null'],
    ['no check-out', '/null?checkin=2031-02-03&adults=2'],
    ['a blank check-in', '/null?checkin=&checkout=2031-02-06'],
  ])('goes to the home page with %s', async (_case, url) => {
    stubFetch({});
    const { history } = renderApp(url);

    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(history.location.search).toBe('');
    expect(history.action).toBe('REPLACE');
  });
});
