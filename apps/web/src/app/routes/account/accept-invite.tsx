import { AcceptInviteForm } from '@/features/auth/components/accept-invite-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The invitation e-mail's link (issue 14): set a password and sign in. */
export function Component() {
  useDocumentTitle('Accept your invitation');
  return <AcceptInviteForm />;
}
