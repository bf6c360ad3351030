// A local channel for channel-sync tests: an http server on 127.0.0.1 that
// serves iCal fixtures (apps/server/src/test/ical/*.ics, written like
// Airbnb's and Vrbo's feeds) and whatever a test sets, with ETag/304,
// redirects, huge bodies and slow answers. Fixture dates are written as
// {{+N}} / {{-N}}: N days from today (UTC), as YYYYMMDD, so the feeds stay in
// the future whenever the tests run.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, type IsoDate } from '@sas/domain';

const fixtureDir = new URL('./ical/', import.meta.url);

/** Today (UTC) plus `offset` days, as the fixtures' {{+N}} tokens give it. */
export function fixtureDate(offset: number, today: IsoDate = new Date().toISOString().slice(0, 10)): IsoDate {
  return addDays(today, offset);
}

/** A fixture with its {{±N}} dates filled in. */
export function loadFixture(name: string, today?: IsoDate): string {
  return renderFeed(readFileSync(new URL(name, fixtureDir), 'utf8'), today);
}

/** Fills in {{±N}} tokens in any feed text. */
export function renderFeed(template: string, today?: IsoDate): string {
  return template.replace(/\{\{([+-]\d+)\}\}/g, (_, offset: string) =>
    fixtureDate(Number(offset), today).replaceAll('-', ''),
  );
}

export interface FeedResponse {
  body?: string | Buffer;
  status?: number;
  etag?: string;
  lastModified?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface FeedRequestLog {
  path: string;
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
}

export interface FeedServer {
  /** http://localhost:PORT */
  origin: string;
  /** localhost:PORT, for ICAL_ALLOW_HOSTS. */
  host: string;
  port: number;
  url(path: string): string;
  /** Serves `response` at `path` from now on (replacing what was there). */
  set(path: string, response: FeedResponse): void;
  /** A redirect at `path` to `location`. */
  redirect(path: string, location: string, status?: number): void;
  requests: FeedRequestLog[];
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, FeedResponse>();
  const requests: FeedRequestLog[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    requests.push({ path, ifNoneMatch, ifModifiedSince });
    const route = routes.get(path);
    const answer = () => {
      if (!route) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      if (route.etag !== undefined && ifNoneMatch === route.etag) {
        response.writeHead(304, { etag: route.etag }).end();
        return;
      }
      const headers: Record<string, string> = { 'content-type': 'text/calendar; charset=utf-8', ...route.headers };
      if (route.etag !== undefined) headers.etag = route.etag;
      if (route.lastModified !== undefined) headers['last-modified'] = route.lastModified;
      response.writeHead(route.status ?? 200, headers);
      response.end(route.body ?? '');
    };
    if (route?.delayMs) setTimeout(answer, route.delayMs).unref();
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://localhost:${port}`;
  return {
    origin,
    host: `localhost:${port}`,
    port,
    url: (path) => `${origin}${path}`,
    set: (path, response) => routes.set(path, response),
    redirect: (path, location, status = 302) => routes.set(path, { status, headers: { location } }),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
