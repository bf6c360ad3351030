// The Content-Security-Policy of every page, in one place: helmet sends it on
// normal responses and the pre-routing error path adds it by hand.

/**
 * What the SPA needs and nothing more: its own scripts, styles (React sets
 * inline style attributes), photos and fetches. No upgrade-insecure-requests:
 * the default deployment is http://localhost, where it would break loading.
 */
export const cspDirectives = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  scriptSrc: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
} satisfies Record<string, string[]>;

/** The same policy as a header value, e.g. "default-src 'self';img-src 'self' data: blob:;...". */
export const cspHeaderValue = Object.entries(cspDirectives)
  .map(([name, sources]) => `${name.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)} ${sources.join(' ')}`)
  .join(';');
