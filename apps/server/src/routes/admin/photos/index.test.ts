import { auditLog, mediaFiles, properties } from '@sas/db';
import {
  adminPhotoListSchema,
  adminPhotoUploadResponseSchema,
  photoFileName,
  photoIdOf,
  propertyDetailsSchema,
  type AdminPhoto,
} from '@sas/domain';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { multipartBody, type FilePart } from '../../../test/multipart.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let home: { id: string; slug: string };
let other: { id: string; slug: string };
let jpeg: Buffer;
let png: Buffer;

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A multipart/form-data body with one `photos` part per file. */
const multipart = (files: FilePart[]) => multipartBody(files, 'photos');

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 140 } } });

async function upload(account: TestAccount | null, files: FilePart[], ref = home.slug, app: FastifyInstance = t.app) {
  const { payload, headers } = multipart(files);
  return injectAs(app, account, { method: 'POST', url: `/api/admin/properties/${ref}/photos`, payload, headers });
}

async function photosOf(id: string): Promise<AdminPhoto[]> {
  const [row] = await t.db.select({ images: properties.images }).from(properties).where(eq(properties.id, id));
  return (row?.images ?? []).map((i) => ({
    id: photoIdOf(id, i.key),
    key: i.key,
    alt: i.alt,
    width: i.width,
    height: i.height,
    url: '',
    thumbnailUrl: '',
  }));
}

