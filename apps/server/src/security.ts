// The Content-Security-Policy of every page, in one place: helmet sends it on
// normal responses and the pre-routing error path adds it by hand.
import { trustedOrigins } from '@sas/domain';

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
  // Only the allow-listed embeds (virtual tour, booking frame) may load in an
  // iframe: the same list safeUrl checks, so an iframe that passes it loads
  // and nothing else does.
  frameSrc: ["'self'", ...trustedOrigins('tour'), ...trustedOrigins('bookingFrame')],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
} satisfies Record<string, string[]>;

/** The same policy as a header value, e.g. "default-src 'self';img-src 'self' data: blob:;...". */
export const cspHeaderValue = Object.entries(cspDirectives)
  .map(([name, sources]) => `${name.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)} ${sources.join(' ')}`)
  .join(';');
