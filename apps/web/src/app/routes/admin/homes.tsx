import { HomesList } from '@/features/console/homes/components/homes-list';
import { RequireRole } from '@/features/console/shared/components/require-role';
import { consoleRoles } from '@/features/console/shared/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Homes');
  return (
    <RequireRole roles={consoleRoles.company} area="homes">
      <h1>Homes</h1>
      <HomesList />
    </RequireRole>
  );
}
