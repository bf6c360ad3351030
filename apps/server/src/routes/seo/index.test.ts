import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { insertProperty } from '@sas/db/testing';
import { properties } from '@sas/db/schema';
import { sitePages } from '@sas/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { renderSitemap } from './index.js';

const origin = 'https://summitandshore.example';

let t: TestApp;
let mediaDir: string;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: origin });
  mediaDir = join(t.dataDir, 'media');
  await mkdir(mediaDir, { recursive: true });
});

afterAll(async () => {
  await t?.close();
});

/** A stored main photo as the seeder writes it: 1600 wide, 3:2, WebP. */
async function writePhoto(key: string): Promise<void> {
  await sharp({ create: { width: 1600, height: 1067, channels: 3, background: '#3a6ea5' } })
    .webp()
    .toFile(join(mediaDir, `${key}-1600.webp`));
}

describe('GET /sitemap.xml', () => {
  it('lists every home and every static page with absolute URLs', async () => {
    const extra = await insertProperty(t.db, { slug: 'sitemap-test-home' });
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const xml = response.body;
    expect(xml).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );

    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const homes = await t.db.select({ slug: properties.slug }).from(properties);
    expect(homes.length).toBeGreaterThan(t.catalog.properties.length - 1);
    for (const { slug } of homes) expect(locs).toContain(`${origin}/property/${slug}`);
    expect(locs).toContain(`${origin}/property/${extra.slug}`);
    const listed = sitePages.filter((page) => page.canonicalPath === undefined && !page.noindex);
    for (const page of listed) expect(locs).toContain(`${origin}${page.path}`);
    // Aliases such as /about are the page at their canonical path, listed once.
    expect(locs).not.toContain(`${origin}/about`);
    expect(locs).not.toContain(`${origin}/login`);
    expect(locs).toHaveLength(homes.length + listed.length);
  });

  it('escapes URLs for XML', () => {
    expect(renderSitemap(['https://x.example/a?b=1&c=<2>'])).toContain(
      '<loc>https://x.example/a?b=1&amp;c=&lt;2&gt;</loc>',
    );
  });
});

describe('GET /robots.txt', () => {
  it('allows crawling except the API and the booking steps, and names the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/reservation', '/reservations', '/payment', '/booking-confirmation']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

describe('GET /media/social/:slug.jpg', () => {
  it('draws a 1200x630 JPEG from the main photo, caches it on disk and lets clients cache it', async () => {
    const home = await insertProperty(t.db, {
      publicName: 'Social Preview Lodge with a Really Quite Long Name & More',
      slug: 'social-preview-lodge',
      images: [{ key: 'social-test-photo', alt: 'Lodge', width: 1600, height: 1067 }],
    });
    await writePhoto('social-test-photo');

    const response = await t.app.inject({ url: `/media/social/${home.slug}.jpg` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d{6,}/);
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });

    // The photo shows through at the top; the bottom is shaded for the text.
    const { data, info } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => data[(y * info.width + x) * info.channels + 2] ?? 0;
    expect(Math.abs(pixel(1100, 20) - 0xa5)).toBeLessThan(12);
    expect(pixel(1100, 620)).toBeLessThan(0xa5 - 40);

    const cached = await readdir(join(mediaDir, 'social'));
    expect(cached.filter((file) => file.startsWith(`${home.slug}.`) && file.endsWith('.jpg'))).toHaveLength(1);
    expect(cached.some((file) => file.endsWith('.tmp'))).toBe(false);

    const again = await t.app.inject({ url: `/media/social/${home.slug}.jpg` });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    const revalidated = await t.app.inject({
      url: `/media/social/${home.slug}.jpg`,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('draws a branded image for a home whose photo file is missing', async () => {
    const home = await insertProperty(t.db, {
      slug: 'social-no-photo-file',
      images: [{ key: 'never-written-photo', alt: 'x', width: 1600, height: 1067 }],
    });
    const response = await t.app.inject({ url: `/media/social/${home.slug}.jpg` });
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('answers 404 JSON for an unknown or malformed slug', async () => {
    for (const url of [
      '/media/social/no-such-home.jpg',
      '/media/social/Social-Preview-Lodge.jpg',
      '/media/social/social-preview-lodge.png',
      '/media/social/..%2F..%2Fetc%2Fpasswd.jpg',
      '/media/social/.jpg',
    ]) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Social image not found' });
    }
  });
});
