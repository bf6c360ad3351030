// Vitest's global set-up (the root vitest.config.ts): names this test run for
// its PostgreSQL template databases (testing.ts), which every worker shares,
// and drops them when the run ends.
import { randomBytes } from 'node:crypto';
import { dropTestTemplates } from './testing.js';

export default function setup(): () => Promise<void> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  process.env.SAS_TEST_RUN = runId;
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) await dropTestTemplates(url, runId);
  };
}
