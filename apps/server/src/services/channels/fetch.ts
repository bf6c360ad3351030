// Fetching a channel's calendar feed (issue 15) without letting a feed URL
// reach into our own network: staff paste URLs, and a URL that resolves to
// loopback, a private range or the cloud metadata address would otherwise
// make this server fetch internal pages for them (server-side request
// forgery). The address is vetted inside the socket's own DNS lookup, so the
// connection goes to exactly the address that was checked: a host cannot
// answer a public address to the check and a private one to the connect (DNS
// rebinding). Each redirect is checked again by the same rules.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { DomainError, maxFeedUrlLength } from '@sas/domain';
import type { Env } from '../../env.js';

export type FeedEnv = Pick<Env, 'ICAL_ALLOW_HOSTS'>;

export type FeedUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export type FetchFeedResult =
  | { status: 'ok'; text: string; etag: string | null; lastModified: string | null }
  | { status: 'not_modified' }
  | { status: 'failed'; error: string; httpStatus?: number };

export interface FeedValidators {
  etag?: string | null;
  lastModified?: string | null;
}

export interface FetchFeedOptions {
  /** The whole fetch, redirects included. */
  timeoutMs?: number;
  maxBytes?: number;
}

export const feedTimeoutMs = 10_000;
export const maxFeedBytes = 2 * 1024 * 1024;
export const maxFeedRedirects = 3;

/** Ranges no feed may live in: this machine, private networks, link-local (cloud metadata), multicast, reserved. */
const refusedRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  // BlockList also matches IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) against these.
  refusedRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  refusedRanges.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one a public feed may resolve to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !refusedRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function effectivePort(url: URL): string {
  return url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
}

/** ICAL_ALLOW_HOSTS lists `host` (any port) or `host:port`. */
export function isAllowedHost(url: URL, env: FeedEnv): boolean {
  const host = url.hostname.replace(/\.$/, '');
  const withPort = `${host}:${effectivePort(url)}`;
  return env.ICAL_ALLOW_HOSTS.some((entry) => entry === host || entry === withPort);
}

/** The address inside an IP-literal host (`[::1]` in a URL is `::1`), or null for a name. */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) !== 0 ? host : null;
}

/**
 * The rules a feed URL must meet before anything is fetched: https (http only
 * for allowed hosts), no credentials, not too long, and no IP literal in a
 * refused range. Where a host name resolves is checked when fetching.
 */
export function checkFeedUrl(value: string, env: FeedEnv): FeedUrlCheck {
  if (value.length > maxFeedUrlLength) {
    return { ok: false, reason: `The feed address is too long (at most ${maxFeedUrlLength} characters).` };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, reason: 'The feed address is not a web address.' };
  }
  const allowed = isAllowedHost(url, env);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) {
    return { ok: false, reason: 'The feed address must start with https://.' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'The feed address must not contain a user name or password.' };
  }
  const literal = literalAddress(url);
  if (literal !== null && !allowed && !isPublicAddress(literal)) {
    return { ok: false, reason: refusedAddressReason(literal) };
  }
  return { ok: true, url };
}

function refusedAddressReason(address: string): string {
  return `The feed address leads to a private or local network address (${address}), which is refused.`;
}

class RefusedAddressError extends DomainError {
  override readonly name = 'RefusedAddressError';

  constructor(message: string) {
    super('forbidden', message);
  }
}

/**
 * A socket lookup that resolves every address of the host and refuses the
 * connection if any is in a refused range; otherwise it connects to the
 * first one, the one just checked.
 */
const vettedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    const first = addresses[0];
    if (refused) return callback(new RefusedAddressError(refusedAddressReason(refused.address)), '', 0);
    if (!first) return callback(new Error(`No address for ${hostname}`), '', 0);
    if (options.all) return callback(null, [first]);
    return callback(null, first.address, first.family);
  });
};

const userAgent = 'SummitAndShore-CalendarSync/1.0 (+iCal import)';

function describeError(err: unknown, timeoutMs: number): string {
  if (err instanceof RefusedAddressError) return err.message;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if ((err as Error | undefined)?.name === 'AbortError' || code === 'ABORT_ERR') {
    return `The channel did not answer within ${timeoutMs / 1000} seconds.`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The feed host could not be found.';
  if (code === 'ECONNREFUSED') return 'The feed host refused the connection.';
  if (code === 'ECONNRESET') return 'The feed host closed the connection.';
  if (typeof code === 'string' && (code.startsWith('ERR_TLS') || code.includes('CERT'))) {
    return `The feed host's certificate was not accepted (${code}).`;
  }
  const message = err instanceof Error ? err.message : String(err);
  return `The feed could not be fetched: ${message}`.slice(0, 500);
}

function get(url: URL, headers: Record<string, string>, allowed: boolean, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { method: 'GET', headers, signal, ...(allowed ? {} : { lookup: vettedLookup }) },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * GETs a feed by the rules above, with the last ETag / Last-Modified so an
 * unchanged feed answers 304. Never throws: a failure is a result with the
 * reason in words staff can act on.
 */
export async function fetchFeed(
  value: string,
  validators: FeedValidators,
  env: FeedEnv,
  { timeoutMs = feedTimeoutMs, maxBytes = maxFeedBytes }: FetchFeedOptions = {},
): Promise<FetchFeedResult> {
  const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5', 'user-agent': userAgent };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let target = value;
    for (let redirects = 0; ; redirects++) {
      const check = checkFeedUrl(target, env);
      if (!check.ok) return { status: 'failed', error: check.reason };
      const response = await get(check.url, headers, isAllowedHost(check.url, env), controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (redirectStatuses.has(status) && location) {
        response.resume();
        if (redirects >= maxFeedRedirects) {
          return { status: 'failed', error: `The feed redirected more than ${maxFeedRedirects} times.` };
        }
        target = new URL(location, check.url).href;
        continue;
      }
      if (status === 304) {
        response.resume();
        return { status: 'not_modified' };
      }
      if (status < 200 || status > 299) {
        response.resume();
        return { status: 'failed', error: `The channel answered HTTP ${status}.`, httpStatus: status };
      }
      const text = await readBody(response, maxBytes);
      if (text === null) {
        return { status: 'failed', error: `The feed is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.` };
      }
      const header = (name: string) => {
        const raw = response.headers[name];
        return typeof raw === 'string' && raw !== '' ? raw : null;
      };
      return { status: 'ok', text, etag: header('etag'), lastModified: header('last-modified') };
    }
  } catch (err) {
    return { status: 'failed', error: describeError(err, timeoutMs) };
  } finally {
    clearTimeout(timer);
  }
}
