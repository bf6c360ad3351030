import { describe, it, expect } from 'vitest';
import { cardSummaryLength, descriptionPreview, parseDescription, truncate } from './text.js';

describe('truncate', () => {
  it('leaves text that fits untouched', () => {
    expect(truncate('Cozy cabin', 10)).toBe('Cozy cabin');
    expect(truncate('', 5)).toBe('');
  });

  it('cuts at a word boundary and adds an ellipsis within the limit', () => {
    expect(truncate('Cozy cabin near the lifts', 15)).toBe('Cozy cabin…');
    expect(truncate('Cozy cabin near the lifts', 16)).toBe('Cozy cabin near…');
  });

  it('drops trailing punctuation before the ellipsis', () => {
    expect(truncate('Hot tub, fire pit, sauna and more', 18)).toBe('Hot tub, fire pit…');
  });

  it('cuts inside a word that is too long to keep whole', () => {
    expect(truncate('Supercalifragilisticexpialidocious', 10)).toBe('Supercali…');
  });

  it('never exceeds the limit on a real summary', () => {
    const summary =
      'Ski-in/ski-out townhome on Peak 8 with a private hot tub, two fireplaces, a chef’s kitchen and views over the whole Tenmile Range.';
    const short = truncate(summary, cardSummaryLength);
    expect(short.length).toBeLessThanOrEqual(cardSummaryLength);
    expect(short).toBe(
      'Ski-in/ski-out townhome on Peak 8 with a private hot tub, two fireplaces, a chef’s kitchen and views over the whole…',
    );
  });

  it('does not split an emoji', () => {
    const result = truncate(`${'a'.repeat(8)}😀😀😀`, 10);
    expect(result).toBe(`${'a'.repeat(8)}…`);
  });
});

const description = [
  'Welcome to the lodge.\nSteps from Main Street.',
  '',
  'Highlights:',
  '- Hot tub',
  '• Sauna',
  '- Garage',
  '- Fire pit',
  '',
  '',
  'Sleeping:\r\n- King bed\r\n- Bunk room',
  '   ',
  'Third paragraph.',
].join('\n');

describe('parseDescription', () => {
  it('splits paragraphs on blank lines and collects bullets', () => {
    expect(parseDescription(description)).toEqual([
      { text: 'Welcome to the lodge. Steps from Main Street.', bullets: [] },
      { text: 'Highlights:', bullets: ['Hot tub', 'Sauna', 'Garage', 'Fire pit'] },
      { text: 'Sleeping:', bullets: ['King bed', 'Bunk room'] },
      { text: 'Third paragraph.', bullets: [] },
    ]);
  });

  it('does not mistake a hyphenated word for a bullet', () => {
    expect(parseDescription('-20% off in spring')).toEqual([{ text: '-20% off in spring', bullets: [] }]);
  });

  it('is empty for no description', () => {
    expect(parseDescription(null)).toEqual([]);
    expect(parseDescription('\n\n  \n')).toEqual([]);
  });
});

describe('descriptionPreview', () => {
  it('keeps the first 2 paragraphs and 3 bullets each', () => {
    expect(descriptionPreview(description)).toEqual({
      blocks: [
        { text: 'Welcome to the lodge. Steps from Main Street.', bullets: [] },
        { text: 'Highlights:', bullets: ['Hot tub', 'Sauna', 'Garage'] },
      ],
      hasMore: true,
    });
  });

  it('reports more when only bullets were cut', () => {
    expect(descriptionPreview('Intro\n\n- a\n- b\n- c\n- d').hasMore).toBe(true);
  });

  it('reports nothing more for a short description', () => {
    expect(descriptionPreview('Intro\n\n- a\n- b\n- c')).toEqual({
      blocks: [
        { text: 'Intro', bullets: [] },
        { text: '', bullets: ['a', 'b', 'c'] },
      ],
      hasMore: false,
    });
  });
});
