import { collectionNames } from '@sas/domain';
import type { Prefetch } from '@/app/router';
import { collectionQueryOptions } from '@/features/collections/api/get-collection';
import { CollectionsOverview } from '@/features/collections/components/collections-overview';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Collections');
  return (
    <div className="page-container">
      <header className="page-header">
        <h1>Our Collections</h1>
        <p className="page-header__lead">
          From ski-in, ski-out condos in Breckenridge to cottages on Lake Michigan: find the kind of stay that suits
          you.
        </p>
      </header>
      <CollectionsOverview />
    </div>
  );
}

/** The four collections' first pages, one per tab. */
export const prefetch: Prefetch = (queryClient) =>
  Promise.all(collectionNames.map((name) => queryClient.ensureQueryData(collectionQueryOptions(name))));
