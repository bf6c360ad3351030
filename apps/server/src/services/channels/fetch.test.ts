import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadFixture, startFeedServer, type FeedServer } from '../../test/feed-server.js';
import { checkFeedUrl, fetchFeed, isPublicAddress } from './fetch.js';

describe('feed URL rules', () => {
  const env = { ICAL_ALLOW_HOSTS: ['feeds.test:8080', 'calendar.internal'] };

  it('accepts https and refuses http unless the host is allowed', () => {
    expect(checkFeedUrl('https://www.airbnb.com/calendar/ical/1.ics?s=abc', env)).toMatchObject({ ok: true });
    expect(checkFeedUrl('http://www.airbnb.com/calendar/ical/1.ics', env)).toEqual({
      ok: false,
      reason: 'The feed address must start with https://.',
    });
    expect(checkFeedUrl('ftp://www.airbnb.com/x.ics', env)).toMatchObject({ ok: false });
    expect(checkFeedUrl('http://feeds.test:8080/a.ics', env)).toMatchObject({ ok: true });
    // An allowed host:port does not allow the host on another port.
    expect(checkFeedUrl('http://feeds.test:9090/a.ics', env)).toMatchObject({ ok: false });
    expect(checkFeedUrl('http://calendar.internal:1234/a.ics', env)).toMatchObject({ ok: true });
  });

  it('refuses credentials, overlong addresses and non-addresses', () => {
    expect(checkFeedUrl('https://user:secret@www.airbnb.com/a.ics', env)).toEqual({
      ok: false,
      reason: 'The feed address must not contain a user name or password.',
    });
    expect(checkFeedUrl(`https://www.airbnb.com/${'a'.repeat(2000)}`, env)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('at most 2000') as unknown,
    });
    expect(checkFeedUrl('not a url', env)).toMatchObject({ ok: false });
  });

  it('refuses IP literals in private, loopback, link-local and mapped ranges', () => {
    for (const host of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '[::1]',
      '[fe80::1]',
      '[fd00::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:a9fe:a9fe]',
    ]) {
      expect(checkFeedUrl(`https://${host}/feed.ics`, env), host).toMatchObject({
        ok: false,
        reason: expect.stringContaining('private or local network') as unknown,
      });
    }
    expect(checkFeedUrl('https://93.184.215.14/feed.ics', env)).toMatchObject({ ok: true });
    expect(isPublicAddress('172.32.0.1')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    expect(isPublicAddress('not-an-ip')).toBe(false);
  });
});

