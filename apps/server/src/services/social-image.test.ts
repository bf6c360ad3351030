import { describe, expect, it } from 'vitest';
import { nameLineLength, nameLines } from './social-image.js';

describe('nameLines', () => {
  it('keeps a short name on one line', () => {
    expect(nameLines('Short Cabin')).toEqual(['Short Cabin']);
  });

  it('breaks a longer name at a word boundary into two lines', () => {
    expect(nameLines('Tannenbaum by the River Lodge and Spa')).toEqual(['Tannenbaum by the River', 'Lodge and Spa']);
  });

  it('ends a name too long for two lines in an ellipsis, within the line length', () => {
    const lines = nameLines("Bear's Den Lodge – Ski-in/Ski-out on Peak 8 with Hot Tub & Views of the Range");
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith('…')).toBe(true);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(nameLineLength);
  });

  it('cuts a single overlong word', () => {
    const lines = nameLines('Supercalifragilisticexpialidocious-Chalet');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.length).toBeLessThanOrEqual(nameLineLength);
  });
});
