import { Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { lazyPart, PartBoundary } from '@/components/lazy-part';
import { Link } from '@/components/link';
import {
  isCanonicalPropertyParam,
  notFoundPropertyMeta,
  parsePropertyRef,
  propertyPageMeta,
  propertyPath,
  reviewsPerPage,
  type PropertyDetails,
} from '@sas/domain';
import { LoadingOverlay } from '@/components/loading-overlay';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useHydrated } from '@/hooks/use-hydrated';
import { useInView } from '@/hooks/use-in-view';
import { isNotFound } from '@/lib/api-client';
import { pageOrigin, usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { propertyQueryOptions, useProperty } from '../api/get-property';
import { useUnpublishedProperty } from '../api/get-unpublished-property';
import { PhotoGallery } from './photo-gallery';
import { PropertyHeader } from './property-header';
import '@/components/property-section.css';
import './property-page.css';

// Only the header and the photos are on the first screen, on a phone and on a
// desktop. Every other section brings its own code (dialogs, the reviews
// carousel, the booking frame) and is fetched and drawn once scrolled near,
// so the main photo is painted sooner and the first download stays small.
const AboutSpace = lazyPart(() => import('./about-space').then((module) => module.AboutSpace));
const FeaturesList = lazyPart(() => import('./features-list').then((module) => module.FeaturesList));
const Amenities = lazyPart(() => import('./amenities').then((module) => module.Amenities));
const WhatsAround = lazyPart(() => import('./whats-around').then((module) => module.WhatsAround));
const WhoWeAre = lazyPart(() => import('./who-we-are').then((module) => module.WhoWeAre));
const Reviews = lazyPart(() => import('./reviews').then((module) => module.Reviews));

function PropertyNotFound() {
  const { pathname, search } = useLocation();
  // The same tags the server sends for this URL: noindex, so crawlers drop it.
  const meta = useMemo(() => notFoundPropertyMeta(`${pathname}${search}`, pageOrigin()), [pathname, search]);
  usePageMeta(meta);
  return (
    <div className="page-container property-state">
      <h1>Property Not Found</h1>
      <p>The requested property could not be found.</p>
      <Link to="/" className="button button--primary">
        Return to Home
      </Link>
    </div>
  );
}

function PropertyLoadError({ message }: { message: string }) {
  useDocumentTitle('Error Loading Property');
  return (
    <div className="page-container property-state">
      <h1>Error Loading Property</h1>
      <p>Failed to load property: {message}</p>
      {/* SPEC.md section 8: Retry reloads the page. */}
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Retry
      </button>
    </div>
  );
}

interface DeferredSectionProps {
  /** The section's heading, in the page from the start (screen readers and crawlers navigate by it). */
  title: string;
  /** What is loading, for the placeholder: 'Loading reviews…'. */
  label: string;
  children: ReactNode;
  /** What a visitor without JavaScript reads instead, when it differs from `children`. */
  withoutScript?: ReactNode;
}

/**
 * A section that renders once it comes within 100px of the screen (or has
 * been scrolled past), as SPEC.md section 4 has reviews and nearby places
 * load. Until then, and while its code arrives, a placeholder holds its place
 * under the section's own heading.
 *
 * A URL with a hash (#reviews, #amenities) renders every section at once: the
 * target only exists once its section has rendered, and ScrollToTarget keeps
 * looking for it meanwhile. The placeholder has no id of its own, so the
 * scroll lands on the real section, not on a box about to be replaced.
 */
function DeferredSection({ title, label, children, withoutScript = children }: DeferredSectionProps) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useInView(ref);
  const { hash } = useLocation();
  // The server never sees the hash: the first render in the browser matches its HTML, then follows the link.
  const hydrated = useHydrated();
  const loading = (
    <div ref={ref} className="property-page__deferred" aria-busy="true" data-script-placeholder="">
      <h2 className="property-section__title">{title}</h2>
      <p>Loading {label}…</p>
    </div>
  );
  if (near || (hydrated && hash !== '')) {
    return (
      <PartBoundary label={label}>
        <Suspense fallback={loading}>{children}</Suspense>
      </PartBoundary>
    );
  }
  // Without JavaScript the server's HTML is all there is: it carries the
  // section itself for such a visitor, which a browser running the page ignores.
  return (
    <>
      {loading}
      <noscript>
        <Suspense fallback={null}>{withoutScript}</Suspense>
      </noscript>
    </>
  );
}