describe('fetching a feed', () => {
  let feeds: FeedServer;
  let other: FeedServer;
  let env: { ICAL_ALLOW_HOSTS: string[] };

  beforeAll(async () => {
    feeds = await startFeedServer();
    other = await startFeedServer();
    env = { ICAL_ALLOW_HOSTS: [feeds.host] };
  });
  afterAll(async () => {
    await feeds.close();
    await other.close();
  });

  it('reads a feed and answers not_modified to a conditional GET with the same ETag', async () => {
    feeds.set('/airbnb.ics', {
      body: loadFixture('airbnb.ics'),
      etag: '"v1"',
      lastModified: 'Mon, 01 Jan 2030 00:00:00 GMT',
    });
    const first = await fetchFeed(feeds.url('/airbnb.ics'), {}, env);
    expect(first).toMatchObject({ status: 'ok', etag: '"v1"', lastModified: 'Mon, 01 Jan 2030 00:00:00 GMT' });
    expect(first.status === 'ok' && first.text).toContain('BEGIN:VCALENDAR');
    const second = await fetchFeed(
      feeds.url('/airbnb.ics'),
      { etag: '"v1"', lastModified: 'Mon, 01 Jan 2030 00:00:00 GMT' },
      env,
    );
    expect(second).toEqual({ status: 'not_modified' });
    expect(feeds.requests.at(-1)).toMatchObject({
      ifNoneMatch: '"v1"',
      ifModifiedSince: 'Mon, 01 Jan 2030 00:00:00 GMT',
    });
  });

  it('fails with the status on a non-2xx answer', async () => {
    feeds.set('/gone.ics', { status: 410, body: 'gone' });
    expect(await fetchFeed(feeds.url('/gone.ics'), {}, env)).toEqual({
      status: 'failed',
      error: 'The channel answered HTTP 410.',
      httpStatus: 410,
    });
    expect(await fetchFeed(feeds.url('/missing.ics'), {}, env)).toMatchObject({ status: 'failed', httpStatus: 404 });
  });

  it('follows up to three redirects and refuses a fourth', async () => {
    feeds.set('/final.ics', { body: loadFixture('vrbo.ics') });
    feeds.redirect('/r1', '/r2');
    feeds.redirect('/r2', '/r3', 301);
    feeds.redirect('/r3', feeds.url('/final.ics'), 307);
    expect(await fetchFeed(feeds.url('/r1'), {}, env)).toMatchObject({ status: 'ok' });
    feeds.redirect('/r0', '/r1');
    expect(await fetchFeed(feeds.url('/r0'), {}, env)).toEqual({
      status: 'failed',
      error: 'The feed redirected more than 3 times.',
    });
  });

  it('checks every redirect again: private addresses and hosts not allowed are refused', async () => {
    other.set('/secret', { body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' });
    // Only localhost:PORT of the feed server is allowed; the other server on 127.0.0.1 is not.
    feeds.redirect('/to-http-private', `http://127.0.0.1:${other.port}/secret`);
    expect(await fetchFeed(feeds.url('/to-http-private'), {}, env)).toMatchObject({ status: 'failed' });
    feeds.redirect('/to-private', `https://127.0.0.1:${other.port}/secret`);
    expect(await fetchFeed(feeds.url('/to-private'), {}, env)).toEqual({
      status: 'failed',
      error: 'The feed address leads to a private or local network address (127.0.0.1), which is refused.',
    });
    // A host name resolving to loopback is refused by the lookup itself, before any connection.
    feeds.redirect('/to-name', `https://localhost:${other.port}/secret`);
    const byName = await fetchFeed(feeds.url('/to-name'), {}, env);
    expect(byName).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/private or local network address \((127\.0\.0\.1|::1)\)/) as unknown,
    });
    expect(other.requests).toEqual([]);
  });

  it('refuses a host that resolves to a private address without any redirect', async () => {
    const result = await fetchFeed(`https://localhost:${other.port}/secret`, {}, { ICAL_ALLOW_HOSTS: [] });
    expect(result).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('private or local network') as unknown,
    });
    expect(other.requests).toEqual([]);
  });

  it('stops reading beyond 2 MB, declared or not', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024, 'A');
    feeds.set('/big.ics', { body: big });
    expect(await fetchFeed(feeds.url('/big.ics'), {}, env)).toEqual({
      status: 'failed',
      error: 'The feed is larger than 2 MB.',
    });
    // Chunked, without Content-Length: counted while reading.
    feeds.set('/big-chunked.ics', { body: big, headers: { 'transfer-encoding': 'chunked' } });
    expect(await fetchFeed(feeds.url('/big-chunked.ics'), {}, env)).toEqual({
      status: 'failed',
      error: 'The feed is larger than 2 MB.',
    });
  });

  it('gives up on a slow channel at the timeout', async () => {
    // Fake timers for the fetch's timeout and the channel's delay alike: the
    // request is on the wire, then ten seconds pass at once, and the channel
    // would answer only a minute later.
    feeds.set('/slow.ics', { body: loadFixture('vrbo.ics'), delayMs: 60_000 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const fetching = fetchFeed(feeds.url('/slow.ics'), {}, env);
      // Turns of the event loop (not faked) until the channel has the request.
      while (!feeds.requests.some((request) => request.path === '/slow.ics')) {
        await new Promise((turn) => setImmediate(turn));
      }
      await vi.advanceTimersByTimeAsync(9_999);
      expect(await Promise.race([fetching, Promise.resolve('still waiting')])).toBe('still waiting');
      await vi.advanceTimersByTimeAsync(1);
      expect(await fetching).toEqual({ status: 'failed', error: 'The channel did not answer within 10 seconds.' });
    } finally {
      vi.useRealTimers();
    }
  });
});
