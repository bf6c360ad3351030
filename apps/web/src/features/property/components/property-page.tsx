import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { parsePropertyRef, type PropertyDetails } from '@sas/domain';
import { LoadingOverlay } from '@/components/loading-overlay';
import { propertyPath } from '@/components/property-card';
import { ResponsivePhoto } from '@/components/responsive-photo';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isNotFound } from '@/lib/api-client';
import { propertyQueryOptions, useProperty } from '../api/get-property';
import './property-page.css';

function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
}

function PropertyNotFound() {
  useDocumentTitle('Property Not Found');
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

function PropertyOverview({ property }: { property: PropertyDetails }) {
  const name = property.public_name ?? property.name;
  useDocumentTitle(name);
  const mainPhoto = property.photos[0] ?? null;

  return (
    <article className="page-container property-overview">
      <header className="property-overview__header">
        <h1>{name}</h1>
        <ul className="property-overview__facts" aria-label="Key facts">
          <li>{plural(property.bedrooms, 'bedroom')}</li>
          <li>{plural(property.bathrooms, 'bathroom')}</li>
          <li>{property.area.toLocaleString('en-US')} sq ft</li>
          <li>
            {property.city}, {property.state}
          </li>
        </ul>
      </header>
      <ResponsivePhoto
        photo={mainPhoto}
        className="property-overview__photo"
        sizes="(max-width: 1200px) 100vw, 1200px"
        eager
      />
      <p className="property-overview__summary">{property.summary}</p>
    </article>
  );
}

/** /property/{idOrSlug}: basic details; the full page (gallery, booking, reviews) comes later. */
export function PropertyPage({ param }: { param: string }) {
  const ref = parsePropertyRef(param);
  const lookup = ref.kind === 'uuid' ? ref.id : ref.slug;
  const query = useProperty(lookup);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  const redirectSlug = ref.kind === 'uuid' ? query.data?.slug : undefined;
  useEffect(() => {
    if (redirectSlug === undefined || query.data === undefined) return;
    // An id URL becomes the readable slug URL (SPEC.md section 2). Seeding the
    // cache under the slug stops the new URL from fetching the same home again.
    queryClient.setQueryData(propertyQueryOptions(redirectSlug).queryKey, query.data);
    void navigate(`${propertyPath(redirectSlug)}${location.search}${location.hash}`, { replace: true });
  }, [redirectSlug, query.data, queryClient, navigate, location.search, location.hash]);

  if (query.isPending || redirectSlug !== undefined) return <LoadingOverlay />;
  if (query.isError) {
    return isNotFound(query.error) ? <PropertyNotFound /> : <PropertyLoadError message={query.error.message} />;
  }
  return <PropertyOverview property={query.data} />;
}
