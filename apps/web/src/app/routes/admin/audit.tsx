import { AuditPage } from '@/features/console/audit/components/audit-page';
import { RequireRole } from '@/features/console/shell/components/require-role';
import { consoleRoles } from '@/features/console/shell/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Audit log');
  return (
    <RequireRole roles={consoleRoles.adminOnly} area="the audit log">
      <AuditPage />
    </RequireRole>
  );
}
