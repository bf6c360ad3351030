import { PoliciesPage } from '@/features/content/components/policies-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Policies');
  return <PoliciesPage />;
}
