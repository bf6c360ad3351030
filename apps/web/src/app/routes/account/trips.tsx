import { TripsPage } from '@/features/trips/components/trips-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** A signed-in guest's trips, and for anyone a way to find a booking by its code and e-mail (issue 16). */
export function Component() {
  useDocumentTitle('My trips');
  return <TripsPage />;
}
