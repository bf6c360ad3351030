import { ManagementPage } from '@/features/content/components/management-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Management Solutions');
  return <ManagementPage />;
}
