// The one list of pages (@sas/domain pages.ts, ADR 038) against the route
// modules on disk: every page has its module, and every module is a page or a
// part a page loads, so neither the router nor the server's table (both
// derived from the list) can miss one.
import { describe, expect, it } from 'vitest';
import { allPageRoutes, notFoundPageRoute, pageRedirects } from '@sas/domain';
import { createRoutes, routeModuleImport } from './router';

const moduleFiles = Object.keys(import.meta.glob(['./routes/**/*.tsx', '!./routes/**/*.test.tsx']));

describe('the list of pages', () => {
  const pages = [...allPageRoutes(), notFoundPageRoute];

  it('names a route module that exists for every page', () => {
    for (const page of pages) expect(() => routeModuleImport(page), page.path).not.toThrow();
  });

  it('leaves no route module out: each is a page, or a part that a page loads', () => {
    const lazyParts = pages.flatMap((page) =>
      ['', 'checkin=2030-01-01&checkout=2030-01-05&adults=2', 'category=all'].flatMap(
        (query) => page.lazyParts?.(new URLSearchParams(query)) ?? [],
      ),
    );
    const used = new Set([
      ...pages.map((page) => `./routes/${page.module}.tsx`),
      ...lazyParts.filter((part) => part.startsWith('app/routes/')).map((part) => `./${part.slice('app/'.length)}`),
    ]);
    expect(moduleFiles.filter((file) => !used.has(file))).toEqual([]);
  });

  it('routes every page, alias and old address, and everything else to the not-found page', () => {
    const routes = createRoutes()[0]?.children ?? [];
    const paths = routes.map((route) => (route.index ? '/' : `/${route.path}`));
    for (const page of allPageRoutes().filter((p) => !p.path.startsWith('/admin/'))) {
      for (const address of [page.path, ...(page.aliases ?? [])]) expect(paths, address).toContain(address);
    }
    for (const from of Object.keys(pageRedirects)) expect(paths).toContain(from);
    expect(paths.at(-1)).toBe('/*');
  });
});
