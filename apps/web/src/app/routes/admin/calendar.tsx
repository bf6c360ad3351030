import { RequireRole } from '@/features/console/shell/components/require-role';
import { consoleRoles } from '@/features/console/shell/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Calendar');
  return (
    <RequireRole roles={consoleRoles.everyone} area="the calendar">
      <h1>Calendar</h1>
    </RequireRole>
  );
}