beforeAll(async () => {
  t = await buildTestApp();
  const pick = (code: string) => {
    const found = t.catalog.properties.find((p) => p.propertyId === code);
    if (!found) throw new Error(`${code} is not in the seed`);
    return { id: found.id, slug: found.slug };
  };
  home = pick('SAS-1003');
  other = pick('SAS-1004');
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [other.id]);
  jpeg = await image(1200, 900).jpeg().toBuffer();
  png = await image(800, 800).png().toBuffer();
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/admin/properties/{id}/photos', () => {
  it('refuses anonymous callers (401), guests and owners, even of the home (403)', async () => {
    const file = [{ filename: 'a.jpg', data: jpeg }];
    expect((await upload(null, file)).statusCode).toBe(401);
    for (const account of [accounts.guest, accounts.owner, accounts.otherOwner]) {
      expect((await upload(account, file)).statusCode).toBe(403);
    }
  });

  it('stores several photos at once, renders every width and format, and serves them with long-lived caching', async () => {
    const before = await photosOf(home.id);
    const response = await upload(accounts.staff, [
      { filename: 'porch.jpg', contentType: 'image/jpeg', data: jpeg },
      // The declared type is ignored: the content decides.
      { filename: 'kitchen.txt', contentType: 'text/plain', data: png },
    ]);
    expect(response.statusCode).toBe(201);
    const added = adminPhotoUploadResponseSchema.parse(response.json());
    expect(added).toHaveLength(2);
    for (const photo of added) {
      expect(photo).toMatchObject({ width: 1600, height: 1067, id: photoIdOf(home.id, photo.key) });
      expect(photo.alt).toMatch(/^Photo of /);
      const files = await t.db
        .select({ name: mediaFiles.name })
        .from(mediaFiles)
        .where(like(mediaFiles.name, `${photo.key}-%`));
      expect(files).toHaveLength(6);
      const served = await t.app.inject({ url: photo.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(1600);
      const avif = await t.app.inject({ url: `/media/${photoFileName(photo.key, 480, 'avif')}` });
      expect(avif.statusCode).toBe(200);
      expect(avif.headers['content-type']).toBe('image/avif');
    }
    // Appended to the home, and the public details show them at once.
    expect((await photosOf(home.id)).map((p) => p.key)).toEqual([
      ...before.map((p) => p.key),
      ...added.map((p) => p.key),
    ]);
    const details = propertyDetailsSchema.parse(
      (await t.app.inject({ url: `/api/properties/search/${home.slug}` })).json(),
    );
    expect(details.photos.slice(-2).map((p) => p.key)).toEqual(added.map((p) => p.key));

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, home.id), eq(auditLog.action, 'photo.upload')));
    expect(audits.at(-1)?.actorId).toBe(accounts.staff.id);
  });

  it('accepts WebP and AVIF, as an admin too', async () => {
    const webp = await image(640, 480).webp().toBuffer();
    const avif = await image(640, 480).avif().toBuffer();
    const response = await upload(accounts.admin, [
      { filename: 'a.webp', data: webp },
      { filename: 'b.avif', data: avif },
    ]);
    expect(response.statusCode).toBe(201);
    expect(adminPhotoUploadResponseSchema.parse(response.json())).toHaveLength(2);
  });

  it('refuses what is not an accepted photo by its content (415), storing nothing', async () => {
    const count = async () => (await t.db.select({ name: mediaFiles.name }).from(mediaFiles)).length;
    const stored = await count();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const gif = await image(20, 20).gif().toBuffer();
    // An ISO-BMFF header announcing HEIC, as an iPhone writes it.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(64),
    ]);
    const cases: [FilePart, RegExp][] = [
      [
        { filename: 'notes.jpg', contentType: 'image/jpeg', data: Buffer.from('not a photo at all') },
        /JPEG, PNG, WebP or AVIF/,
      ],
      [{ filename: 'logo.svg', data: svg }, /JPEG, PNG, WebP or AVIF/],
      [{ filename: 'anim.gif', data: gif }, /JPEG, PNG, WebP or AVIF/],
      [{ filename: 'IMG_0001.HEIC', data: heic }, /HEIC|JPEG, PNG, WebP or AVIF/],
      [{ filename: 'cut.jpg', data: jpeg.subarray(0, 200) }, /could not be read|JPEG, PNG, WebP or AVIF/],
    ];
    for (const [file, message] of cases) {
      // A good photo first: one bad file refuses the whole upload.
      const response = await upload(accounts.staff, [{ filename: 'ok.jpg', data: jpeg }, file]);
      expect(response.statusCode, file.filename).toBe(415);
      expect(response.json<{ message: string }>().message).toMatch(message);
      expect(response.json<{ message: string }>().message).toContain(file.filename);
    }
    expect(await count()).toBe(stored);
  });

  it('refuses a photo over 50 megapixels (422) and a file over 20 MB (413)', async () => {
    // A flat colour compresses to almost nothing, yet decodes to 52 megapixels.
    const huge = await image(8000, 6500).png({ compressionLevel: 9 }).toBuffer();
    const tooMany = await upload(accounts.staff, [{ filename: 'huge.png', data: huge }]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json<{ message: string }>().message).toMatch(/50 megapixels/);

    const big = Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024)]);
    const tooLarge = await upload(accounts.staff, [{ filename: 'big.jpg', data: big }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<{ message: string }>().message).toMatch(/20 MB/);
  });

  it('refuses a body that is not multipart (415) and an upload without files (400)', async () => {
    const json = await injectAs(t.app, accounts.staff, {
      method: 'POST',
      url: `/api/admin/properties/${home.slug}/photos`,
      payload: { photos: [] },
    });
    expect(json.statusCode).toBe(415);
    expect((await upload(accounts.staff, [])).statusCode).toBe(400);
    expect((await upload(accounts.staff, [{ filename: 'a.jpg', data: jpeg }], 'no-such-home')).statusCode).toBe(404);
  });

  it('leaves multipart parsing to this route: other routes still refuse multipart bodies', async () => {
    const { payload, headers } = multipart([{ filename: 'a.jpg', data: jpeg }]);
    const response = await injectAs(t.app, accounts.staff, {
      method: 'PATCH',
      url: `/api/admin/properties/${home.slug}`,
      payload,
      headers,
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('order, alt text and delete', () => {
  it('refuses anonymous callers, guests and owners on every photo route', async () => {
    const [first] = await photosOf(home.id);
    if (!first) throw new Error('the home has photos');
    for (const [account, status] of [
      [null, 401],
      [accounts.guest, 403],
      [accounts.owner, 403],
      [accounts.otherOwner, 403],
    ] as const) {
      const order = await injectAs(t.app, account, {
        method: 'PUT',
        url: `/api/admin/properties/${home.slug}/photos/order`,
        payload: { photoIds: [first.id] },
      });
      const alt = await injectAs(t.app, account, {
        method: 'PATCH',
        url: `/api/admin/photos/${first.id}`,
        payload: { alt: 'x' },
      });
      const del = await injectAs(t.app, account, { method: 'DELETE', url: `/api/admin/photos/${first.id}` });
      expect([order.statusCode, alt.statusCode, del.statusCode]).toEqual([status, status, status]);
    }
  });

  it('reorders the photos, the cover first, and refuses a list that is not every photo once', async () => {
    const current = await photosOf(home.id);
    const reversed = current.map((p) => p.id).reverse();
    const response = await injectAs(t.app, accounts.staff, {
      method: 'PUT',
      url: `/api/admin/properties/${home.id}/photos/order`,
      payload: { photoIds: reversed },
    });
    expect(response.statusCode).toBe(200);
    expect(adminPhotoListSchema.parse(response.json()).map((p) => p.id)).toEqual(reversed);
    const details = propertyDetailsSchema.parse(
      (await t.app.inject({ url: `/api/properties/search/${home.slug}` })).json(),
    );
    expect(details.photos.map((p) => photoIdOf(home.id, p.key))).toEqual(reversed);

    for (const photoIds of [
      reversed.slice(1),
      [...reversed.slice(1), photoIdOf(other.id, 'x')],
      [reversed[0], ...reversed],
    ]) {
      const bad = await injectAs(t.app, accounts.admin, {
        method: 'PUT',
        url: `/api/admin/properties/${home.id}/photos/order`,
        payload: { photoIds },
      });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('sets the alt text, refusing an empty one', async () => {
    const [first] = await photosOf(home.id);
    if (!first) throw new Error('the home has photos');
    const response = await injectAs(t.app, accounts.staff, {
      method: 'PATCH',
      url: `/api/admin/photos/${first.id}`,
      payload: { alt: 'The porch at dusk, string lights on' },
    });
    expect(response.statusCode).toBe(200);
    expect(adminPhotoListSchema.parse(response.json()).find((p) => p.id === first.id)?.alt).toBe(
      'The porch at dusk, string lights on',
    );
    const details = propertyDetailsSchema.parse(
      (await t.app.inject({ url: `/api/properties/search/${home.slug}` })).json(),
    );
    expect(details.photos.find((p) => p.key === first.key)?.alt).toBe('The porch at dusk, string lights on');

    const empty = await injectAs(t.app, accounts.staff, {
      method: 'PATCH',
      url: `/api/admin/photos/${first.id}`,
      payload: { alt: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await injectAs(t.app, accounts.staff, {
      method: 'PATCH',
      url: `/api/admin/photos/${photoIdOf(home.id, 'no-such-photo')}`,
      payload: { alt: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const junk = await injectAs(t.app, accounts.staff, {
      method: 'PATCH',
      url: '/api/admin/photos/junk',
      payload: { alt: 'x' },
    });
    expect(junk.statusCode).toBe(404);
  });

  it('deletes an uploaded photo and its files (204), and answers 404 after', async () => {
    const response = await upload(accounts.staff, [{ filename: 'gone.jpg', data: jpeg }]);
    const [photo] = adminPhotoUploadResponseSchema.parse(response.json());
    if (!photo) throw new Error('no photo');
    const del = await injectAs(t.app, accounts.admin, { method: 'DELETE', url: `/api/admin/photos/${photo.id}` });
    expect(del.statusCode).toBe(204);
    expect((await photosOf(home.id)).some((p) => p.key === photo.key)).toBe(false);
    expect(
      await t.db
        .select()
        .from(mediaFiles)
        .where(like(mediaFiles.name, `${photo.key}-%`)),
    ).toHaveLength(0);
    expect((await t.app.inject({ url: photo.url })).statusCode).toBe(404);
    expect(
      (await injectAs(t.app, accounts.admin, { method: 'DELETE', url: `/api/admin/photos/${photo.id}` })).statusCode,
    ).toBe(404);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, home.id), eq(auditLog.action, 'photo.delete')));
    expect(entry?.before).toMatchObject({ id: photo.id });
  });

  it("deleting a seed photo from one home leaves another home's copy of it", async () => {
    const [mine] = await photosOf(other.id);
    if (!mine) throw new Error('the seed gives SAS-1004 photos');
    // Give a second home the same photo, as the seed's shared scenes do.
    const [row] = await t.db.select({ images: properties.images }).from(properties).where(eq(properties.id, home.id));
    await t.db
      .update(properties)
      .set({
        images: [...(row?.images ?? []), { key: mine.key, alt: mine.alt, width: mine.width, height: mine.height }],
      })
      .where(eq(properties.id, home.id));
    expect(
      (await injectAs(t.app, accounts.staff, { method: 'DELETE', url: `/api/admin/photos/${mine.id}` })).statusCode,
    ).toBe(204);
    expect((await photosOf(other.id)).some((p) => p.key === mine.key)).toBe(false);
    expect((await photosOf(home.id)).some((p) => p.key === mine.key)).toBe(true);
  });
});

describe.runIf(onPostgres)('on PostgreSQL, with a second server process', () => {
  it('a photo uploaded through one process is served by the other', async () => {
    const { app: second } = await t.buildSeparateApp();
    const response = await upload(accounts.staff, [{ filename: 'shared.jpg', data: jpeg }]);
    expect(response.statusCode).toBe(201);
    const [photo] = adminPhotoUploadResponseSchema.parse(response.json());
    if (!photo) throw new Error('no photo');
    const served = await second.inject({ url: photo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await second.cacheBus.sync();
    const details = propertyDetailsSchema.parse(
      (await second.inject({ url: `/api/properties/search/${home.slug}` })).json(),
    );
    expect(details.photos.some((p) => p.key === photo.key)).toBe(true);
  });
});
