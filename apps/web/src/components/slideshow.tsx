import { useEffect, useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import Autoplay from 'embla-carousel-autoplay';
import { slideshowIntervalMs } from '@sas/domain';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useEmblaAfterPaint } from '@/hooks/use-embla-after-paint';
import { useSelectedSlide } from '@/hooks/use-selected-slide';
import { prefersReducedMotion, reducedMotionQuery } from '@/utils/motion';
import { ChevronIcon } from './chevron-icon';
import './slideshow.css';

interface SlideshowProps<T> {
  items: readonly T[];
  /** Names the carousel region, e.g. 'Life at Summit & Shore'. */
  label: string;
  getKey: (item: T) => string;
  /** The slide's title: part of its accessible name and of the visible "Slide n of m" line. */
  getTitle: (item: T) => string;
  renderSlide: (item: T, index: number) => ReactNode;
  /** With it, a row of thumbnail buttons that jump to their slide. */
  renderThumbnail?: (item: T, index: number) => ReactNode;
  /** Auto-advance delay; SPEC.md section 9: 5 s. */
  intervalMs?: number;
  className?: string;
}

/**
 * The slideshow of the content pages (SPEC.md sections 2 and 9), on Embla
 * like the site's other carousels, with its autoplay plugin. One slide at a
 * time, looping; it advances every 5 s unless the visitor prefers reduced
 * motion, points at it, has keyboard focus in it or pressed Pause (WCAG
 * 2.2.2). Only the current slide is exposed to assistive technology and the
 * keyboard; "Slide n of m" says which one it is, and is announced when the
 * visitor changes slides, not while it advances by itself.
 */
export function Slideshow<T>({
  items,
  label,
  getKey,
  getTitle,
  renderSlide,
  renderThumbnail,
  intervalMs = slideshowIntervalMs,
  className,
}: SlideshowProps<T>) {
  const [autoplay] = useState(() =>
    Autoplay({
      delay: intervalMs,
      playOnInit: false,
      // Pausing is decided below, from hover, focus, the Pause button and the motion setting.
      stopOnInteraction: false,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  );
  const [viewportRef, embla] = useEmblaAfterPaint({ loop: true }, [autoplay]);
  const trackId = useId();

  // A media query, not a one-off read: false on the server, the visitor's setting once hydrated.
  const reducedMotion = useMediaQuery(reducedMotionQuery);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);
  const canPlay = !reducedMotion && items.length > 1;
  const playing = canPlay && !hovered && !focused && !pausedByUser;

  const selected = useSelectedSlide(embla);

  const playingRef = useRef(playing);
  useEffect(() => {
    playingRef.current = playing;
    if (!embla) return;
    if (playing) autoplay.play();
    else autoplay.stop();
  }, [embla, autoplay, playing]);

  useEffect(() => {
    if (!embla) return;
    // The plugin restarts itself after a swipe; a paused slideshow stays paused.
    const keepPaused = () => {
      if (!playingRef.current) autoplay.stop();
    };
    embla.on('pointerUp', keepPaused);
    return () => {
      embla.off('pointerUp', keepPaused);
    };
  }, [embla, autoplay]);

  const jump = () => reducedMotion || prefersReducedMotion();
  const go = (move: () => void) => {
    move();
    // A slide chosen by hand gets its full time on screen.
    autoplay.reset();
  };
  const previous = () => go(() => embla?.scrollPrev(jump()));
  const next = () => go(() => embla?.scrollNext(jump()));
  const show = (index: number) => go(() => embla?.scrollTo(index, jump()));

  function handleBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  }

  const current = items[selected];
  const classes = ['slideshow', className].filter(Boolean).join(' ');

  return (
    <section
      className={classes}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={handleBlur}
    >
      <div className="slideshow__viewport" ref={viewportRef}>
        <div className="slideshow__track" id={trackId}>
          {items.map((item, index) => {
            const hidden = index !== selected;
            return (
              <div
                key={getKey(item)}
                className="slideshow__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${items.length}: ${getTitle(item)}`}
                aria-hidden={hidden}
                inert={hidden}
              >
                {renderSlide(item, index)}
              </div>
            );
          })}
        </div>
      </div>
      {items.length > 1 && (
        <div className="slideshow__controls">
          <button
            type="button"
            className="icon-button"
            onClick={previous}
            aria-label="Previous slide"
            aria-controls={trackId}
          >
            <ChevronIcon direction="previous" />
          </button>
          <p className="slideshow__status" aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
            <span className="slideshow__count">
              Slide {selected + 1} of {items.length}
            </span>
            {current !== undefined && <span className="slideshow__title">{getTitle(current)}</span>}
          </p>
          <button type="button" className="icon-button" onClick={next} aria-label="Next slide" aria-controls={trackId}>
            <ChevronIcon direction="next" />
          </button>
          {canPlay && (
            <button
              type="button"
              className="button button--secondary slideshow__pause"
              onClick={() => setPausedByUser((paused) => !paused)}
            >
              {pausedByUser ? 'Play slideshow' : 'Pause slideshow'}
            </button>
          )}
        </div>
      )}
      {renderThumbnail && items.length > 1 && (
        <ul className="slideshow__thumbnails" aria-label={`${label}: choose a slide`}>
          {items.map((item, index) => (
            <li key={getKey(item)}>
              <button
                type="button"
                className="slideshow__thumbnail"
                onClick={() => show(index)}
                aria-label={`Show slide ${index + 1}: ${getTitle(item)}`}
                aria-current={index === selected ? 'true' : undefined}
                aria-controls={trackId}
              >
                {renderThumbnail(item, index)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
