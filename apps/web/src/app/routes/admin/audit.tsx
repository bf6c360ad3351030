import { RequireRole } from '@/features/console/shell/components/require-role';
import { consoleRoles } from '@/features/console/shell/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Audit log');
  return (
    <RequireRole roles={consoleRoles.adminOnly} area="the audit log">
      <h1>Audit log</h1>
    </RequireRole>
  );
}
