import { InquiriesTable } from '@/features/console/inquiries/components/inquiries-table';
import { RequireRole } from '@/features/console/shared/components/require-role';
import { consoleRoles } from '@/features/console/shared/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Inquiries');
  return (
    <RequireRole roles={consoleRoles.company} area="inquiries">
      <h1>Inquiries</h1>
      <InquiriesTable />
    </RequireRole>
  );
}
