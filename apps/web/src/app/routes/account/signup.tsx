import { SignupForm } from '@/features/auth/components/signup-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Sign up');
  return <SignupForm />;
}
