// Hostile requests for any route, built from what the route declares (its
// method, path parameters and zod schemas), so a route added tomorrow gets
// them too. Each probe is a request a well-behaved server must refuse with a
// 4xx (or, on a read-only route, may answer harmlessly); none is valid input
// to a route that writes. See src/resilience.test.ts.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';

/** Enough of Fastify's RouteOptions for this module. */
export interface RouteInfo {
  method: string;
  /** Full path with prefixes, e.g. /api/properties/:id/quote. */
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
}

/**
 * What a route needs to reach past validation without doing anything:
 * well-formed input that refers to nothing (a home or payment that does not
 * exist), or input to a route that only reads.
 */
export interface RouteBase {
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  /**
   * The route may answer 2xx to input it can make sense of, because doing so
   * changes nothing (a quote; signing out a token nobody holds). GET and
   * HEAD routes always may. The database check still applies.
   */
  mayAccept?: boolean;
}

export interface Probe {
  /** What the probe tries, for failure messages. */
  label: string;
  request: InjectOptions & { method: NonNullable<InjectOptions['method']>; url: string };
}

type JsonValue = unknown;

// Values ------------------------------------------------------------------------------

const bigString = 'x'.repeat(100_000);

/** Strings an attacker types into any text field, path segment or query value. */
export const hostileStrings: readonly string[] = [
  "' OR '1'='1",
  "'; DROP TABLE bookings; --",
  '1; SELECT pg_sleep(5); --',
  "1' UNION SELECT email, password_hash FROM users --",
  '" OR ""="',
  '$1::text',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(document.cookie)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}#{7*7}',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  'nul\u0000byte',
  '\u202Egnp.exe',
  '\uD800',
  '🏔️🌊'.repeat(50),
  '   ',
  '',
  '-1',
  '1e309',
  'NaN',
  'null',
  '9007199254740993',
  'a'.repeat(10_000),
];

/** Values of the wrong type or out of any sane range, for any JSON field. */
export const hostileJsonValues: readonly JsonValue[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -0.000001,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  [],
  [1, 'two', null],
  {},
  { $gt: '' },
  // An own key, as parsed JSON has it (a literal __proto__ would set the prototype instead).
  JSON.parse('{"__proto__":{"admin":true}}') as JsonValue,
  bigString,
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '+275760-09-13',
  '2026-1-1',
  '2026-01-01T00:00:00Z',
  ...hostileStrings,
];

/** Numbers JSON.stringify cannot write: put in the body text as they are. */
const rawNumberTexts = ['1e309', '-1e309', '1e-400', '123456789012345678901234567890', '-0'];

/** encodeURIComponent, except that a lone surrogate (which it refuses) becomes U+FFFD. */
function encodeSegment(text: string): string {
  return encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
}

/** Path segments, as sent (already encoded where they need to be). */
const hostileSegments: readonly string[] = [
  ...hostileStrings.filter((s) => s !== '').map(encodeSegment),
  // A lone surrogate's bytes: not UTF-8 at all.
  '%ED%A0%80',
  randomUUID().toUpperCase(),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffffff',
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%5c..%5cwindows',
  'a'.repeat(101),
  'a'.repeat(5_000),
];

/** Authorization headers that must never open anything. */
const hostileAuthorizations: readonly string[] = [
  'Bearer',
  'Bearer ',
  'Bearer null',
  'Bearer undefined',
  "Bearer ' OR 1=1 --",
  `Bearer ${'A'.repeat(8_192)}`,
  // An unsigned token claiming to be an admin, and one signed with a guessed key.
  'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJhZG1pbiIsInJvbGUiOiJhZG1pbiJ9.',
  'Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZG1pbiIsInJvbGUiOiJhZG1pbiJ9.c2VjcmV0',
  'Basic YWRtaW46YWRtaW4=',
  'Token abc',
  'Bearer a b c',
];

