import { fireEvent } from '@testing-library/react';

/**
 * One finger down on `element`, moved `dx` pixels sideways (negative: to the
 * left) and lifted, as a phone reports it.
 */
export function swipe(element: Element, dx: number, dy = 0): void {
  const from = { clientX: 400, clientY: 300 };
  const to = { clientX: from.clientX + dx, clientY: from.clientY + dy };
  fireEvent.touchStart(element, { touches: [from], changedTouches: [from] });
  fireEvent.touchMove(element, { touches: [to], changedTouches: [to] });
  fireEvent.touchEnd(element, { touches: [], changedTouches: [to] });
}
