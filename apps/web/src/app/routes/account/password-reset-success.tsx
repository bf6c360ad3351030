import { PasswordResetSuccess } from '@/features/auth/components/password-reset-success';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Password reset');
  return <PasswordResetSuccess />;
}
