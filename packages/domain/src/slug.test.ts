import { describe, it, expect } from 'vitest';
import {
  decodeRouteParam,
  distinctSlug,
  isCanonicalPropertyParam,
  isUuid,
  parsePropertyRef,
  propertySlug,
  slugify,
  slugVariantKey,
} from './slug.js';

describe('slugify', () => {
  it('lowercases and joins words with single dashes', () => {
    expect(slugify('Mountain View Lodge')).toBe('mountain-view-lodge');
    expect(slugify('  Lake   House  ')).toBe('lake-house');
  });

  it('strips accents and transliterates special letters', () => {
    expect(slugify('Château Élan Café')).toBe('chateau-elan-cafe');
    expect(slugify('Großes Haus')).toBe('grosses-haus');
    expect(slugify('Søren’s Hytte')).toBe('sorens-hytte');
  });

  it('turns every kind of dash into one dash and collapses runs', () => {
    expect(slugify('Breckenridge – Peak 8 — Ski-in/Ski-out')).toBe('breckenridge-peak-8-ski-in-ski-out');
    expect(slugify('a -- b ‒ c ‐ d − e')).toBe('a-b-c-d-e');
  });

  it('removes punctuation, keeping possessives as one word', () => {
    expect(slugify("Bear's Den!")).toBe('bears-den');
    expect(slugify('Summit & Shore: The "Best" Cabin (Unit #5)')).toBe('summit-shore-the-best-cabin-unit-5');
  });

  it('trims dashes at the edges', () => {
    expect(slugify('--- Cozy Cabin ---')).toBe('cozy-cabin');
    expect(slugify('…Pines…')).toBe('pines');
  });

  it('returns an empty string when nothing is sluggable', () => {
    expect(slugify('!!! ---')).toBe('');
  });

  it('leaves a slug unchanged', () => {
    expect(slugify('bears-den-ski-in-ski-out')).toBe('bears-den-ski-in-ski-out');
  });
});

describe('propertySlug', () => {
  it('prefers the public name', () => {
    expect(propertySlug({ public_name: 'Aspen Hideaway', name: 'BRK-101' })).toBe('aspen-hideaway');
  });

  it('falls back to the name when the public name is null, blank or unsluggable', () => {
    expect(propertySlug({ public_name: null, name: 'BRK 101' })).toBe('brk-101');
    expect(propertySlug({ public_name: '   ', name: 'BRK 101' })).toBe('brk-101');
    expect(propertySlug({ public_name: '★★★', name: 'BRK 101' })).toBe('brk-101');
    expect(propertySlug({ name: 'BRK 101' })).toBe('brk-101');
  });
});

describe('slugVariantKey', () => {
  it('gives our slug and the one a literal reading of SPEC.md builds the same key', () => {
    // SPEC.md: "remove punctuation", so the slash of Ski-in/Ski-out goes and joins the words.
    const literal = 'ski-inski-out';
    expect(slugify('Ski-in/Ski-out')).toBe('ski-in-ski-out');
    expect(slugVariantKey('ski-in-ski-out')).toBe('skiinskiout');
    expect(slugVariantKey(literal)).toBe('skiinskiout');
    expect(slugVariantKey('Ski-in/Ski-out')).toBe('skiinskiout');
  });

  it('keeps letters and digits only, after the same normalisation as slugify', () => {
    expect(slugVariantKey("Bear's Den – Peak 8")).toBe('bearsdenpeak8');
    expect(slugVariantKey('Château Élan')).toBe('chateauelan');
    expect(slugVariantKey('Summit Penthouse @ Peak 7')).toBe('summitpenthousepeak7');
    expect(slugVariantKey('--- !!! ---')).toBe('');
  });

  it('tells apart names that differ in letters or digits', () => {
    expect(slugVariantKey('peak-8-loft')).not.toBe(slugVariantKey('peak-9-loft'));
    expect(slugVariantKey('lake-house')).not.toBe(slugVariantKey('lake-houses'));
  });
});

