import { describe, expect, it } from 'vitest';
import { allPageRoutes, findPageRoute, pageRedirects, pathMatches, sitePageRoutes } from './pages.js';

describe('pathMatches', () => {
  it('matches a parameter segment with any one non-empty segment, and a trailing slash', () => {
    expect(pathMatches('/property/:idOrSlug', '/property/bear-den')).toBe(true);
    expect(pathMatches('/property/:idOrSlug', '/property/bear-den/')).toBe(true);
    expect(pathMatches('/property/:idOrSlug', '/property')).toBe(false);
    expect(pathMatches('/property/:idOrSlug', '/property/a/b')).toBe(false);
    expect(pathMatches('/', '/')).toBe(true);
    expect(pathMatches('/collections', '/collections/')).toBe(true);
  });
});

describe('findPageRoute', () => {
  it('finds the deepest page at an address or an alias, and nothing for any other address', () => {
    expect(findPageRoute('/about')?.module).toBe('about');
    expect(findPageRoute('/search/results')?.module).toBe('search');
    expect(findPageRoute('/admin')?.module).toBe('admin/dashboard');
    expect(findPageRoute('/admin/reservations/SAS-AB12CD')?.module).toBe('admin/reservation');
    expect(findPageRoute('/no-such-page')).toBeNull();
    expect(findPageRoute('/admin/nothing-here')).toBeNull();
  });

  it('lists each address once, and no old address as a page', () => {
    const addresses = allPageRoutes().flatMap((page) => [page.path, ...(page.aliases ?? [])]);
    // A child may share its parent's address (the console's dashboard is /admin).
    const parents = new Set(sitePageRoutes.filter((page) => page.children).map((page) => page.path));
    expect(addresses.filter((a, i) => addresses.indexOf(a) !== i && !parents.has(a))).toEqual([]);
    for (const from of Object.keys(pageRedirects)) expect(findPageRoute(from)).toBeNull();
  });
});

describe('the search page’s lazy parts', () => {
  const search = findPageRoute('/search');
  /** The page's query, as URLSearchParams would read it. */
  const parts = (query: string) => {
    const pairs = query.split('&').map((pair) => pair.split('=') as [string, string?]);
    const get = (name: string) => pairs.find(([key]) => key === name)?.[1] ?? null;
    return search?.lazyParts?.({ get, has: (name) => get(name) !== null });
  };

  it('ship with the route for a stay in either spelling, and are the form page without one', () => {
    expect(parts('checkin=2030-01-01&checkout=2030-01-05&adults=2')).toEqual([]);
    expect(parts('location=all&checkIn=2030-01-01&checkOut=2030-01-05&adults=2')).toEqual([]);
    expect(parts('checkIn=&checkOut=&adults=2')).toEqual(['app/routes/search-without-stay.tsx']);
    expect(parts('category=all')).toEqual(['features/collections/components/all-listings.tsx']);
  });
});
