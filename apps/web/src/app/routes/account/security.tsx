import { SecurityPage } from '@/features/auth/components/security-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { RequireUser } from '@/app/require-user';

/** Two-step sign-in for staff and admins (issue 14); anonymous visitors go to /login first. */
export function Component() {
  useDocumentTitle('Sign-in security');
  return (
    <RequireUser>
      <SecurityPage />
    </RequireUser>
  );
}
