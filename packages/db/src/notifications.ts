// LISTEN/NOTIFY on either driver, so every process using one database hears
// of a change at once (ADR 018). On PostgreSQL each listener holds a
// dedicated connection outside the pool (a pooled one would be handed to
// other queries, and a LISTEN belongs to its session): it reconnects and
// LISTENs again after any failure, and says so, because notifications sent
// while it was away are lost. PGlite is one process: its listen() hears what
// this same instance commits, before the committing query resolves.
//
// The PostgreSQL connection also answers small reads (readValue): it idles
// between notifications, and a read on it neither waits for nor takes a
// connection of the pool (the search reads the stays counter so, ADR 047).
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client.js';

/**
 * The channel of migration 0008's triggers: the payload is the name of the
 * table written (properties, reviews, property_rates, ...).
 */
export const cacheChangeChannel = 'sas_cache';

/** The application_name of listener connections, e.g. to find them in pg_stat_activity. */
export const listenerApplicationName = 'sas-cache-listener';

export interface NotificationHandlers {
  /** A payload notified on the channel, after the transaction that sent it committed. */
  onNotification(payload: string): void;
  /**
   * Listening began (true) or stopped (false). Between a false and the next
   * true, notifications are lost: whatever depends on them must assume that
   * anything may have changed.
   */
  onLiveChange(live: boolean): void;
}

export interface NotificationListener {
  /** LISTENing now: every notification committed from here on will arrive. */
  readonly live: boolean;
  /** Settles once the first attempt to listen has succeeded or failed. */
  readonly ready: Promise<void>;
  /**
   * The first column of the first row of `text` (a read without parameters,
   * prepared as `name` on the connection) as text, null without a row, read
   * on the listening connection of PostgreSQL. Rejects while not listening;
   * absent on PGlite, where a read on the database costs no round trip.
   */
  readonly readValue?: (name: string, text: string) => Promise<string | null>;
  /** Stops listening for good and closes the connection. */
  close(): Promise<void>;
}

export interface ListenOptions {
  /** How often the PostgreSQL connection is checked with a query; a dead one is replaced. */
  heartbeatMs?: number;
  /** First delay before reconnecting; it doubles up to `reconnectMaxMs`. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** Told of connection failures. */
  onError?: (err: unknown) => void;
}

/** Channel names go into LISTEN as identifiers: only plain ones are accepted. */
function checkChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  return channel;
}

/** The driver client under a Drizzle database (Drizzle exposes it as `$client`). */
function driverOf(db: Database): unknown {
  return (db as unknown as { $client?: unknown }).$client;
}

/**
 * Listens on `channel` of the database `db` runs on (a pg Pool or a PGlite
 * instance). On a driver it does not know it never goes live, so callers
 * fall back to reading the database every time.
 */
export function listenForNotifications(
  db: Database,
  channel: string,
  handlers: NotificationHandlers,
  options: ListenOptions = {},
): NotificationListener {
  checkChannel(channel);
  const client = driverOf(db);
  if (client instanceof PGlite) return listenOnPglite(client, channel, handlers, options);
  if (client instanceof pg.Pool) return listenOnPostgres(client.options, channel, handlers, options);
  return { live: false, ready: Promise.resolve(), close: () => Promise.resolve() };
}

/** Sends a notification; it is delivered to every listener when the surrounding transaction (if any) commits. */
export async function notify(db: Pick<Database, 'execute'>, channel: string, payload: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${checkChannel(channel)}, ${payload})`);
}

function listenOnPglite(
  client: PGlite,
  channel: string,
  handlers: NotificationHandlers,
  { onError }: ListenOptions,
): NotificationListener {
  let live = false;
  let closed = false;
  let unlisten: (() => Promise<void>) | undefined;
  const ready = client
    .listen(channel, (payload) => {
      if (!closed) handlers.onNotification(payload);
    })
    .then(
      (stop) => {
        unlisten = stop;
        if (closed) return;
        live = true;
        handlers.onLiveChange(true);
      },
      (err: unknown) => onError?.(err),
    );
  return {
    get live() {
      return live;
    },
    ready,
    async close() {
      closed = true;
      live = false;
      await ready;
      // The database may already be closed; then nobody is listening anyway.
      await unlisten?.().catch(() => undefined);
    },
  };
}

const asText = (value: string): string => value;

function listenOnPostgres(
  config: pg.ClientConfig,
  channel: string,
  handlers: NotificationHandlers,
  { heartbeatMs = 10_000, reconnectMinMs = 100, reconnectMaxMs = 5_000, onError }: ListenOptions,
): NotificationListener {
  let live = false;
  let closed = false;
  let current: pg.Client | undefined;
  let delay = reconnectMinMs;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  // Queries on the connection go one after another (pg deprecates overlapping ones).
  let lastQuery: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(query: () => Promise<T>): Promise<T> => {
    const turn = lastQuery.then(query, query);
    lastQuery = turn.catch(() => undefined);
    return turn;
  };

  const setLive = (value: boolean): void => {
    if (live === value) return;
    live = value;
    if (!closed) handlers.onLiveChange(value);
  };

  const connect = async (): Promise<void> => {
    reconnectTimer = undefined;
    if (closed) return;
    const client = new pg.Client({
      ...config,
      application_name: listenerApplicationName,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    current = client;
    let lost = false;
    // Once per connection, whatever ends it: an error, the server closing it, a failed heartbeat.
    const onLost = (err?: unknown): void => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      clearInterval(heartbeatTimer);
      heartbeatTimer = undefined;
      if (err !== undefined && !closed) onError?.(err);
      setLive(false);
      client.end().catch(() => undefined);
      if (!closed) {
        reconnectTimer = setTimeout(() => void connect(), delay);
        reconnectTimer.unref();
        delay = Math.min(delay * 2, reconnectMaxMs);
      }
    };
    // Kept for the connection's whole life: an 'error' without a listener would crash the process.
    client.on('error', onLost);
    client.on('end', () => onLost(closed ? undefined : new Error('The notification connection closed')));
    client.on('notification', (message) => {
      if (!lost && !closed && message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      onLost(err);
      return;
    }
    if (lost || closed) return;
    delay = reconnectMinMs;
    setLive(true);
    heartbeatTimer = setInterval(() => {
      // A connection can die silently (a dropped network path); a query notices.
      const timeout = setTimeout(() => onLost(new Error('The notification connection stopped answering')), 5_000);
      inTurn(() => client.query('SELECT 1')).then(
        () => clearTimeout(timeout),
        (err: unknown) => {
          clearTimeout(timeout);
          onLost(err);
        },
      );
    }, heartbeatMs);
    heartbeatTimer.unref();
  };

  const ready = connect();
  return {
    get live() {
      return live;
    },
    ready,
    async readValue(name, text) {
      const client = current;
      if (!live || !client) throw new Error('Not listening: no connection to read on');
      // Every column as PostgreSQL's text: no type parsing.
      const result = await inTurn(() =>
        client.query<(string | null)[]>({ name, text, rowMode: 'array', types: { getTypeParser: () => asText } }),
      );
      return result.rows[0]?.[0] ?? null;
    },
    async close() {
      closed = true;
      live = false;
      clearTimeout(reconnectTimer);
      clearInterval(heartbeatTimer);
      await ready;
      await current?.end().catch(() => undefined);
      current = undefined;
    },
  };
}
