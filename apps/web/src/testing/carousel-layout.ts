import { vi } from 'vitest';

/**
 * jsdom lays nothing out, so Embla would measure every slide as 0px wide and
 * find a single page. This gives the carousel track and its pages the sizes a
 * browser would: pages side by side, each as wide as the viewport.
 */
export function layOutCarouselPages(pageWidth = 1000): void {
  const pageIndex = (element: HTMLElement) =>
    element.parentElement ? Array.prototype.indexOf.call(element.parentElement.children, element) : 0;

  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('paged-carousel__track') || this.classList.contains('paged-carousel__page')
      ? pageWidth
      : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('paged-carousel__page') ? pageIndex(this) * pageWidth : 0;
  });
}
