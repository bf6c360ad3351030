import { useEffect } from 'react';
import { companyName } from '@sas/domain';

/** Sets the tab title as "{page} | Summit & Shore"; without a page, the site title. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} | ${companyName}` : `${companyName} | Vacation Rentals in Breckenridge & Michigan`;
  }, [page]);
}
