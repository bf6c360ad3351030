import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Slideshow } from './slideshow';

interface Item {
  id: string;
  title: string;
}

const items: Item[] = [
  { id: 'a', title: 'Sunrise' },
  { id: 'b', title: 'Main Street' },
  { id: 'c', title: 'Lakeshore' },
];

/** jsdom lays nothing out: give the track and slides a browser's sizes, slides side by side. */
function layOutSlides(width = 800) {
  const indexOf = (element: HTMLElement) =>
    element.parentElement ? Array.prototype.indexOf.call(element.parentElement.children, element) : 0;
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('slideshow__viewport') ||
      this.classList.contains('slideshow__track') ||
      this.classList.contains('slideshow__slide')
      ? width
      : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('slideshow__slide') ? indexOf(this) * width : 0;
  });
}

function preferReducedMotion() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) =>
      Object.assign(new EventTarget(), {
        matches: query.includes('prefers-reduced-motion'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
      }),
    ),
  );
}

function renderSlideshow({ thumbnails = false } = {}) {
  layOutSlides();
  render(
    <Slideshow
      items={items}
      label="Our town"
      getKey={(item) => item.id}
      getTitle={(item) => item.title}
      renderSlide={(item) => <p>{item.title} photo</p>}
      renderThumbnail={thumbnails ? (item) => <span>{item.title} thumbnail</span> : undefined}
    />,
  );
}

/** The one slide a screen reader or keyboard user can reach. */
function currentSlide(): string {
  const slides = within(screen.getByRole('region', { name: 'Our town' })).getAllByRole('group');
  const [slide, ...others] = slides;
  expect(others).toEqual([]);
  return slide?.getAttribute('aria-label') ?? '';
}

/** Lets `ms` of fake time pass, and React catch up with what the carousel did meanwhile. */
function elapse(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('slideshow', () => {
  it('is a labelled carousel of slides showing which one is current', () => {
    renderSlideshow();
    const region = screen.getByRole('region', { name: 'Our town' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(within(region).getByRole('group')).toHaveAttribute('aria-roledescription', 'slide');
    expect(currentSlide()).toBe('1 of 3: Sunrise');
    expect(screen.getByText('Slide 1 of 3')).toBeVisible();
  });

  it('moves with Next and Previous, wrapping around, by keyboard', async () => {
    renderSlideshow();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Previous slide' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(currentSlide()).toBe('3 of 3: Lakeshore');
    await user.tab();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(currentSlide()).toBe('2 of 3: Main Street');
    expect(screen.getByText('Slide 2 of 3')).toBeInTheDocument();
  });

  it('jumps to a slide from its thumbnail and marks the current thumbnail', async () => {
    renderSlideshow({ thumbnails: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show slide 3: Lakeshore' }));
    expect(currentSlide()).toBe('3 of 3: Lakeshore');
    expect(screen.getByRole('button', { name: 'Show slide 3: Lakeshore' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show slide 1: Sunrise' })).not.toHaveAttribute('aria-current');
  });

  it('advances every 5 seconds by itself', () => {
    vi.useFakeTimers();
    renderSlideshow();
    elapse(4_900);
    expect(currentSlide()).toBe('1 of 3: Sunrise');
    elapse(200);
    expect(currentSlide()).toBe('2 of 3: Main Street');
    elapse(5_000);
    expect(currentSlide()).toBe('3 of 3: Lakeshore');
  });

  it('pauses while pointed at or focused, and resumes after', () => {
    vi.useFakeTimers();
    renderSlideshow();
    const region = screen.getByRole('region', { name: 'Our town' });

    fireEvent.mouseEnter(region);
    elapse(12_000);
    expect(currentSlide()).toBe('1 of 3: Sunrise');
    fireEvent.mouseLeave(region);
    elapse(5_000);
    expect(currentSlide()).toBe('2 of 3: Main Street');

    act(() => {
      screen.getByRole('button', { name: 'Next slide' }).focus();
    });
    elapse(12_000);
    expect(currentSlide()).toBe('2 of 3: Main Street');
    act(() => {
      screen.getByRole('button', { name: 'Next slide' }).blur();
    });
    elapse(5_000);
    expect(currentSlide()).toBe('3 of 3: Lakeshore');
  });

  it('stays put after Pause until Play', () => {
    vi.useFakeTimers();
    renderSlideshow();
    const pause = screen.getByRole('button', { name: 'Pause slideshow' });
    fireEvent.click(pause);
    elapse(12_000);
    expect(currentSlide()).toBe('1 of 3: Sunrise');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    elapse(5_000);
    expect(currentSlide()).toBe('2 of 3: Main Street');
  });

  it('never advances by itself for a visitor who prefers reduced motion', () => {
    preferReducedMotion();
    vi.useFakeTimers();
    renderSlideshow();
    elapse(30_000);
    expect(currentSlide()).toBe('1 of 3: Sunrise');
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).not.toBeInTheDocument();
    // The buttons still work, jumping without animation.
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentSlide()).toBe('2 of 3: Main Street');
  });
});
