import { describe, expect, it } from 'vitest';
import { arrayOf, hasStringFields, shaped } from './response-shape';

describe('light response checks', () => {
  const home = shaped<{ id: string; slug: string }>('property details', hasStringFields('id', 'slug'));
  const homes = shaped<{ id: string }[]>('collection listing', arrayOf(hasStringFields('id')));

  it('passes an answer of the expected shape through unchanged', () => {
    const answer = { id: 'a', slug: 'cabin', extra: 1 };
    expect(home.parse(answer)).toBe(answer);
    expect(homes.parse([])).toEqual([]);
  });

  it('turns a wrong answer into an error that names what was expected', () => {
    for (const wrong of [null, 'cabin', [], { id: 'a' }, { id: 'a', slug: 3 }]) {
      expect(() => home.parse(wrong)).toThrow('Unexpected property details from the server');
    }
    expect(() => homes.parse({ id: 'a' })).toThrow('Unexpected collection listing from the server');
    expect(() => homes.parse([{ id: 'a' }, { id: 2 }])).toThrow('Unexpected collection listing');
  });
});
