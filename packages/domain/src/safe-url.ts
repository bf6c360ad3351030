// URLs that arrive with the data (virtual tour, booking frame, partner links)
// are written by owners and imported from other systems, so they are
// untrusted. This is the one allow-list check for them, shared by the server
// (which refuses to serve anything else and builds its CSP from the same list)
// and the browser (which re-checks before rendering an iframe or a link).

export type UrlKind = 'tour' | 'bookingFrame' | 'partner' | 'map';

/**
 * Hosts trusted for each kind of URL. Matching is exact: a subdomain must be
 * listed on its own line, so a look-alike such as my.matterport.com.evil.test
 * can never slip through.
 */
export const trustedHosts: Readonly<Record<UrlKind, readonly string[]>> = {
  tour: ['my.matterport.com'],
  bookingFrame: ['booking.summitandshore.example'],
  // Links of the content pages (apps/web/src/features/content/data): the
  // concierge partners, our own external forms and our social profiles.
  partner: [
    'www.summitsupperclub.example',
    'www.highalpinewellness.example',
    'www.breckexperiences.example',
    'www.peakskirentals.example',
    'www.alpinepantry.example',
    'www.summitshuttle.example',
    'forms.summitandshore.example',
    'www.instagram.com',
    'www.facebook.com',
    'www.pinterest.com',
  ],
  // The office map embed of the About page (MAP_EMBED_URL), when configured.
  map: ['www.google.com', 'www.openstreetmap.org'],
};

/** Kinds whose value may be a pasted `<iframe …>` embed code instead of a bare URL. */
const embeddableKinds: ReadonlySet<UrlKind> = new Set<UrlKind>(['tour', 'bookingFrame', 'map']);

/** Longer than any real embed URL; a cap keeps parsing of junk data cheap. */
const maxUrlLength = 2048;

// The domain compiles with neither DOM nor Node typings, yet every runtime it
// runs in (Node, browsers) ships the WHATWG URL class; this is the slice we use.
interface WhatwgUrl {
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly port: string;
  readonly href: string;
  readonly searchParams: { set(name: string, value: string): void };
}
const WhatwgUrlClass = (globalThis as unknown as { URL: new (input: string) => WhatwgUrl }).URL;

function parseUrl(value: string): WhatwgUrl | null {
  try {
    return new WhatwgUrlClass(value);
  } catch {
    return null;
  }
}

const namedEntities: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' };

/** Decodes the character references that realistically occur in an attribute value. */
function decodeEntities(value: string): string {
  return value.replace(
    /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi,
    (whole, dec?: string, hex?: string, name?: string) => {
      if (name !== undefined) return namedEntities[name.toLowerCase()] ?? whole;
      const code = dec !== undefined ? Number(dec) : Number.parseInt(hex ?? '', 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

// One attribute of a start tag: name, then an optional double-quoted,
// single-quoted or unquoted value (HTML syntax). Sticky, so attributes are read
// one after another and a "src=" inside another attribute's value is never mistaken
// for the real one.
const attributePattern = /[\s/]*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

/**
 * The decoded `src` of the first `<iframe>` in an embed snippet, or null. Like
 * a browser, the first `src` attribute wins when one is repeated.
 */
export function iframeSrc(snippet: string): string | null {
  const start = /<iframe(?=[\s/>])/i.exec(snippet);
  if (!start) return null;
  attributePattern.lastIndex = start.index + start[0].length;
  for (;;) {
    const from = attributePattern.lastIndex;
    const match = attributePattern.exec(snippet);
    if (!match || match.index !== from) return null;
    if (match[1]?.toLowerCase() === 'src') {
      const value = match[2] ?? match[3] ?? match[4];
      return value === undefined ? null : decodeEntities(value).trim();
    }
  }
}

/**
 * The normalised href of `raw` when it is an `https:` URL on one of the
 * trusted hosts of `kind`, with no credentials and the default port; else
 * null. For tours and booking frames a pasted `<iframe src="…">` embed code is
 * first reduced to its src.
 */
export function safeUrl(raw: string | null | undefined, kind: UrlKind): string | null {
  let value = raw?.trim() ?? '';
  if (value.startsWith('<')) {
    if (!embeddableKinds.has(kind)) return null;
    value = iframeSrc(value) ?? '';
  }
  if (value === '' || value.length > maxUrlLength) return null;
  // The URL parser silently drops tabs and newlines and rewrites backslashes,
  // so a value that needs such repairs is not the URL it appears to be.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being rejected
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  // Only an absolute https URL: this rejects protocol-relative "//host",
  // "https:host" and every other scheme before the parser gets a say.
  if (!/^https:\/\//i.test(value)) return null;

  const url = parseUrl(value);
  if (!url || url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  return trustedHosts[kind].includes(url.hostname) ? url.href : null;
}

/**
 * `url` with the given query values set (replacing any already there);
 * undefined values are left out. `url` must be absolute, e.g. a value
 * returned by safeUrl.
 */
export function withQuery(url: string, params: Readonly<Record<string, string | undefined>>): string {
  const parsed = parseUrl(url);
  if (!parsed) throw new TypeError(`withQuery needs an absolute URL, got "${url}"`);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) parsed.searchParams.set(name, value);
  }
  return parsed.href;
}

/** `https://host` origins of one kind, e.g. for a Content-Security-Policy frame-src. */
export function trustedOrigins(kind: UrlKind): string[] {
  return trustedHosts[kind].map((host) => `https://${host}`);
}
