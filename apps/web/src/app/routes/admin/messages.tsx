import { TemplatesPage } from '@/features/console/messages/components/templates-page';
import { RequireRole } from '@/features/console/shared/components/require-role';
import { consoleRoles } from '@/features/console/shared/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Guest messages');
  return (
    <RequireRole roles={consoleRoles.company} area="guest messages">
      <h1>Guest messages</h1>
      <TemplatesPage />
    </RequireRole>
  );
}
