import { MyTasksPage } from '@/features/tasks/components/my-tasks-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** A cleaner's turnover tasks (issue 30): today's and upcoming, each with its checklist. */
export function Component() {
  useDocumentTitle('My tasks');
  return <MyTasksPage />;
}
