import { RequireRole } from '@/features/console/shell/components/require-role';
import { consoleRoles } from '@/features/console/shell/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Reservation');
  return (
    <RequireRole roles={consoleRoles.everyone} area="reservations">
      <h1>Reservation</h1>
    </RequireRole>
  );
}
