import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { companyName } from '@sas/domain';
import { onServerPage } from '@/lib/server-page';

const siteTitle = `${companyName} | Vacation Rentals in Breckenridge & Michigan`;

// The head-tag code (and the SEO helpers it uses) is fetched after the page
// has rendered: every page calls this hook, and most first visits get
// correct tags from the server anyway.
const loadPageMeta = () => import('@/lib/page-meta');

/**
 * Sets the tab title as "{page} | Summit & Shore"; without a page, the site
 * title. The rest of the head follows (description, canonical URL, social
 * tags), so nothing of a home viewed before, such as its structured data,
 * outlives the visit to it. Pages with metadata of their own call usePageMeta.
 */
export function useDocumentTitle(page?: string): void {
  const { pathname, search } = useLocation();

  useEffect(() => {
    const title = page ? `${page} | ${companyName}` : siteTitle;
    // The server wrote this page's head, title and tags alike: nothing to
    // fetch or rewrite while hydrating it. (A page the server cannot title
    // from the page list, such as search results, gets its head here.)
    if (onServerPage() && document.title === title) return;
    document.title = title;
    let current = true;
    void loadPageMeta().then(({ applySitePageMeta }) => {
      // A later page may have written its own tags meanwhile.
      if (current) applySitePageMeta(title, `${pathname}${search}`);
    });
    return () => {
      current = false;
    };
  }, [page, pathname, search]);
}
