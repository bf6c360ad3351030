import { CalendarPage } from '@/features/console/calendar/components/calendar-page';
import { FeedHealthNotice } from '@/features/console/channels/components/feed-health-notice';
import { useConsoleUser } from '@/features/console/shared/hooks';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Calendar');
  const user = useConsoleUser();
  return (
    <CalendarPage
      // Owners do not manage channels; the feeds API refuses them.
      homeNotice={
        user.role === 'owner'
          ? undefined
          : (home) => <FeedHealthNotice homeId={home.id} propertyId={home.propertyId} homeName={home.name} />
      }
    />
  );
}
