import { useCallback, useEffect } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import type { Photo } from '@sas/domain';
import { ChevronIcon } from '@/components/chevron-icon';
import { Modal } from '@/components/modal';
import { ResponsivePhoto } from '@/components/responsive-photo';
import { useSelectedSlide } from '@/hooks/use-selected-slide';
import { useSwipePaging } from '@/hooks/use-swipe';
import { prefersReducedMotion } from '@/utils/motion';
import './full-gallery.css';

interface FullGalleryProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  photos: readonly Photo[];
  /** The photo shown first: the thumbnail that was clicked, or the first one. */
  startIndex: number;
  /** Names the home in the dialog title. */
  homeName: string;
}

/** Photos next to the one on screen load at once, so a swipe never shows an empty frame. */
function isNear(index: number, selected: number, count: number): boolean {
  const distance = Math.abs(index - selected);
  return Math.min(distance, count - distance) <= 1;
}

function GalleryCarousel({ photos, startIndex }: { photos: readonly Photo[]; startIndex: number }) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, startIndex });
  // SPEC.md section 9: on touch, 50px or more turns the photo, less does not.
  const swipe = useSwipePaging(embla);

  const selected = useSelectedSlide(embla, startIndex);

  // Reduced motion: jump straight to the photo instead of sliding.
  const previous = useCallback(() => embla?.scrollPrev(prefersReducedMotion()), [embla]);
  const next = useCallback(() => embla?.scrollNext(prefersReducedMotion()), [embla]);

  // Arrow keys work wherever focus is inside the dialog (it starts on Back,
  // outside the carousel); the dialog traps focus, so nothing else sees them.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft') previous();
      else if (event.key === 'ArrowRight') next();
      else return;
      event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [previous, next]);

  const count = photos.length;
  return (
    <div className="full-gallery" role="region" aria-roledescription="carousel" aria-label="All photos">
      <div className="full-gallery__viewport" ref={viewportRef} {...swipe}>
        <div className="full-gallery__track">
          {photos.map((photo, index) => {
            const hidden = index !== selected;
            return (
              <div
                key={photo.key}
                className="full-gallery__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
                aria-hidden={hidden}
                inert={hidden}
              >
                <ResponsivePhoto
                  photo={photo}
                  className="full-gallery__photo"
                  sizes="100vw"
                  eager={isNear(index, selected, count)}
                />
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className="full-gallery__controls">
          <button type="button" className="icon-button" onClick={previous} aria-label="Previous photo">
            <ChevronIcon direction="previous" />
          </button>
          <p className="full-gallery__counter" aria-live="polite" data-testid="gallery-counter">
            {selected + 1} / {count}
          </p>
          <button type="button" className="icon-button" onClick={next} aria-label="Next photo">
            <ChevronIcon direction="next" />
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Every photo of the home, one at a time, over the whole screen: previous and
 * next buttons, arrow keys, swipe (useSwipePaging) and mouse drag (Embla). Loaded on first
 * use, so the property page does not download the carousel for visitors who
 * never open it. 'Back' closes it and focus returns to the opener.
 */
export function FullGallery({ open, onOpenChange, photos, startIndex, homeName }: FullGalleryProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={`Photos of ${homeName}`} variant="full" closeLabel="Back">
      {/* Inside the dialog content, so every opening starts a fresh carousel at startIndex. */}
      <GalleryCarousel photos={photos} startIndex={startIndex} />
    </Modal>
  );
}
