import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkLoadTimeoutMs } from '@sas/domain';
import { lazyLayoutPart, lazyPart, PartBoundary } from './lazy-part';

function Reviews() {
  return <p>Five stars</p>;
}

function renderPart(load: () => Promise<typeof Reviews>) {
  const Part = lazyPart(load);
  return render(
    <main>
      <h1>The home</h1>
      <PartBoundary label="the reviews">
        <Suspense fallback={<p>Loading reviews…</p>}>
          <Part />
        </Suspense>
      </PartBoundary>
    </main>,
  );
}

describe('lazyPart and PartBoundary', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a small Retry in the part’s place when its code fails, and loads it again on Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof Reviews>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(Reviews);
    renderPart(load);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, the reviews did not load.');
    // The rest of the page is still there.
    expect(screen.getByRole('heading', { name: 'The home' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Five stars')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up on a download that takes over 120 s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    renderPart(() => new Promise<never>(() => {}));
    await act(() => vi.advanceTimersByTimeAsync(chunkLoadTimeoutMs - 1));
    expect(screen.getByText('Loading reviews…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert')).toHaveTextContent('Sorry, the reviews did not load.');
  });
});

describe('lazyLayoutPart', () => {
  function renderLayout(load: () => Promise<typeof Reviews>) {
    const Footer = lazyLayoutPart(load);
    return render(
      <>
        <main>
          <h1>The home</h1>
        </main>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </>,
    );
  }

  it('draws the part once its code is there', async () => {
    renderLayout(() => Promise.resolve(Reviews));
    expect(await screen.findByText('Five stars')).toBeInTheDocument();
  });

  it('draws nothing in the part’s place when its code fails, and leaves the page working', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderLayout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await vi.waitFor(() =>
      expect(logged).toHaveBeenCalledWith('A part of the layout failed to load', expect.any(TypeError)),
    );
    expect(screen.getByRole('heading', { name: 'The home' })).toBeInTheDocument();
    expect(screen.queryByText('Five stars')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
