import type { ReactNode } from 'react';
import { pageCount, pageSlice } from '@sas/domain';
import { useEmblaAfterPaint } from '@/hooks/use-embla-after-paint';
import { useSelectedSlide } from '@/hooks/use-selected-slide';
import { useSwipePaging } from '@/hooks/use-swipe';
import { prefersReducedMotion } from '@/utils/motion';
import { ChevronIcon } from './chevron-icon';
import './paged-carousel.css';

interface PagedCarouselProps<T> {
  items: readonly T[];
  perPage: number;
  /** Names the carousel region, e.g. 'Resort Collection homes'. */
  label: string;
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Extra class on the root, for a caller's own page layout (e.g. three per row). */
  className?: string;
  /** Names of the paging buttons; say what is paged when several carousels share a page. */
  previousLabel?: string;
  nextLabel?: string;
}

/**
 * Items grouped into pages of `perPage`, one Embla slide per page, looping so
 * that "next" on the last page returns to the first and "previous" on the
 * first goes to the last. On touch a swipe of 50px or more turns the page
 * (useSwipePaging). Only the current page is exposed to assistive technology
 * and the keyboard; the rest are inert until scrolled to.
 */
export function PagedCarousel<T>({
  items,
  perPage,
  label,
  getKey,
  renderItem,
  className,
  previousLabel = 'Previous page',
  nextLabel = 'Next page',
}: PagedCarouselProps<T>) {
  const [viewportRef, embla] = useEmblaAfterPaint({ loop: true, align: 'start' });
  const swipe = useSwipePaging(embla);
  const pages = Array.from({ length: pageCount(items.length, perPage) }, (_, page) => pageSlice(items, page, perPage));

  const selected = useSelectedSlide(embla);

  // Reduced motion: jump straight to the page instead of sliding.
  const previous = () => embla?.scrollPrev(prefersReducedMotion());
  const next = () => embla?.scrollNext(prefersReducedMotion());

  return (
    <div
      className={className === undefined ? 'paged-carousel' : `paged-carousel ${className}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid="paged-carousel"
    >
      <div className="paged-carousel__viewport" ref={viewportRef} {...swipe}>
        <div className="paged-carousel__track">
          {pages.map((page, pageIndex) => {
            const hidden = pageIndex !== selected;
            return (
              <div
                key={pageIndex}
                className="paged-carousel__page"
                role="group"
                aria-roledescription="slide"
                aria-label={`Page ${pageIndex + 1} of ${pages.length}`}
                aria-hidden={hidden}
                inert={hidden}
              >
                <ul className="paged-carousel__grid">
                  {page.map((item, itemIndex) => (
                    <li key={getKey(item)} className="paged-carousel__item">
                      {renderItem(item, pageIndex * perPage + itemIndex)}
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      </div>
      {pages.length > 1 && (
        <div className="paged-carousel__controls">
          <button type="button" className="icon-button" onClick={previous} aria-label={previousLabel}>
            <ChevronIcon direction="previous" />
          </button>
          <p className="paged-carousel__status" aria-live="polite">
            Page {selected + 1} of {pages.length}
          </p>
          <button type="button" className="icon-button" onClick={next} aria-label={nextLabel}>
            <ChevronIcon direction="next" />
          </button>
        </div>
      )}
    </div>
  );
}
