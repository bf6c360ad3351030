import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { photoFileName, photoFormats, photoWidths } from '@sas/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMedia, renderScene } from './render.js';
import { sceneKeys, sceneSvg } from './scenes.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sas-media-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('scenes', () => {
  it('are about three dozen distinct, file-name-safe keys', () => {
    expect(sceneKeys.length).toBeGreaterThanOrEqual(36);
    expect(new Set(sceneKeys).size).toBe(sceneKeys.length);
    for (const key of sceneKeys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('draw the same picture for the same key, and different ones for different keys', () => {
    expect(sceneSvg('living-stone-fireplace', 480, 320)).toBe(sceneSvg('living-stone-fireplace', 480, 320));
    const all = new Set(sceneKeys.map((k) => sceneSvg(k, 480, 320)));
    expect(all.size).toBe(sceneKeys.length);
  });
});

describe('renderScene', () => {
  it('encodes every width and format at 3:2, decodable by sharp', async () => {
    const photos = await renderScene('place-lighthouse');
    expect(photos.map((p) => p.fileName).sort()).toEqual(
      photoWidths.flatMap((w) => photoFormats.map((f) => photoFileName('place-lighthouse', w, f))).sort(),
    );
    for (const photo of photos) {
      const meta = await sharp(photo.data).metadata();
      expect(meta.width).toBe(photo.width);
      expect(meta.height).toBe(Math.round((photo.width * 2) / 3));
      expect(meta.format).toBe(photo.format === 'avif' ? 'heif' : 'webp');
    }
  });

  // Written out rather than computed: pages, the social images and stored
  // StoredImage rows name these files and sizes, so they must not drift.
  it('writes the same files, pixel sizes and formats the seed has always served', async () => {
    const photos = await renderScene('living-stone-fireplace');
    const decoded = await Promise.all(
      photos.map(async (p) => {
        const meta = await sharp(p.data).metadata();
        return [p.fileName, meta.width, meta.height, meta.format];
      }),
    );
    expect(decoded.sort()).toEqual(
      [
        ['living-stone-fireplace-480.avif', 480, 320, 'heif'],
        ['living-stone-fireplace-480.webp', 480, 320, 'webp'],
        ['living-stone-fireplace-960.avif', 960, 640, 'heif'],
        ['living-stone-fireplace-960.webp', 960, 640, 'webp'],
        ['living-stone-fireplace-1600.avif', 1600, 1067, 'heif'],
        ['living-stone-fireplace-1600.webp', 1600, 1067, 'webp'],
      ].sort(),
    );
  });

  it('produces a picture, not a blank canvas', async () => {
    const [photo] = await renderScene('vista-tenmile-sunrise', { widths: [480], formats: ['webp'] });
    const stats = await sharp(photo!.data).stats();
    for (const channel of stats.channels) expect(channel.stdev).toBeGreaterThan(10);
  });
});

describe('ensureMedia', () => {
  const keys = ['exterior-log-cabin-snow', 'kitchen-island-pendants'];

  it('writes every file of the requested scenes, then skips them on the next call', async () => {
    expect(await ensureMedia(dir, { keys })).toEqual({ rendered: 2, skipped: 0 });
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(
      keys.flatMap((k) => photoWidths.flatMap((w) => photoFormats.map((f) => photoFileName(k, w, f)))).sort(),
    );
    const before = await stat(join(dir, photoFileName(keys[0]!, 1600, 'avif')));
    expect(await ensureMedia(dir, { keys })).toEqual({ rendered: 0, skipped: 2 });
    const after = await stat(join(dir, photoFileName(keys[0]!, 1600, 'avif')));
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  it('re-renders a scene with a missing file', async () => {
    await rm(join(dir, photoFileName(keys[1]!, 960, 'webp')));
    expect(await ensureMedia(dir, { keys })).toEqual({ rendered: 1, skipped: 1 });
    const meta = await sharp(join(dir, photoFileName(keys[1]!, 960, 'webp'))).metadata();
    expect([meta.width, meta.height]).toEqual([960, 640]);
  });
});
