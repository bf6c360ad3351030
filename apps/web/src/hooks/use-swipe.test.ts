import { describe, expect, it } from 'vitest';
import { swipeThresholdPx } from '@sas/domain';
import { swipeDirection } from './use-swipe';

describe('swipeDirection', () => {
  it('counts a sideways movement of 50px or more as a swipe, and nothing shorter', () => {
    expect(swipeThresholdPx).toBe(50);
    expect(swipeDirection(-49, 0)).toBeNull();
    expect(swipeDirection(49, 0)).toBeNull();
    expect(swipeDirection(-50, 0)).toBe('left');
    expect(swipeDirection(50, 0)).toBe('right');
  });

  it('leaves a mostly vertical movement to scrolling', () => {
    expect(swipeDirection(-60, 80)).toBeNull();
    expect(swipeDirection(60, -40)).toBe('right');
  });
});
