// Watches every PostgreSQL connection (pg.Client) for a query sent while the
// connection is still running another: Promise.all over one transaction, for
// example. pg queues such a query today and will refuse it in pg@9 (its
// deprecation warning, printed once per process, says so). On PGlite there is
// no pg.Client and nothing is watched.
import pg from 'pg';

export interface ClientConcurrency {
  /** The most queries one connection had running at once since watching began. */
  most(): number;
  stop(): void;
}

export function watchClientConcurrency(): ClientConcurrency {
  // Taken off the prototype to be put back and called with each client as `this`.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const original = pg.Client.prototype.query;
  const running = new WeakMap<object, number>();
  let most = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const now = (running.get(this) ?? 0) + 1;
    running.set(this, now);
    most = Math.max(most, now);
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      running.set(this, (running.get(this) ?? 1) - 1);
    };
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...answer: unknown[]) => {
        done();
        return (callback as (...a: unknown[]) => unknown)(...answer);
      };
    }
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    else if (typeof callback !== 'function') done();
    return result;
  } as typeof original;
  return {
    most: () => most,
    stop: () => {
      pg.Client.prototype.query = original;
    },
  };
}
