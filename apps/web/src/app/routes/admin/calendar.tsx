import { CalendarPage } from '@/features/console/calendar/components/calendar-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Calendar');
  return <CalendarPage />;
}
