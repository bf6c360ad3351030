// Property URLs: /property/{slug}, /property/{uuid} or /property/{listing
// number} (SPEC.md section 2), and the identifiers every route taking a home
// accepts (docs/spec-deviations.md, "Home identifiers").

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

/**
 * The letters and digits of a name or slug, after slugify's normalisation:
 * the key under which slugs differing only in where their dashes fall are the
 * same. SPEC.md's slug rule says "remove punctuation", so a client applying it
 * literally builds `ski-inski-out` from "Ski-in/Ski-out" where slugify builds
 * `ski-in-ski-out`; both have the key `skiinskiout`.
 */
export function slugVariantKey(text: string): string {
  return slugify(text).replace(/-/g, '');
}

/**
 * `slug` when no slug in `takenKeys` (the variant keys of the slugs already
 * given out) shares its variant key, else the first free of `slug-2`,
 * `slug-3`, … So two homes whose names differ only in punctuation, or not at
 * all, get distinct canonical slugs, and every literal-rule variant of a slug
 * names one home.
 */
export function distinctSlug(slug: string, takenKeys: ReadonlySet<string>): string {
  if (!takenKeys.has(slugVariantKey(slug))) return slug;
  for (let n = 2; ; n += 1) {
    const candidate = slug === '' ? String(n) : `${slug}-${n}`;
    if (!takenKeys.has(slugVariantKey(candidate))) return candidate;
  }
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

/**
 * What a reference to a home names: a UUID (the home's `id`), or a name, which
 * is matched against the homes' slugs, listing numbers (`propertyId`, e.g.
 * SAS-1006) and literal-rule slug variants; the server resolves a name in one
 * place (apps/server/src/services/property-ref.ts).
 */
export type PropertyRef =
  | { kind: 'uuid'; id: string }
  | {
      kind: 'slug';
      /** The reference in slug form: a canonical slug, and a listing number lower-cased, are unchanged. */
      slug: string;
    };

/**
 * What a /property/{param} segment or an API's home identifier refers to. A
 * name is canonicalised with slugify so "/property/Bears-Den", a pasted name
 * or "SAS-1006" still finds the home; a canonical slug is returned unchanged.
 */
export function parsePropertyRef(raw: string): PropertyRef {
  const decoded = decodeRouteParam(raw).trim();
  if (isUuid(decoded)) return { kind: 'uuid', id: decoded.toLowerCase() };
  return { kind: 'slug', slug: slugify(decoded) };
}

/**
 * True when a /property/{param} segment is already the home's canonical URL;
 * otherwise the page is replaced by /property/{slug} (a UUID, a listing
 * number, another spelling or a literal-rule variant of the slug).
 */
export function isCanonicalPropertyParam(raw: string, slug: string): boolean {
  return decodeRouteParam(raw) === slug;
}
