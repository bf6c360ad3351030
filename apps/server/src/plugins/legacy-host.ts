// The old direct-booking host still receives links and bookmarks; SPEC.md
// section 1 sends its visitors to the main host with path and query intact
// (the browser keeps the #hash itself across a redirect).
import fp from 'fastify-plugin';

export interface LegacyHostOptions {
  /** Host names (lowercase, no port) that must move to `publicUrl`. */
  legacyHosts: readonly string[];
  /** The canonical site, e.g. https://summitandshore.example */
  publicUrl: string;
}

/**
 * Path and query of the request target. Proxies may send the absolute form
 * ("http://old.example.com/x?y"); only its path and query are kept, so the
 * redirect can never point at another origin.
 */
function pathAndQuery(target: string): string {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return '/';
  }
}

export default fp<LegacyHostOptions>(
  (app, { legacyHosts, publicUrl }, done) => {
    const hosts = new Set(legacyHosts.map((host) => host.toLowerCase()));
    if (hosts.size === 0) {
      done();
      return;
    }
    const origin = new URL(publicUrl).origin;
    app.addHook('onRequest', (request, reply, next) => {
      // request.hostname has no port in Fastify 5; a trailing dot is the same host.
      const hostname = request.hostname.toLowerCase().replace(/\.$/, '');
      if (!hosts.has(hostname)) {
        next();
        return;
      }
      // 301 for page loads as the spec asks; 308 for anything else so a
      // browser repeats a POST with its body instead of turning it into a GET.
      const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
      void reply.redirect(origin + pathAndQuery(request.url), status);
    });
    done();
  },
  { name: 'legacy-host', fastify: '5.x' },
);
