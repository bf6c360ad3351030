import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { defaultGuests, minGuests, type IsoDate } from '@sas/domain';
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
}

/** The URL's stay with the panel's defaults filled in: 2 adults (fewer if the home sleeps fewer), no one else. */
export function resolveStay(query: StayQuery, home: HomeLimits): PanelStay {
  const fallbackAdults = Math.max(minGuests, Math.min(defaultGuests, home.maxGuests));
  return {
    checkIn: query.checkIn,
    checkOut: query.checkOut,
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
  const { maxGuests, petsAllowed } = home;
  const stay = useMemo(
    () => resolveStay(readStayQuery(searchParams), { maxGuests, petsAllowed }),
    [searchParams, maxGuests, petsAllowed],
  );

  const update = useCallback(
    (change: Partial<PanelStay>) => {
      const current = new URLSearchParams(search);
      const latest = resolveStay(readStayQuery(current), { maxGuests, petsAllowed });
      const next = withStayQuery(current, stayQueryOf({ ...latest, ...change }));
      // The hash stays: a link to #booking with dates keeps pointing at the panel.
      void navigate({ search: `?${next.toString()}`, hash }, { replace: true, preventScrollReset: true });
    },
    [navigate, search, hash, maxGuests, petsAllowed],
  );

  return [stay, update];
}
