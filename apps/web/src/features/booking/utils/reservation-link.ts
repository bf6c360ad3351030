// A reservation started by its address: /reservation?home={slug}&checkin=…
// The Reserve button beside a home's photos submits this address as a plain
// form (method GET) when the page's code has not started yet, so a guest's
// first tap on a phone always goes somewhere (issue 25); the reservation
// page then asks for the home and the price itself and goes on as if the
// property page had handed them over.
import { readStayQuery, withStayQuery, type StayQuery } from '@/lib/stay-query';

/** The query parameter naming the home, by its slug. */
export const reservationHomeParam = 'home';

/** The address's parts: the home and the stay, each as the URL spells it. */
export interface ReservationLink {
  slug: string;
  stay: StayQuery;
}

const slugPattern = /^[a-z0-9-]{1,200}$/;

/** The home and stay a /reservation address names, or null when it names none. */
export function readReservationLink(search: string): ReservationLink | null {
  const params = new URLSearchParams(search);
  const slug = params.get(reservationHomeParam)?.trim().toLowerCase() ?? '';
  if (!slugPattern.test(slug)) return null;
  return { slug, stay: readStayQuery(params) };
}

/** The fields of the Reserve form, in the order the address shows them. */
export function reservationLinkFields(link: ReservationLink): [string, string][] {
  const params = withStayQuery(new URLSearchParams({ [reservationHomeParam]: link.slug }), link.stay);
  return [...params.entries()];
}
