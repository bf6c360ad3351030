// The one list of pages (@sas/domain pages.ts, ADR 038) against the route
// modules on disk: every page has its module, and every module is a page or a
// part a page loads, so neither the router nor the server's table (both
// derived from the list) can miss one.
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allPageRoutes, isPrivateRouteModule, notFoundPageRoute, pageRedirects } from '@sas/domain';
import { createRoutes, routeModuleImport } from './router';

const moduleFiles = Object.keys(import.meta.glob(['./routes/**/*.tsx', '!./routes/**/*.test.tsx']));

describe('the list of pages', () => {
  const pages = [...allPageRoutes(), notFoundPageRoute];

  it('names a route module that exists for every page', async () => {
    for (const page of pages) expect(() => routeModuleImport(page), page.path).not.toThrow();
    // The console's and those behind sign-in are looked up once their list has loaded.
    const { privateRouteModules } = await import('./private-routes');
    const listedLater = pages.filter((p) => isPrivateRouteModule(p.module));
    for (const page of listedLater) {
      expect(Object.keys(privateRouteModules), page.path).toContain(`./routes/${page.module}.tsx`);
    }
    expect(listedLater.map((p) => p.path)).toEqual(expect.arrayContaining(['/admin/audit', '/login', '/trips/:code']));
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
    const site = createRoutes().find((route) => route.path === '/');
    const paths = (site?.children ?? []).map((route) => (route.index ? '/' : `/${route.path}`));
    for (const page of allPageRoutes().filter((p) => !p.path.startsWith('/admin'))) {
      for (const address of [page.path, ...(page.aliases ?? [])]) expect(paths, address).toContain(address);
    }
    for (const from of Object.keys(pageRedirects)) expect(paths).toContain(from);
    expect(paths.at(-1)).toBe('/*');
  });

  it('draws the console in a layout of its own and every other page in the site’s (ADR 040)', () => {
    const routes = createRoutes();
    for (const page of allPageRoutes()) {
      const matched = matchRoutes(routes, page.path.replace(/:[^/]+/g, 'x')) ?? [];
      const top = matched[0]?.route;
      expect(top, page.path).toBeDefined();
      // The site's layout is the route at '/'; a layout of its own sits in a pathless frame.
      expect(top?.path === '/', page.path).toBe(page.ownLayout !== true && !page.path.startsWith('/admin'));
      expect(matched.at(-1)?.route.path, page.path).not.toBe('*');
    }
    // An address under the console that is no page is the site's not-found page.
    const unknown = matchRoutes(routes, '/admin/nothing') ?? [];
    expect(unknown[0]?.route.path).toBe('/');
    expect(unknown.at(-1)?.route.path).toBe('*');
  });
});
