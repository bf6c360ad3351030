import { RequireRole } from '@/features/console/shell/components/require-role';
import { consoleRoles } from '@/features/console/shell/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Reviews');
  return (
    <RequireRole roles={consoleRoles.company} area="reviews">
      <h1>Reviews</h1>
    </RequireRole>
  );
}
