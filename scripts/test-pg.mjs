// Runs the database-backed suites again on a PostgreSQL server when
// TEST_DATABASE_URL is set (CI sets it); the default run uses embedded PGlite.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.info('TEST_DATABASE_URL is not set: the PostgreSQL run of the db and server suites is skipped.');
  process.exit(0);
}
console.info(`Running the db and server suites on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')})`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'db', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
