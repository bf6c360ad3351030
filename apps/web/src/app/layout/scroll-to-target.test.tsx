import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link } from '@/components/link';
import { ScrollToTarget } from './scroll-to-target';

function LateSection() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setShown(true)}>
        Its code arrives
      </button>
      {shown && <section id="reviews">Reviews</section>}
    </>
  );
}

function RewriteDates() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/home?checkin=2030-01-01#calendar', { replace: true })}>
      Pick dates
    </button>
  );
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ScrollToTarget />
      <Link to="/home#calendar">Choose dates</Link>
      <Link to="/other">Elsewhere</Link>
      <div id="calendar">Calendar</div>
      <RewriteDates />
      <LateSection />
    </MemoryRouter>,
  );
}

describe('ScrollToTarget', () => {
  afterEach(() => vi.useRealTimers());

  it('scrolls to an in-page target every time its link is clicked, also when the address does not change', async () => {
    const user = userEvent.setup();
    renderAt('/home');
    const calendar = screen.getByText('Calendar');
    await user.click(screen.getByRole('link', { name: 'Choose dates' }));
    await user.click(screen.getByRole('link', { name: 'Choose dates' }));
    await user.click(screen.getByRole('link', { name: 'Choose dates' }));
    expect(calendar.scrollIntoView).toHaveBeenCalledTimes(3);
  });

  it('leaves the first load to the browser, and scrolls to the top on a new page', async () => {
    const user = userEvent.setup();
    renderAt('/home');
    expect(window.scrollTo).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });

  it('stays where the visitor is when the page rewrites its own address in place', async () => {
    const user = userEvent.setup();
    renderAt('/home#calendar');
    const calendar = screen.getByText('Calendar');
    expect(calendar.scrollIntoView).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Pick dates' }));
    expect(calendar.scrollIntoView).toHaveBeenCalledTimes(1);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('waits for a deep link’s section as long as its code may take, then scrolls to it', async () => {
    vi.useFakeTimers();
    renderAt('/home#reviews');
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    fireEvent.click(screen.getByRole('button', { name: 'Its code arrives' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Reviews').scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('leaves the scroll to the visitor once they scroll themselves', async () => {
    renderAt('/home#reviews');
    fireEvent.wheel(window);
    fireEvent.click(screen.getByRole('button', { name: 'Its code arrives' }));
    await act(() => Promise.resolve());
    expect(screen.getByText('Reviews').scrollIntoView).not.toHaveBeenCalled();
  });
});
