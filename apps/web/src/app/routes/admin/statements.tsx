import { RequireRole } from '@/features/console/shell/components/require-role';
import { consoleRoles } from '@/features/console/shell/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Statements');
  return (
    <RequireRole roles={consoleRoles.everyone} area="statements">
      <h1>Statements</h1>
    </RequireRole>
  );
}