const hostileCookies: readonly string[] = [
  "refreshToken=' OR 1=1 --; session=<script>alert(1)</script>",
  `sas_session=${'z'.repeat(4_000)}`,
  'refresh_token=..%2F..%2Fetc%2Fpasswd; __proto__=1',
];

// Valid-looking samples from a zod schema ---------------------------------------------------

interface ZodDefLike {
  type?: string;
  format?: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  checks?: { _zod?: { def?: { check?: string; minimum?: number; value?: number } } }[];
}

function defOf(schema: unknown): ZodDefLike | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return schema._zod.def;
}

function futureDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function minimumOf(def: ZodDefLike, check: string): number | undefined {
  for (const c of def.checks ?? []) {
    const d = c._zod?.def;
    if (d?.check === check) return d.minimum ?? d.value;
  }
  return undefined;
}

/** A string a field of this name probably wants; used when the schema cannot say. */
function sampleText(name: string): string {
  if (/date$|^check_?(in|out)|^(from|to)$/i.test(name)) return futureDate(/out|to$/i.test(name) ? 103 : 100);
  if (/e-?mail/i.test(name)) return 'resilience@example.invalid';
  if (/password/i.test(name)) return 'resilience-password-1';
  if (/^id$|Id$/.test(name)) return randomUUID();
  return 'resilience';
}

/**
 * A value the schema would likely accept: each field filled (optional ones
 * too, so hostile values reach them), strings guessed from formats and names.
 */
export function sampleOf(schema: unknown, name = ''): JsonValue {
  const def = defOf(schema);
  if (!def) return 'resilience';
  switch (def.type) {
    case 'object': {
      const out: Record<string, JsonValue> = {};
      for (const [key, child] of Object.entries(def.shape ?? {})) out[key] = sampleOf(child, key);
      return out;
    }
    case 'string': {
      if (def.format === 'email') return 'resilience@example.invalid';
      if (def.format === 'uuid' || def.format === 'guid') return randomUUID();
      if (def.format === 'url') return 'https://example.com/';
      if (def.format === 'datetime') return new Date(Date.now() + 100 * 86_400_000).toISOString();
      if (def.format === 'date') return futureDate(100);
      const text = sampleText(name);
      const min = minimumOf(def, 'min_length') ?? 0;
      return text.length >= min ? text : text.padEnd(min, 'x');
    }
    case 'number':
    case 'int':
      return Math.max(1, minimumOf(def, 'greater_than') ?? 1);
    case 'boolean':
      return true;
    case 'literal':
      return def.values?.[0];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'array':
      return [sampleOf(def.element, name)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sampleOf(def.innerType, name);
    case 'pipe': {
      // The output side carries formats (e.g. a trimmed string piped to an e-mail);
      // a transform there says nothing, so the input side answers.
      const out = defOf(def.out);
      return out && out.type !== 'transform' ? sampleOf(def.out, name) : sampleOf(def.in, name);
    }
    case 'union':
      return sampleOf(def.options?.[0], name);
    case 'record':
      return {};
    default:
      return 'resilience';
  }
}

/** Keys of a zod object schema (past optional/default/pipe wrappers), or []. */
export function objectKeys(schema: unknown): string[] {
  let def = defOf(schema);
  for (let depth = 0; def && depth < 10; depth++) {
    if (def.type === 'object') return Object.keys(def.shape ?? {});
    def = defOf(def.innerType ?? (def.type === 'pipe' ? def.in : undefined));
  }
  return [];
}

// Paths inside a JSON value -----------------------------------------------------------------

type Path = (string | number)[];

/** Every node below the root: objects' keys and the first element of arrays. */
function pathsOf(value: JsonValue, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) {
    if (value.length > 0) {
      out.push([...prefix, 0]);
      out.push(...pathsOf(value[0], [...prefix, 0]));
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      out.push([...prefix, key]);
      out.push(...pathsOf(child, [...prefix, key]));
    }
  }
  return out;
}

