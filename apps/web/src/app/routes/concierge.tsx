import { ConciergePage } from '@/features/content/components/concierge-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Concierge & Hospitality');
  return <ConciergePage />;
}
