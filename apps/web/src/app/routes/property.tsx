import { useParams } from 'react-router';
import type { Prefetch } from '@/app/router';
import { calendarQueryOptions } from '@/features/booking/api/get-calendar';
import { quoteQueryOptions } from '@/features/booking/api/get-quote';
import { resolveStay } from '@/features/booking/components/booking-panel/use-stay-params';
import { propertyQueryOptions } from '@/features/property/api/get-property';
import { readStayQuery } from '@/lib/stay-query';
import { parsePropertyRef, type PropertyDetails } from '@sas/domain';
import { BookingArea, hasBookingPanel } from '@/features/booking/components/booking-area';
import { BookingSummary } from '@/features/booking/components/booking-summary';
import { PropertyPage, type PropertyPageSlots } from '@/features/property/components/property-page';

// The route composes the home's page with the booking feature: its summary beside the photos and its panel below.
const slots: PropertyPageSlots = {
  booking: (property: PropertyDetails) => <BookingArea property={property} />,
  summary: (property: PropertyDetails) => <BookingSummary property={property} />,
};

export function Component() {
  const { idOrSlug = '' } = useParams();
  return <PropertyPage param={idOrSlug} slots={slots} />;
}

/**
 * The home, the price of the stay in the URL for the summary beside the
 * photos, and the taken nights for the booking panel's calendar: rendered into
 * the HTML by the server, and asked for again by the browser when the app
 * starts (prefetchInBrowser): carried in the HTML as well, they would make it
 * too large for a phone's first round trip (ADR 048).
 */
export const prefetch: Prefetch = async (queryClient, { params, url }) => {
  const ref = parsePropertyRef(params.idOrSlug ?? '');
  const property = await queryClient.ensureQueryData(propertyQueryOptions(ref.kind === 'uuid' ? ref.id : ref.slug));
  const { checkIn, checkOut, guests } = resolveStay(readStayQuery(url.searchParams), property);
  // Each on its own: a calendar that fails leaves the price, and the other way round.
  await Promise.allSettled([
    hasBookingPanel(property) ? queryClient.ensureQueryData(calendarQueryOptions(property.id)) : undefined,
    checkIn === undefined || checkOut === undefined
      ? undefined
      : queryClient.ensureQueryData(quoteQueryOptions(property.id, { checkIn, checkOut, guests })),
  ]);
};

export const prefetchInBrowser = true;
