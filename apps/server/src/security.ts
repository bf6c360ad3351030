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

export type CspDirectives = Record<keyof typeof cspDirectives, string[]>;

/** The origin ("https://chat.example") of an absolute URL, or null. */
function originOf(url: string | undefined): string | null {
  if (url === undefined || !URL.canParse(url)) return null;
  const { origin } = new URL(url);
  return origin === 'null' ? null : origin;
}

/**
 * The policy with the configured embeds let in, and nothing else: the chat
 * script's origin may run scripts and, as chat widgets do, open frames,
 * connect and show images; the map's origin may be framed.
 */
export function siteCspDirectives(embeds: {
  CHAT_SCRIPT_URL?: string | undefined;
  MAP_EMBED_URL?: string | undefined;
}): CspDirectives {
  const directives: CspDirectives = { ...cspDirectives };
  const chat = originOf(embeds.CHAT_SCRIPT_URL);
  if (chat !== null) {
    directives.scriptSrc = [...directives.scriptSrc, chat];
    // Chat widgets talk back over fetch and WebSockets.
    directives.connectSrc = [...directives.connectSrc, chat, chat.replace(/^http/, 'ws')];
    directives.frameSrc = [...directives.frameSrc, chat];
    directives.imgSrc = [...directives.imgSrc, chat];
  }
  const map = originOf(embeds.MAP_EMBED_URL);
  if (map !== null) directives.frameSrc = [...directives.frameSrc, map];
  return directives;
}

/** A policy as a header value, e.g. "default-src 'self';img-src 'self' data: blob:;...". */
export function cspHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(
      ([name, sources]) =>
        `${name.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)} ${[...new Set(sources)].join(' ')}`,
    )
    .join(';');
}

/** The policy without configured embeds as a header value. */
export const cspHeaderValue = cspHeader(cspDirectives);
