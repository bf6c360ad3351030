import { OwnerTaskWork } from '@/features/console/tasks/components/owner-task-work';
import { TaskBoard } from '@/features/console/tasks/components/task-board';
import { useConsoleUser } from '@/features/console/shared/hooks';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Turnover tasks (issue 30): the staff's board; an owner's homes' cleanings and tickets. */
export function Component() {
  const user = useConsoleUser();
  const owner = user.role === 'owner';
  useDocumentTitle(owner ? 'Cleanings and maintenance' : 'Tasks');
  return (
    <>
      <h1>{owner ? 'Cleanings and maintenance' : 'Tasks'}</h1>
      {owner ? <OwnerTaskWork /> : <TaskBoard />}
    </>
  );
}
