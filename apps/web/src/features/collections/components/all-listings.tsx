import { useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { collectionFetchSize, pageCount, pageSlice } from '@sas/domain';
import { PropertyGrid } from './property-grid';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAllListings } from '../api/get-all-listings';
import './collections.css';

/** 1-based page from ?page=, within 1..pages; anything unreadable is the first page. */
function readPage(value: string | null, pages: number): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, Math.max(1, pages)) : 1;
}

function pageLink(searchParams: URLSearchParams, page: number): string {
  const next = new URLSearchParams(searchParams);
  if (page === 1) next.delete('page');
  else next.set('page', String(page));
  return `?${next.toString()}`;
}

/** /search/results?category=all: 'Our Listings', every home, 12 to a page. */
export function AllListings() {
  useDocumentTitle('Our Listings');
  const [searchParams] = useSearchParams();
  const { homes, isPending } = useAllListings();
  const pages = pageCount(homes.length, collectionFetchSize);
  const page = readPage(searchParams.get('page'), pages);
  const shown = pageSlice(homes, page - 1, collectionFetchSize);

  return (
    <div className="page-container collection-grid">
      <header className="page-header">
        <h1>Our Listings</h1>
        <p className="page-header__lead">
          Every Summit &amp; Shore home, from Breckenridge condos to Lake Michigan cottages.
        </p>
      </header>
      <PropertyGrid cards={shown} isPending={isPending} label="All homes" />
      {!isPending && pages > 1 ? (
        <nav className="listing-pager" aria-label="Pages of homes">
          {page > 1 ? (
            <Link to={pageLink(searchParams, page - 1)} className="button button--secondary">
              Previous
            </Link>
          ) : (
            <span className="listing-pager__spacer" />
          )}
          <p className="listing-pager__status">
            Page {page} of {pages}
          </p>
          {page < pages ? (
            <Link to={pageLink(searchParams, page + 1)} className="button button--secondary">
              Next
            </Link>
          ) : (
            <span className="listing-pager__spacer" />
          )}
        </nav>
      ) : null}
    </div>
  );
}
