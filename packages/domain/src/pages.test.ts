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
