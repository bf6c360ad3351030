import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkLoadTimeoutMs } from '@sas/domain';
import { ChunkLoadTimeoutError } from '@/lib/load-chunk';
import { createSessionUser } from '@/testing/auth-data';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

// Two pages whose code never arrives and fails to download, as on a bad connection
// or after a deploy removed the old chunks.
vi.mock('./routes/policies', () => new Promise<never>(() => {}));
vi.mock('./routes/concierge', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('./routes/admin/audit', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('lazy pages', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows an error with a retry button when a page has not loaded after 120 s', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    renderApp('/policies');
    await act(() => vi.advanceTimersByTimeAsync(chunkLoadTimeoutMs - 1_000));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(
      'Unhandled application error',
      expect.any(ChunkLoadTimeoutError),
      expect.any(String),
    );
  });

  it('shows an error with a retry button when a page fails to load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/concierge');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(logged).toHaveBeenCalledWith('Unhandled application error', expect.any(Error), expect.any(String));
  });
});

describe('the console’s own layout (ADR 040)', () => {
  it('keeps its bar when a console page fails to load, and clears the failure on the next navigation', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('token', 'access-1');
    stubFetch({
      'GET /api/check-session': () => json(createSessionUser({ role: 'admin', isGuest: false })),
      'GET /api/admin/dashboard': () => json({ message: 'Not in this test' }, { status: 503 }),
    });
    const view = renderApp('/admin/audit');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    // The page failed alone: the console's bar and navigation are still there.
    expect(screen.getByRole('search', { name: 'Console' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Unhandled application error', expect.any(Error), expect.any(String));

    await view.user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).queryByText('Something went wrong. Please try again.'),
    ).not.toBeInTheDocument();
  });
});
