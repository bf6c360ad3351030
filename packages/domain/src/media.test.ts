import { describe, expect, it } from 'vitest';
import { photoSrcSet, photoUrl } from './media.js';

describe('photo URLs', () => {
  it('names one file per width and format under /media', () => {
    expect(photoUrl('homes/bear/1', 960)).toBe('/media/homes/bear/1-960.webp');
    expect(photoSrcSet('homes/bear/1', 'avif')).toBe(
      '/media/homes/bear/1-480.avif 480w, /media/homes/bear/1-960.avif 960w, /media/homes/bear/1-1600.avif 1600w',
    );
  });
});
