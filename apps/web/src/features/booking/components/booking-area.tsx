import { startTransition, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { lazyPart, PartBoundary } from '@/components/lazy-part';
import {
  bookingFrameHeightPx,
  bookingFrameUpdateDelayMs,
  companyPhone,
  companyPhoneHref,
  propertyDisplayName,
  safeUrl,
  withQuery,
  type PropertyDetails,
} from '@sas/domain';
import { useHydrated } from '@/hooks/use-hydrated';
import { useInView } from '@/hooks/use-in-view';
import { rawStayValue, stayQueryNames } from '@/lib/stay-query';
import { calendarQueryOptions } from '../api/get-calendar';
import './booking-area.css';
// The panel's styles come with the page, not with the panel's code: the server
// draws the panel, and the page inlines its route's styles (ADR 029).
import './booking-panel/day-picker.css';
import './booking-panel/booking-panel.css';

/** The page's stay values for the booking frame (SPEC.md section 7), in the frame's lowercase names. */
function stayQuery(searchParams: URLSearchParams): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {};
  for (const name of stayQueryNames) query[name] = rawStayValue(searchParams, name) ?? undefined;
  return query;
}

function BookingFrame({ src, propertyName }: { src: string; propertyName: string }) {
  const [searchParams] = useSearchParams();
  const [loaded, setLoaded] = useState(false);
  const [ready, setReady] = useState(false);

  // SPEC.md sections 7 and 9: the frame opens on its bare URL and is given
  // the stay values 2 s after its first load, as the original site does.
  useEffect(() => {
    if (!loaded || ready) return;
    const timer = setTimeout(() => setReady(true), bookingFrameUpdateDelayMs);
    return () => clearTimeout(timer);
  }, [loaded, ready]);

  // Derived, not stored: a later change of the page's query reaches the frame too.
  const frameSrc = ready ? withQuery(src, stayQuery(searchParams)) : src;

  return (
    <iframe
      className="booking-area__frame"
      src={frameSrc}
      title={`Booking calendar for ${propertyName}`}
      height={bookingFrameHeightPx}
      loading="lazy"
      // The frame is on our allow-list but still third-party code: it may run its
      // booking flow (scripts, forms, a payment popup) but not take over the page
      // unless the visitor clicks something that asks for it.
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
      onLoad={() => setLoaded(true)}
    />
  );
}

/** Whether the home is booked on our own panel: it has no booking frame on the allow-list. */
export function hasBookingPanel(property: Pick<PropertyDetails, 'bookingWidgetUrl'>): boolean {
  return safeUrl(property.bookingWidgetUrl, 'bookingFrame') === null;
}

// The calendar and its date library come with the panel, in their own chunk:
// homes with a booking frame never download them.
const BookingPanel = lazyPart(() => import('./booking-panel/booking-panel').then((module) => module.BookingPanel));

/** Holds the panel's place while its code arrives, at the panel's own height, so nothing below moves. */
function BookingPanelPlaceholder() {
  return (
    <div className="booking-area__placeholder" aria-busy="true">
      <p className="property-section__status">Loading the booking calendar…</p>
    </div>
  );
}

/** The control the keyboard was on in the server's panel, to find it again in the app's. */
interface FocusedControl {
  tag: string;
  label: string | null;
  value: string | null;
  text: string;
}

function focusedControlIn(container: HTMLElement | null): FocusedControl | null {
  const active = document.activeElement;
  if (container === null || !(active instanceof HTMLElement) || !container.contains(active)) return null;
  return {
    tag: active.tagName,
    label: active.getAttribute('aria-label'),
    value: active.getAttribute('value'),
    text: active.textContent,
  };
}

function focusControlIn(container: HTMLElement, control: FocusedControl) {
  const same = [...container.querySelectorAll<HTMLElement>(control.tag)].find(
    (element) =>
      element.getAttribute('aria-label') === control.label &&
      element.getAttribute('value') === control.value &&
      element.textContent === control.text,
  );
  same?.focus();
}