function setAt(value: JsonValue, path: Path, replacement: JsonValue): JsonValue {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    const copy = [...(value as JsonValue[])];
    copy[Number(head)] = setAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, JsonValue>) };
  // defineProperty, so a key named __proto__ is an own key as in parsed JSON.
  Object.defineProperty(copy, String(head), {
    value: setAt(copy[String(head)], rest, replacement),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

function showPath(path: Path): string {
  return path.join('.');
}

function showValue(value: JsonValue): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

// Probes -------------------------------------------------------------------------------------

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A value no field but a free-form object accepts: sent along on routes that write. */
const poison = { 'resilience-poison': [null] };

export interface ProbeContext {
  route: RouteInfo;
  base: RouteBase;
  /** bodyLimit of the app, to send a body just beyond it. */
  bodyLimit: number;
}

/** May this route answer 2xx to a probe? Only if that cannot change anything. */
export function mayAccept(route: RouteInfo, base: RouteBase): boolean {
  return route.method === 'GET' || route.method === 'HEAD' || base.mayAccept === true;
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '').concat(url.includes('*') ? ['*'] : []);
}

function buildUrl(url: string, params: Record<string, string>, query = ''): string {
  const path = url
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_m, name: string) => params[name] ?? 'resilience')
    .replace('*', params['*'] ?? 'resilience');
  return query === '' ? path : `${path}?${query}`;
}

function encodeQuery(query: Record<string, string>): string {
  return new URLSearchParams(query).toString();
}

/**
 * Every probe for one route. Routes that may write and have no side-effect-free
 * base get a body that is refused whatever else is sent: a field poisoned
 * with a value of no sane type, so no probe is accidentally valid.
 */
