import { RequireRole } from '@/features/console/shell/components/require-role';
import { consoleRoles } from '@/features/console/shell/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Edit home');
  return (
    <RequireRole roles={consoleRoles.company} area="homes">
      <h1>Edit home</h1>
    </RequireRole>
  );
}
