// Property URLs: /property/{slug} or /property/{uuid} (SPEC.md section 2).

// Latin letters that NFKD leaves intact; without this they would survive as
// non-ASCII or be lost, e.g. "Smørrebrød" or "Großglockner".
const transliterations: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * Readable, URL-safe form of a name: "Bear's Den – Ski-in/Ski-out" becomes
 * "bears-den-ski-in-ski-out". Apostrophes vanish so possessives stay one word;
 * every other run of non-letters/digits (dashes of any kind, slashes, &, …)
 * becomes a single dash. Letters of other scripts are kept rather than
 * dropped, so a name never silently turns into an empty slug.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþı]/g, (ch) => transliterations[ch] ?? ch)
    .replace(/['‘’ʼ`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Slug of a property from its public name, else its internal name. Falls back
 * to the internal name too when the public name has nothing sluggable in it
 * (e.g. "★★★"), so every property keeps a usable URL.
 */
export function propertySlug(property: { public_name?: string | null; name: string }): string {
  const publicName = property.public_name?.trim() ?? '';
  const fromPublic = publicName === '' ? '' : slugify(publicName);
  return fromPublic === '' ? slugify(property.name) : fromPublic;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Standard RFC 4122 UUID of versions 1 to 5, any letter case. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/** Malformed escapes such as "%E0%A4%A" must not crash a route. */
export function decodeRouteParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export type PropertyRef = { kind: 'uuid'; id: string } | { kind: 'slug'; slug: string };

/**
 * What a /property/{param} segment refers to. The slug is canonicalised with
 * slugify so "/property/Bears-Den" or a pasted name still finds the home; a
 * canonical slug is returned unchanged.
 */
export function parsePropertyRef(raw: string): PropertyRef {
  const decoded = decodeRouteParam(raw).trim();
  if (isUuid(decoded)) return { kind: 'uuid', id: decoded.toLowerCase() };
  return { kind: 'slug', slug: slugify(decoded) };
}