/**
 * The server's HTML of the panel, kept as it is in the browser: an element
 * whose content React is given as HTML is neither hydrated nor cleared, so
 * nothing on the page (an address change, a re-render) can make React redraw
 * it. Its dates, Clear dates and Reserve work as the plain forms they are.
 * On the server, the panel itself. When the app's panel takes its place, it
 * tells `onLeave` which control had the keyboard, if any.
 */
function ServerDrawnPanel({
  property,
  onLeave,
}: {
  property: PropertyDetails;
  onLeave: (focused: FocusedControl | null) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    return () => onLeave(focusedControlIn(element));
  }, [onLeave]);
  if (typeof window === 'undefined') {
    return (
      <div className="booking-area__panel">
        <BookingPanel property={property} />
      </div>
    );
  }
  return (
    <div ref={ref} className="booking-area__panel" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
  );
}

/**
 * The content of the home page's "Book your stay" section. Where a stay is booked: the home's third-party booking frame when its URL
 * is on the allow-list (an iframe snippet is reduced to its src), else our
 * own booking panel with calendar, guests and live price.
 */
export function BookingArea({ property }: { property: PropertyDetails }) {
  const frameSrc = safeUrl(property.bookingWidgetUrl, 'bookingFrame');
  const name = propertyDisplayName(property);
  const queryClient = useQueryClient();
  const areaRef = useRef<HTMLDivElement>(null);
  // The server draws the panel with the home's taken nights, so that a tap on
  // a date works from the HTML and without JavaScript (issue 25). The browser
  // keeps that HTML until the visitor comes near, then draws the panel itself
  // in its place, in a transition: the server's HTML stays until the panel's
  // code and first render are ready, and nothing moves (the same stay from the
  // same address). A visitor who never scrolls to it downloads nothing for it.
  // A page the browser draws itself (a link followed in the app) loads the
  // panel and its requests when the visitor comes near it; a link to a later
  // section (#reviews) renders this one at once, still without the panel.
  const hydrated = useHydrated();
  const [drawnByServer] = useState(!hydrated);
  const [live, setLive] = useState(!drawnByServer);
  const near = useInView(areaRef);
  const panelWanted = frameSrc === null && near;
  // A keyboard user who had reached the server's panel stays on the same control in the app's.
  const leftFocus = useRef<FocusedControl | null>(null);
  const keepFocus = useCallback((focused: FocusedControl | null) => {
    leftFocus.current = focused;
  }, []);
  useEffect(() => {
    if (panelWanted) startTransition(() => setLive(true));
  }, [panelWanted]);

  useEffect(() => {
    // The taken nights load alongside the panel's code instead of after it.
    if (panelWanted) void queryClient.prefetchQuery(calendarQueryOptions(property.id));
  }, [panelWanted, property.id, queryClient]);

  return (
    <div ref={areaRef}>
      {frameSrc === null ? (
        <PartBoundary label="the booking calendar">
          <Suspense fallback={<BookingPanelPlaceholder />}>
            {drawnByServer && !live ? (
              <ServerDrawnPanel key="server" property={property} onLeave={keepFocus} />
            ) : (
              // Keyed apart from the server's: React puts this in its place rather than into it.
              <div
                key="live"
                className="booking-area__panel"
                ref={(element) => {
                  const control = leftFocus.current;
                  if (element === null || control === null) return;
                  leftFocus.current = null;
                  focusControlIn(element, control);
                }}
              >
                {panelWanted ? <BookingPanel property={property} /> : <BookingPanelPlaceholder />}
              </div>
            )}
          </Suspense>
        </PartBoundary>
      ) : (
        // Keyed by URL: another home's frame starts over with its own 2 s wait.
        <BookingFrame key={frameSrc} src={frameSrc} propertyName={name} />
      )}
      <p className="booking-area__call">
        Prefer to talk it through? Call <a href={companyPhoneHref}>{companyPhone}</a>
      </p>
    </div>
  );
}
