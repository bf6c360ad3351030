import { AuditPage } from '@/features/console/audit/components/audit-page';
import { RequireRole } from '@/features/console/shared/components/require-role';
import { consoleRoles } from '@/features/console/shared/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Audit log');
  return (
    <RequireRole roles={consoleRoles.adminOnly} area="the audit log">
      <AuditPage />
    </RequireRole>
  );
}
