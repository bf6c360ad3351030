import { describe, it, expect } from 'vitest';
import { mergeCollectionCards, pageCount, pageSlice, shuffle } from './collections.js';
import { DomainError } from './errors.js';

function sequence(values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
}

const card = (id: string) => ({ id });
const ids = (cards: { id: string }[]) => cards.map((c) => c.id);

describe('shuffle', () => {
  it('keeps every item and does not mutate the input', () => {
    const input = ['a', 'b', 'c', 'd', 'e'];
    const result = shuffle(input, Math.random);
    expect([...result].sort()).toEqual(input);
    expect(input).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('follows the injected random source', () => {
    // Always picking index 0 rotates the first item to the end step by step.
    expect(shuffle(['a', 'b', 'c', 'd'], () => 0)).toEqual(['b', 'c', 'd', 'a']);
    // A source just below 1 always swaps an item with itself.
    expect(shuffle(['a', 'b', 'c'], () => 0.999)).toEqual(['a', 'b', 'c']);
  });

  it('stays in range when the source returns exactly 1', () => {
    expect(shuffle(['a', 'b', 'c'], () => 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('mergeCollectionCards', () => {
  const keepOrder = () => 0.999;

  it('shows each home only in the first collection that has it', () => {
    const result = mergeCollectionCards(
      [
        { collection: 'essentials', cards: [card('1'), card('2'), card('3')] },
        { collection: 'resort', cards: [card('2'), card('4')] },
      ],
      keepOrder,
    );
    expect(result.map((r) => [r.collection, ids(r.cards)])).toEqual([
      ['essentials', ['1', '2', '3']],
      ['resort', ['4']],
    ]);
  });

  it('orders collections by size after de-duplication, ties in input order', () => {
    const result = mergeCollectionCards(
      [
        { collection: 'essentials', cards: [card('1')] },
        { collection: 'resort', cards: [card('1'), card('2'), card('3')] },
        { collection: 'luxury', cards: [card('4'), card('5')] },
        { collection: 'michigan', cards: [] },
      ],
      keepOrder,
    );
    expect(result.map((r) => [r.collection, ids(r.cards)])).toEqual([
      ['resort', ['2', '3']],
      ['luxury', ['4', '5']],
      ['essentials', ['1']],
      ['michigan', []],
    ]);
  });

  it('removes a home listed twice in one collection', () => {
    const [only] = mergeCollectionCards([{ collection: 'luxury', cards: [card('1'), card('1')] }], keepOrder);
    expect(ids(only!.cards)).toEqual(['1']);
  });

  it('shuffles each collection with the injected source', () => {
    const [only] = mergeCollectionCards(
      [{ collection: 'resort', cards: [card('a'), card('b'), card('c'), card('d')] }],
      sequence([0]),
    );
    expect(ids(only!.cards)).toEqual(['b', 'c', 'd', 'a']);
  });
});

describe('pageSlice', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];

  it('returns one page', () => {
    expect(pageSlice(items, 0, 4)).toEqual(['a', 'b', 'c', 'd']);
    expect(pageSlice(items, 2, 4)).toEqual(['i', 'j']);
  });

  it('wraps past the last page and before the first', () => {
    expect(pageSlice(items, 3, 4)).toEqual(['a', 'b', 'c', 'd']);
    expect(pageSlice(items, -1, 4)).toEqual(['i', 'j']);
  });

  it('handles empty lists and rejects a bad page size', () => {
    expect(pageSlice([], 5, 4)).toEqual([]);
    expect(pageCount(10, 4)).toBe(3);
    expect(() => pageSlice(items, 0, 0)).toThrow(DomainError);
  });
});