/** What the booking feature adds to a home's page; the route composes them (one feature never imports another). */
export interface PropertyPageSlots {
  /** The "Book your stay" section's content: the calendar panel or the home's booking frame. */
  booking: (property: PropertyDetails) => ReactNode;
  /** The price and Reserve beside the content (a bar at the bottom on phones). */
  summary: (property: PropertyDetails) => ReactNode;
}

interface PropertyDetailsViewProps {
  property: PropertyDetails;
  slots: PropertyPageSlots;
  /** An unpublished home, shown to the company and its owner only: said at the top of the page. */
  unpublished?: boolean;
}

/** The loaded home: every section in SPEC.md's order (section 2, property detail sections). */
function PropertyDetailsView({ property, slots, unpublished = false }: PropertyDetailsViewProps) {
  const meta = useMemo(() => propertyPageMeta(property, pageOrigin()), [property]);
  usePageMeta(meta);

  return (
    <article className="page-container property-page">
      {unpublished && (
        <p role="status" className="property-page__unpublished">
          <strong>Not published</strong> — guests cannot see this page
        </p>
      )}
      <div className="property-page__main">
        <PropertyHeader property={property} />
        <PhotoGallery property={property} />
        <DeferredSection title="About this space" label="the description">
          <AboutSpace property={property} />
        </DeferredSection>
        <DeferredSection title="Features" label="features">
          <FeaturesList property={property} />
        </DeferredSection>
        <DeferredSection title="Amenities" label="amenities">
          <Amenities property={property} />
        </DeferredSection>
        <BookingSection>{slots.booking(property)}</BookingSection>
        <DeferredSection title="What's Around" label="nearby places">
          <WhatsAround property={property} />
        </DeferredSection>
        <DeferredSection title="Who We Are" label="our story">
          <WhoWeAre property={property} />
        </DeferredSection>
        <DeferredSection
          title="Reviews"
          label="reviews"
          // The carousel's first page as a list: without the app it cannot turn, and every
          // review in the HTML would make it too large for a phone's first round trip (ADR 048).
          withoutScript={<Reviews property={property} first={reviewsPerPage} />}
        >
          <Reviews property={property} />
        </DeferredSection>
      </div>
      <aside className="property-page__aside" aria-label="Price and booking">
        {slots.summary(property)}
      </aside>
    </article>
  );
}

/** "Book your stay": its heading is in the page at once; the booking feature decides what loads inside and when. */
function BookingSection({ children }: { children: ReactNode }) {
  return (
    <section id="booking" className="property-section booking-area" aria-labelledby="booking-title">
      <h2 id="booking-title" className="property-section__title">
        Book your stay
      </h2>
      {children}
    </section>
  );
}

/** /property/{idOrSlug}: loading, then the home, 'Property Not Found' or 'Error Loading Property'. */
export function PropertyPage({ param, slots }: { param: string; slots: PropertyPageSlots }) {
  const ref = parsePropertyRef(param);
  const lookup = ref.kind === 'uuid' ? ref.id : ref.slug;
  const query = useProperty(lookup);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  // A UUID, a listing number, a literal-rule variant or another spelling of
  // the slug: the home has one URL, its canonical slug's.
  const redirectSlug =
    query.data !== undefined && !isCanonicalPropertyParam(param, query.data.slug) ? query.data.slug : undefined;
  useEffect(() => {
    if (redirectSlug === undefined || query.data === undefined) return;
    // Any other name becomes the readable slug URL (SPEC.md section 2). Seeding the
    // cache under the slug stops the new URL from fetching the same home again.
    queryClient.setQueryData(propertyQueryOptions(redirectSlug).queryKey, query.data);
    void navigate(`${propertyPath(redirectSlug)}${location.search}${location.hash}`, { replace: true });
  }, [redirectSlug, query.data, queryClient, navigate, location.search, location.hash]);

  // A 404 may be an unpublished home, which its owner, staff and admins still
  // see. The server renders for nobody in particular, so the first render here
  // draws its 404 page too; only after hydration does a signed-in user ask.
  const { user } = useSession();
  const hydrated = useHydrated();
  const notPublic = query.isError && isNotFound(query.error);
  const preview = useUnpublishedProperty(lookup, hydrated && notPublic && user !== null && user.role !== 'guest');

  if (query.isPending || redirectSlug !== undefined) return <LoadingOverlay />;
  if (query.isError) {
    if (!notPublic) return <PropertyLoadError message={query.error.message} />;
    if (preview.isSuccess) {
      return <PropertyDetailsView property={preview.data} slots={slots} unpublished={!preview.data.published} />;
    }
    return <PropertyNotFound />;
  }
  return <PropertyDetailsView property={query.data} slots={slots} />;
}
