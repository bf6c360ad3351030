import { OAuthRedirect } from '@/features/auth/components/oauth-redirect';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Signing in');
  return <OAuthRedirect />;
}
