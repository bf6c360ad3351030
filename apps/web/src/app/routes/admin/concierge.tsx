import { ConciergeScheduleView } from '@/features/console/concierge/components/concierge-schedule';
import { RequireRole } from '@/features/console/shared/components/require-role';
import { consoleRoles } from '@/features/console/shared/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Concierge schedule');
  return (
    <RequireRole roles={consoleRoles.company} area="the concierge schedule">
      <h1>Concierge schedule</h1>
      <ConciergeScheduleView />
    </RequireRole>
  );
}
