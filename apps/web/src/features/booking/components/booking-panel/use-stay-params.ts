import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { defaultGuests, minGuests, todayIn, type IsoDate } from '@sas/domain';
import type { StayGuests } from '../../utils/reservation-draft';
import { readStayQuery, withStayQuery, type StayQuery } from '@/lib/stay-query';

export interface PanelStay {
  checkIn: IsoDate | undefined;
  checkOut: IsoDate | undefined;
  guests: StayGuests;
}

interface HomeLimits {
  maxGuests: number;
  petsAllowed: boolean;
  /** The home's time zone: its today decides whether a check-in has passed. */
  timeZone: string;
}

/**
 * The URL's stay with the panel's defaults filled in: 2 adults (fewer if the
 * home sleeps fewer), no one else. Dates whose check-in has passed where the
 * home is (an old shared link, a tab left open overnight) are no stay at all:
 * the guest starts again from the calendar rather than facing a chosen day
 * they cannot book.
 */
export function resolveStay(query: StayQuery, home: HomeLimits): PanelStay {
  const fallbackAdults = Math.max(minGuests, Math.min(defaultGuests, home.maxGuests));
  const passed = query.checkIn !== undefined && query.checkIn < todayIn(home.timeZone);
  return {
    checkIn: passed ? undefined : query.checkIn,
    checkOut: passed ? undefined : query.checkOut,
    guests: {
      adults: Math.max(minGuests, query.adults ?? fallbackAdults),
      children: query.children ?? 0,
      infants: query.infants ?? 0,
      // The panel offers no pets where they are not allowed, so a link cannot bring them in either.
      pets: home.petsAllowed ? (query.pets ?? 0) : 0,
    },
  };
}

/** The stay as its URL spells it: zero counts (the default) left out, so shared links stay short. */
export function stayQueryOf(stay: PanelStay): StayQuery {
  const { adults, children, infants, pets } = stay.guests;
  return {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    adults,
    children: children > 0 ? children : undefined,
    infants: infants > 0 ? infants : undefined,
    pets: pets > 0 ? pets : undefined,
  };
}

/**
 * The panel's stay lives in the page's URL (checkin, checkout, adults,
 * children, infants, pets), so a shared link opens the same stay. Changes
 * replace the history entry: Back leaves the page instead of undoing clicks.
 */
export function useStayParams(home: HomeLimits): [PanelStay, (change: Partial<PanelStay>) => void] {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const { maxGuests, petsAllowed, timeZone } = home;
  const stay = useMemo(
    () => resolveStay(readStayQuery(searchParams), { maxGuests, petsAllowed, timeZone }),
    [searchParams, maxGuests, petsAllowed, timeZone],
  );

  const update = useCallback(
    (change: Partial<PanelStay>) => {
      const current = new URLSearchParams(search);
      const latest = resolveStay(readStayQuery(current), { maxGuests, petsAllowed, timeZone });
      const next = withStayQuery(current, stayQueryOf({ ...latest, ...change }));
      // The hash stays: a link to #booking with dates keeps pointing at the panel.
      void navigate({ search: `?${next.toString()}`, hash }, { replace: true, preventScrollReset: true });
    },
    [navigate, search, hash, maxGuests, petsAllowed, timeZone],
  );

  return [stay, update];
}
