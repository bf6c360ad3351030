import { BlocklistEditor } from '@/features/console/reviews/components/blocklist-editor';
import { ReviewsModeration } from '@/features/console/reviews/components/reviews-moderation';
import { RequireRole } from '@/features/console/shared/components/require-role';
import { consoleRoles } from '@/features/console/shared/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Reviews');
  return (
    <RequireRole roles={consoleRoles.company} area="reviews">
      <h1>Reviews</h1>
      <section className="console-panel" aria-labelledby="reviews-blocklist-heading">
        <h2 id="reviews-blocklist-heading">Blocklist</h2>
        <BlocklistEditor />
      </section>
      <section className="console-panel" aria-labelledby="reviews-list-heading">
        <h2 id="reviews-list-heading">Reviews by home</h2>
        <ReviewsModeration />
      </section>
    </RequireRole>
  );
}
