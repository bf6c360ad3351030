import { GooglePage } from '@/features/console/google/components/google-page';
import { RequireRole } from '@/features/console/shared/components/require-role';
import { consoleRoles } from '@/features/console/shared/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Google');
  return (
    <RequireRole roles={consoleRoles.company} area="Google">
      <h1>Google Vacation Rentals</h1>
      <GooglePage />
    </RequireRole>
  );
}
