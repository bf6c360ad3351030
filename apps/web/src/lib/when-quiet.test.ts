import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenQuiet } from './when-quiet';

describe('whenQuiet', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once the wait has passed with nothing touched', () => {
    const run = vi.fn();
    whenQuiet(new EventTarget(), 300, run);
    vi.advanceTimersByTime(299);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits again from each touch, click or key press, and runs only once', () => {
    const target = new EventTarget();
    const run = vi.fn();
    whenQuiet(target, 300, run);
    vi.advanceTimersByTime(200);
    target.dispatchEvent(new Event('touchstart'));
    vi.advanceTimersByTime(200);
    target.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(200);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(299);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    // Once started, later touches change nothing.
    target.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('is not held back by what the page does by itself, such as scrolling', () => {
    const target = new EventTarget();
    const run = vi.fn();
    whenQuiet(target, 300, run);
    vi.advanceTimersByTime(200);
    target.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
