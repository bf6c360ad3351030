import { AccountsPage } from '@/features/console/accounts/components/accounts-page';
import { RequireRole } from '@/features/console/shared/components/require-role';
import { consoleRoles } from '@/features/console/shared/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Accounts');
  return (
    <RequireRole roles={consoleRoles.adminOnly} area="accounts">
      <AccountsPage />
    </RequireRole>
  );
}
