import { describe, it, expect } from 'vitest';
import { decodeRouteParam, isUuid, parsePropertyRef, propertySlug, slugify } from './slug.js';

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
});
