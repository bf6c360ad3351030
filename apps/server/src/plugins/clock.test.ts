// The test clock (TEST_CLOCK): a request's x-test-clock-days moves "now" for
// that request only, and only when the setting is on.
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.js';
import { buildTestApp } from '../test/helper.js';

describe('app.clock', () => {
  it('moves now by the header days when TEST_CLOCK is on, for that request only', async () => {
    const t = await buildTestApp({ TEST_CLOCK: 'true' }, { seed: false });
    try {
      const moved = t.app.clock.now({ headers: { 'x-test-clock-days': '3' } } as never).getTime();
      expect(Math.round((moved - Date.now()) / 86_400_000)).toBe(3);
      const plain = t.app.clock.now({ headers: {} } as never).getTime();
      expect(Math.abs(plain - Date.now())).toBeLessThan(60_000);
      const nonsense = t.app.clock.now({ headers: { 'x-test-clock-days': 'soon' } } as never).getTime();
      expect(Math.abs(nonsense - Date.now())).toBeLessThan(60_000);
    } finally {
      await t.close();
    }
  });

  it('ignores the header when TEST_CLOCK is off (the default)', async () => {
    const t = await buildTestApp({}, { seed: false });
    try {
      const now = t.app.clock.now({ headers: { 'x-test-clock-days': '30' } } as never).getTime();
      expect(Math.abs(now - Date.now())).toBeLessThan(60_000);
    } finally {
      await t.close();
    }
  });

  it('refuses TEST_CLOCK on a public URL', () => {
    expect(() =>
      loadEnv({ TEST_CLOCK: 'true', PUBLIC_URL: 'https://summitandshore.example', JWT_SECRET: 'x'.repeat(40) }),
    ).toThrow(/TEST_CLOCK/);
  });
});
