import { PromotionsPage } from '@/features/console/promotions/components/promotions-page';
import { RequireRole } from '@/features/console/shared/components/require-role';
import { consoleRoles } from '@/features/console/shared/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Promotions');
  return (
    <RequireRole roles={consoleRoles.company} area="promotions">
      <h1>Promotions</h1>
      <PromotionsPage />
    </RequireRole>
  );
}
