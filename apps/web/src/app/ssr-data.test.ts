import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keepQueriesDrawnWith } from './ssr-data';

describe('keepQueriesDrawnWith', () => {
  it('keeps what the browser fetched that the HTML was drawn with, and drops the rest', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Fetched here as on the server.
    await queryClient.prefetchQuery({ queryKey: ['property', 'alpine'], queryFn: () => ({ name: 'Alpine' }) });
    // Failed on the server, so the HTML shows it loading; fetched here.
    await queryClient.prefetchQuery({ queryKey: ['property-calendar', 'h1'], queryFn: () => ({ unavailable: [] }) });
    // Failed here.
    await queryClient.prefetchQuery({
      queryKey: ['quote', 'h1'],
      queryFn: () => Promise.reject(new Error('offline')),
    });
    const drawnWith = [JSON.stringify(['property', 'alpine']), JSON.stringify(['quote', 'h1'])];

    keepQueriesDrawnWith(queryClient, drawnWith);

    expect(queryClient.getQueryData(['property', 'alpine'])).toEqual({ name: 'Alpine' });
    expect(queryClient.getQueryCache().find({ queryKey: ['property-calendar', 'h1'] })).toBeUndefined();
    expect(queryClient.getQueryCache().find({ queryKey: ['quote', 'h1'] })).toBeUndefined();
  });
});
