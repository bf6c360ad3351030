import { DashboardPage } from '@/features/console/dashboard/components/dashboard-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Console dashboard');
  return <DashboardPage />;
}