export function probesFor({ route, base, bodyLimit }: ProbeContext): Probe[] {
  const method = route.method;
  const hasBody = bodyMethods.has(route.method);
  const bodySchema = route.schema?.body;
  const names = paramNames(route.url);
  const params: Record<string, string> = {};
  for (const name of names) params[name] = base.params?.[name] ?? sampleText(name);
  const knownBase = base.body !== undefined || base.mayAccept === true;
  const writes = !mayAccept(route, base);
  const sample = base.body ?? (bodySchema ? sampleOf(bodySchema) : undefined);
  const fields = sample !== undefined ? pathsOf(sample) : [];
  // The body sent with probes that test something else (path, query, headers).
  const poisonFor = (except: Path | undefined): JsonValue => {
    if (knownBase || !writes || sample === undefined) return sample;
    const target = fields.find((p) => p.length === 1 && (except === undefined || p[0] !== except[0]));
    if (!target) return except === undefined ? setAt(sample, fields[0] ?? [], poison) : sample;
    return setAt(sample, target, poison);
  };
  const baseBody = poisonFor(undefined);
  const baseQuery = base.query ? encodeQuery(base.query) : '';
  const baseHeaders = base.headers ?? {};

  const probes: Probe[] = [];
  const add = (label: string, request: Omit<Probe['request'], 'method' | 'url'> & { url?: string }) => {
    const headers = { ...baseHeaders, ...(request.headers ?? {}) };
    const withBody =
      hasBody && request.payload === undefined && !('body' in request) && baseBody !== undefined
        ? { payload: baseBody as InjectOptions['payload'] }
        : {};
    probes.push({
      label: `${route.method} ${route.url}: ${label}`,
      request: { method, url: request.url ?? buildUrl(route.url, params, baseQuery), ...withBody, ...request, headers },
    });
  };

  // Path parameters: each hostile segment in each parameter.
  for (const name of names) {
    for (const segment of hostileSegments) {
      add(`path ${name}=${showValue(segment)}`, {
        url: buildUrl(route.url, { ...params, [name]: segment }, baseQuery),
      });
    }
  }
  // Path traversal and overlong paths around the route itself.
  const plain = buildUrl(route.url, params);
  add('path traversal after the route', { url: `${plain}/..%2F..%2F..%2Fetc%2Fpasswd` });
  add('dot segments', { url: `${plain}/../../../etc/passwd` });
  add('overlong path', { url: `${plain}/${'p'.repeat(8_000)}` });
  add('double slashes', { url: plain.replace(/\//g, '//') });

  // Query strings: unknown, duplicated, injected, malformed, overlong.
  const queryKeys = objectKeys(route.schema?.querystring);
  const withBaseQuery = (extra: string) => buildUrl(route.url, params, [baseQuery, extra].filter(Boolean).join('&'));
  for (const key of queryKeys) {
    for (const value of hostileStrings) {
      add(`query ${key}=${showValue(value)}`, {
        url: buildUrl(route.url, params, encodeQuery({ ...base.query, [key]: value })),
      });
    }
    add(`query ${key} repeated`, { url: withBaseQuery(`${key}=1&${key}=2&${key}=3`) });
    add(`query ${key}[] as an array`, { url: withBaseQuery(`${encodeURIComponent(`${key}[]`)}=1`) });
    add(`query ${key}[$gt] as an object`, { url: withBaseQuery(`${key}[$gt]=`) });
  }
  for (const extra of [
    'unknown=1',
    `q=${encodeURIComponent("' OR 1=1 --")}`,
    `__proto__[admin]=true&constructor[prototype][admin]=true`,
    '%E0%A4%A=%zz',
    `long=${'q'.repeat(8_000)}`,
    Array.from({ length: 500 }, (_, i) => `k${i}=${i}`).join('&'),
  ]) {
    add(`query ${extra.slice(0, 30)}`, { url: withBaseQuery(extra) });
  }

  // Headers: credentials that must never open anything, and garbage cookies.
  for (const authorization of hostileAuthorizations) {
    add(`authorization ${authorization.slice(0, 30)}`, { headers: { authorization } });
  }
  for (const cookie of hostileCookies) add(`cookie ${cookie.slice(0, 30)}`, { headers: { cookie } });
  add('forged forwarding headers', {
    headers: { 'x-forwarded-for': '127.0.0.1, <script>', 'x-forwarded-host': 'evil.example', host: 'evil.example' },
  });

  if (!hasBody) {
    // A body where none belongs must not matter either.
    add('unexpected JSON body', {
      payload: '{"__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    return probes;
  }

  // Whole bodies of the wrong shape.
  const json = { 'content-type': 'application/json' };
  for (const [label, text] of [
    ['null body', 'null'],
    ['array body', '[]'],
    ['array of the sample', `[${JSON.stringify(sample ?? {})}]`],
    ['string body', '"hello"'],
    ['number body', '42'],
    ['boolean body', 'true'],
    ['empty object', '{}'],
    ['truncated JSON', '{"a":'],
    ['single quotes', "{'a': 1}"],
    ['trailing comma', '{"a": 1,}'],
    ['NaN literal', '{"a": NaN}'],
    ['bare word', 'undefined'],
    ['BOM and JSON', '\uFEFF{}'],
    ['prototype pollution', '{"__proto__":{"admin":true}}'],
    ['constructor pollution', '{"constructor":{"prototype":{"admin":true}}}'],
    ['deeply nested', `${'['.repeat(5_000)}${']'.repeat(5_000)}`],
    ['deeply nested objects', `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`],
    ['whitespace only', '   '],
  ] as const) {
    add(label, { payload: text, headers: json });
  }
  add('empty body with a JSON content type', { payload: '', headers: json });
  add(`body beyond the limit (${bodyLimit + 1024} bytes)`, {
    payload: JSON.stringify({ padding: 'x'.repeat(bodyLimit + 1024) }),
    headers: json,
  });
  add('content-length smaller than the body', {
    payload: JSON.stringify(baseBody ?? {}),
    headers: { ...json, 'content-length': '3' },
  });

  // Wrong content types, with a body that would otherwise parse.
  const text = JSON.stringify(baseBody ?? {});
  for (const contentType of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/jsonx',
    'application/json; charset=utf-16',
    'image/png',
    '',
  ]) {
    add(`content type ${JSON.stringify(contentType)}`, { payload: text, headers: { 'content-type': contentType } });
  }
  add('form body', {
    payload: 'email=a%40b.c&password=x',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

  if (sample === undefined || typeof sample !== 'object' || sample === null) return probes;

  // Unknown fields: next to real ones, and named like internals.
  for (const [label, extra] of [
    ['unknown field', { resilienceUnknown: 1 }],
    ['role escalation', { role: 'admin', isAdmin: true, userId: randomUUID() }],
    ['internal columns', { id: randomUUID(), status: 'confirmed', createdAt: '2000-01-01' }],
  ] as const) {
    add(label, { payload: { ...(baseBody as object), ...extra }, headers: json });
  }

  // Every field: each hostile value, the rest of the body as it was.
  for (const path of fields) {
    const around = poisonFor(path);
    for (const value of hostileJsonValues) {
      add(`${showPath(path)}=${showValue(value)}`, {
        payload: JSON.stringify(setAt(around, path, value)),
        headers: json,
      });
    }
    for (const raw of rawNumberTexts) {
      const marker = '"__resilience_raw__"';
      const body = JSON.stringify(setAt(around, path, '__resilience_raw__')).replace(marker, raw);
      add(`${showPath(path)}=${raw}`, { payload: body, headers: json });
    }
    add(`${showPath(path)} left out`, { payload: JSON.stringify(removeAt(around, path)), headers: json });
  }
  // Every text field at once, so injections reach whatever reads them.
  for (const value of hostileStrings) {
    let body = baseBody;
    for (const path of fields) {
      if (typeof valueAt(body, path) === 'string') body = setAt(body, path, value);
    }
    add(`every text field=${showValue(value)}`, { payload: JSON.stringify(body), headers: json });
  }
  return probes;
}

function valueAt(value: JsonValue, path: Path): JsonValue {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, JsonValue>)[key];
  }
  return current;
}

function removeAt(value: JsonValue, path: Path): JsonValue {
  const parent = path.slice(0, -1);
  const key = path[path.length - 1];
  const holder = valueAt(value, parent);
  if (key === undefined || typeof holder !== 'object' || holder === null) return value;
  if (Array.isArray(holder))
    return setAt(
      value,
      parent,
      holder.filter((_, i) => i !== key),
    );
  const copy = { ...(holder as Record<string, JsonValue>) };
  delete copy[String(key)];
  return setAt(value, parent, copy);
}

/** Probes of paths under /api that no route serves, and of methods a route does not take. */
export function strayProbes(routes: readonly RouteInfo[]): Probe[] {
  const probes: Probe[] = [];
  const add = (label: string, method: Probe['request']['method'], url: string) =>
    probes.push({ label: `${method} ${url.slice(0, 60)}: ${label}`, request: { method, url } });
  for (const url of [
    '/api',
    '/api/',
    '/api/nope',
    '/api/%',
    '/api/..%2F..%2Fetc%2Fpasswd',
    '/api/../../etc/passwd',
    `/api/${'a'.repeat(10_000)}`,
    '/api/properties/search/',
    '/api/admin',
    '/api/.env',
  ]) {
    add('no such route', 'GET', url);
    add('no such route', 'POST', url);
  }
  const byUrl = new Map<string, Set<string>>();
  for (const route of routes) byUrl.set(route.url, (byUrl.get(route.url) ?? new Set()).add(route.method));
  for (const [url, methods] of byUrl) {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      if (!methods.has(method)) add('method the route does not take', method, buildUrl(url, {}));
    }
  }
  return probes;
}
