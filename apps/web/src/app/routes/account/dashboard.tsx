import { DashboardPage } from '@/features/auth/components/dashboard-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { RequireUser } from '@/app/require-user';

/** The signed-in page (SPEC.md section 7: social login goes here); anonymous visitors go to /login first. */
export function Component() {
  useDocumentTitle('My account');
  return (
    <RequireUser>
      <DashboardPage />
    </RequireUser>
  );
}
