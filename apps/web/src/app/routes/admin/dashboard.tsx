import { RequireRole } from '@/features/console/shell/components/require-role';
import { consoleRoles } from '@/features/console/shell/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Dashboard');
  return (
    <RequireRole roles={consoleRoles.everyone} area="the dashboard">
      <h1>Dashboard</h1>
    </RequireRole>
  );
}
