// Public surface of @sas/db: the schema, the client and its types. Seed data
// and test helpers are separate entry points (./seed, ./testing) so the server
// does not load them unless it asks.
export * from './schema.js';
export {
  openDatabase,
  queryRows,
  type Database,
  type DatabaseHandle,
  type DatabaseKind,
  type OpenDatabaseOptions,
  type Queryable,
  type Transaction,
} from './client.js';
export { fromDateRange, toDateRange } from './ranges.js';
export { regularRateColumns, seasonColumns } from './rate-columns.js';
export { lockHomeCalendar } from './locks.js';
export {
  cacheChangeChannel,
  listenForNotifications,
  listenerApplicationName,
  notify,
  type ListenOptions,
  type NotificationHandlers,
  type NotificationListener,
} from './notifications.js';
export {
  isOverlapError,
  isRetryableTransactionError,
  isUniqueViolation,
  retryTransaction,
  stayOverlapConstraint,
} from './errors.js';
