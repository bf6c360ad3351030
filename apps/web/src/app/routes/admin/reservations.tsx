import { RequireRole } from '@/features/console/shell/components/require-role';
import { consoleRoles } from '@/features/console/shell/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Reservations');
  return (
    <RequireRole roles={consoleRoles.everyone} area="reservations">
      <h1>Reservations</h1>
    </RequireRole>
  );
}