describe('distinctSlug', () => {
  it('keeps a slug nobody has', () => {
    expect(distinctSlug('lake-house', new Set(['pinehouse']))).toBe('lake-house');
  });

  it('numbers a slug that is taken, or whose variant key is', () => {
    expect(distinctSlug('lake-house', new Set(['lakehouse']))).toBe('lake-house-2');
    // "Ski-in Ski-out" after "Skiin Skiout": different slugs, one key.
    expect(distinctSlug('ski-in-ski-out', new Set([slugVariantKey('skiin-skiout')]))).toBe('ski-in-ski-out-2');
    expect(distinctSlug('lake-house', new Set(['lakehouse', 'lakehouse2', 'lakehouse3']))).toBe('lake-house-4');
  });

  it('gives every home of a list a slug of its own key', () => {
    const keys = new Set<string>();
    const slugs = ['Lake House', 'Lake-House', 'Lake House', 'Lakehouse', 'Lake House 2'].map((name) => {
      const slug = distinctSlug(slugify(name), keys);
      keys.add(slugVariantKey(slug));
      return slug;
    });
    expect(slugs).toEqual(['lake-house', 'lake-house-2', 'lake-house-3', 'lakehouse-4', 'lake-house-2-2']);
    expect(new Set(slugs.map(slugVariantKey)).size).toBe(slugs.length);
  });
});

describe('isUuid', () => {
  it('accepts versions 1 to 5 in either case', () => {
    expect(isUuid('6fa459ea-ee8a-3ca4-894e-db77e160355e')).toBe(true);
    expect(isUuid('123E4567-E89B-12D3-A456-426614174000')).toBe(true);
    expect(isUuid('f47ac10b-58cc-4372-a567-0e02b2c3d479')).toBe(true);
    expect(isUuid('886313e1-3b8a-5372-9b90-0c9aee199e5d')).toBe(true);
  });

  it('rejects other versions, bad variants, nil and malformed values', () => {
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(isUuid('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')).toBe(false);
    expect(isUuid('f47ac10b-58cc-4372-c567-0e02b2c3d479')).toBe(false);
    expect(isUuid('f47ac10b58cc4372a5670e02b2c3d479')).toBe(false);
    expect(isUuid(' f47ac10b-58cc-4372-a567-0e02b2c3d479')).toBe(false);
    expect(isUuid('bears-den')).toBe(false);
  });
});

describe('decodeRouteParam', () => {
  it('decodes percent escapes', () => {
    expect(decodeRouteParam('caf%C3%A9-lodge')).toBe('café-lodge');
  });

  it('returns the raw value when decoding fails', () => {
    expect(decodeRouteParam('100%-fun')).toBe('100%-fun');
    expect(decodeRouteParam('%E0%A4%A')).toBe('%E0%A4%A');
  });
});

describe('parsePropertyRef', () => {
  it('recognises a UUID and lower-cases it', () => {
    expect(parsePropertyRef('F47AC10B-58CC-4372-A567-0E02B2C3D479')).toEqual({
      kind: 'uuid',
      id: 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
    });
  });

  it('decodes before deciding', () => {
    expect(parsePropertyRef('%20f47ac10b-58cc-4372-a567-0e02b2c3d479')).toEqual({
      kind: 'uuid',
      id: 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
    });
  });

  it('treats anything else as a slug, canonicalised', () => {
    expect(parsePropertyRef('bears-den')).toEqual({ kind: 'slug', slug: 'bears-den' });
    expect(parsePropertyRef('Bear%27s%20Den')).toEqual({ kind: 'slug', slug: 'bears-den' });
    expect(parsePropertyRef('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')).toEqual({
      kind: 'slug',
      slug: '017f22e2-79b0-7cc3-98c4-dc0c0c07398f',
    });
  });

  it('survives a malformed escape', () => {
    expect(parsePropertyRef('100%-fun')).toEqual({ kind: 'slug', slug: '100-fun' });
  });

  it('puts a listing number in slug form, whatever its case', () => {
    expect(parsePropertyRef('SAS-1006')).toEqual({ kind: 'slug', slug: 'sas-1006' });
    expect(parsePropertyRef('sas-1006')).toEqual({ kind: 'slug', slug: 'sas-1006' });
  });
});

describe('isCanonicalPropertyParam', () => {
  it('accepts the canonical slug, encoded or not', () => {
    expect(isCanonicalPropertyParam('bears-den', 'bears-den')).toBe(true);
    expect(isCanonicalPropertyParam('caf%C3%A9-lodge', 'café-lodge')).toBe(true);
  });

  it('refuses every other name of the home', () => {
    expect(isCanonicalPropertyParam('ski-inski-out', 'ski-in-ski-out')).toBe(false);
    expect(isCanonicalPropertyParam('Bears-Den', 'bears-den')).toBe(false);
    expect(isCanonicalPropertyParam('SAS-1006', 'bears-den')).toBe(false);
    expect(isCanonicalPropertyParam('f47ac10b-58cc-4372-a567-0e02b2c3d479', 'bears-den')).toBe(false);
  });
});
