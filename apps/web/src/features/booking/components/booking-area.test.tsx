import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trustedOrigins } from '@sas/domain';
import { createPropertyDetails } from '@/testing/data-generators';
import { scrollNear } from '@/testing/intersection-observer';
import { stubFetch } from '@/testing/mock-fetch';
import { renderSection } from '@/testing/render-section';
import { BookingArea } from './booking-area';

const trustedFrame = `${trustedOrigins('bookingFrame')[0]}/widget/alpine-42`;
const stay = 'checkin=2031-01-02&checkout=2031-01-06&adults=2&children=1&infants=0&pets=1';

function frame(): HTMLIFrameElement {
  return screen.getByTitle(/^Booking calendar for /);
}

describe('Booking area', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('embeds a frame from a trusted host, 650px high and lazy', () => {
    renderSection(
      <BookingArea property={createPropertyDetails({ public_name: 'Bear Den', bookingWidgetUrl: trustedFrame })} />,
    );
    expect(frame()).toHaveAttribute('src', trustedFrame);
    expect(frame()).toHaveAttribute('title', 'Booking calendar for Bear Den');
    expect(frame()).toHaveAttribute('height', '650');
    expect(frame()).toHaveAttribute('loading', 'lazy');
    // Third-party code: it may not navigate the page away unless the visitor asks.
    expect(frame().getAttribute('sandbox')).not.toMatch(/allow-top-navigation(?!-by-user-activation)/);
  });

  it('reduces an iframe embed code to its trusted src', () => {
    const snippet = `<iframe src="${trustedFrame}" width="100%" height="650"></iframe>`;
    renderSection(<BookingArea property={createPropertyDetails({ bookingWidgetUrl: snippet })} />);
    expect(frame()).toHaveAttribute('src', trustedFrame);
  });

  it.each([
    ['no URL', null],
    ['an untrusted host', 'https://booking.example.net/widget/alpine-42'],
    ['a look-alike host', `${trustedFrame.replace('https://', 'https://evil.')}`],
    ['a script URL', 'javascript:alert(1)'],
    ['an embed code from an untrusted host', '<iframe src="https://evil.example/frame"></iframe>'],
  ])('offers our own booking panel instead of a frame for %s', async (_case, bookingWidgetUrl) => {
    stubFetch({});
    renderSection(<BookingArea property={createPropertyDetails({ bookingWidgetUrl })} />);
    expect(screen.queryByTitle(/^Booking calendar/)).not.toBeInTheDocument();
    // The panel and its requests wait until the visitor comes near it.
    expect(screen.getByText('Loading the booking calendar…')).toBeInTheDocument();

    scrollNear(screen.getByText('Loading the booking calendar…'));
    expect(await screen.findByRole('button', { name: 'Reserve' })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Adults' })).toBeInTheDocument();
  });

  it("hands the page's stay values to the frame 2 s after it loads", () => {
    vi.useFakeTimers();
    renderSection(<BookingArea property={createPropertyDetails({ bookingWidgetUrl: trustedFrame })} />, {
      url: `/property/bear-den?${stay}&utm_source=newsletter`,
    });

    // Nothing happens before the frame has loaded, however long that takes.
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(frame()).toHaveAttribute('src', trustedFrame);

    fireEvent.load(frame());
    act(() => {
      vi.advanceTimersByTime(1_999);
    });
    expect(frame()).toHaveAttribute('src', trustedFrame);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    const src = new URL(frame().src);
    expect(`${src.origin}${src.pathname}`).toBe(trustedFrame);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      checkin: '2031-01-02',
      checkout: '2031-01-06',
      adults: '2',
      children: '1',
      infants: '0',
      pets: '1',
    });
  });

  it('leaves out stay values the page does not have', () => {
    vi.useFakeTimers();
    renderSection(<BookingArea property={createPropertyDetails({ bookingWidgetUrl: trustedFrame })} />, {
      url: '/property/bear-den?checkin=2031-01-02&checkout=2031-01-06',
    });
    fireEvent.load(frame());
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(Object.fromEntries(new URL(frame().src).searchParams)).toEqual({
      checkin: '2031-01-02',
      checkout: '2031-01-06',
    });
  });

  it('offers the phone number as a link', () => {
    renderSection(<BookingArea property={createPropertyDetails()} />);
    expect(screen.getByRole('link', { name: '(970) 555-0142' })).toHaveAttribute('href', 'tel:+19705550142');
  });
});
