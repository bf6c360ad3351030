import { describe, expect, it } from 'vitest';
import { adminPhotoOrderSchema, parsePhotoId, photoIdOf } from './photos.js';

const home = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('photo ids', () => {
  it('carry the home and the key, and read back', () => {
    const id = photoIdOf(home.toUpperCase(), 'vista-tenmile-sunrise');
    expect(id).toBe(`${home}.vista-tenmile-sunrise`);
    expect(parsePhotoId(id)).toEqual({ homeId: home, key: 'vista-tenmile-sunrise' });
  });

  it('are refused when malformed', () => {
    for (const id of ['vista-tenmile-sunrise', `${home}.`, `${home}.../etc`, `${home}.Upper`, `x${home}.key`]) {
      expect(parsePhotoId(id), id).toBeNull();
    }
  });

  it('may appear once each in an order', () => {
    const id = photoIdOf(home, 'a');
    expect(adminPhotoOrderSchema.safeParse({ photoIds: [id, photoIdOf(home, 'b')] }).success).toBe(true);
    expect(adminPhotoOrderSchema.safeParse({ photoIds: [id, id] }).error?.issues[0]?.message).toBe(
      'photoIds lists a photo twice',
    );
  });
});
