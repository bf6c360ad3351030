// `npm test`: every test of the project, phase by phase, then a table of how
// long each phase took (ADR 033). Lint keeps one core busy for two minutes
// and typecheck the other for one, so lint runs beside typecheck and then
// beside the PGlite unit run, which takes whatever is left of both cores; it
// is waited for after that run. The other phases use both cores themselves.
// With TEST_DATABASE_URL the database suites run again on that PostgreSQL
// server and the browser journeys' server runs on it too. CI_PHASES_FILE, when
// set, gets one JSON line per phase, for .ci/run's closing table.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const phases = [];
const startedAt = performance.now();
/** Children still running when a phase fails, stopped before exiting. */
const running = new Set();

/** Runs a command; its output is passed through, or kept and printed at the end when `quiet`. */
function run(command, args, { env = process.env, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output, finishedAt: performance.now() });
    });
  });
}

/**
 * Runs a phase. One that ran beside others passes `since`, when it started,
 * and its work answers `{ ok, finishedAt }`: its seconds are then its own.
 */
async function phase(name, work, since = undefined) {
  console.info(`\n=== ${name} ===`);
  const started = since ?? performance.now();
  const outcome = await work();
  const ok = typeof outcome === 'boolean' ? outcome : outcome.ok;
  const finishedAt = typeof outcome === 'boolean' ? performance.now() : outcome.finishedAt;
  const seconds = Math.round((finishedAt - started) / 1000);
  phases.push({ phase: name, seconds, ok });
  if (process.env.CI_PHASES_FILE)
    appendFileSync(process.env.CI_PHASES_FILE, `${JSON.stringify({ phase: name, seconds, ok })}\n`);
  if (!ok) finish(1);
}

function finish(code) {
  for (const child of running) child.kill('SIGTERM');
  console.info('\nnpm test, phase by phase:');
  console.table(phases.map(({ phase, seconds, ok }) => ({ phase, seconds, result: ok ? 'passed' : 'FAILED' })));
  console.info(`Total: ${Math.round((performance.now() - startedAt) / 1000)} s (lint ran beside the phases after it)`);
  process.exit(code);
}

const npm = (...args) => run('npm', args);

const lintStarted = performance.now();
const lint = run('npm', ['run', 'lint'], { quiet: true });
await phase('typecheck', async () => {
  const types = await run('npm', ['run', 'typecheck'], { quiet: true });
  process.stdout.write(types.output);
  return types.code === 0;
});
await phase('unit and integration (PGlite)', async () => (await npm('run', 'test:unit')).code === 0);
await phase(
  'lint (beside the two above)',
  async () => {
    const { code, output, finishedAt } = await lint;
    process.stdout.write(output);
    return { ok: code === 0, finishedAt };
  },
  lintStarted,
);
// The build the journeys run, and the check that no public page's chunks carry console code (ADR 037).
await phase('build and bundle check', async () => {
  if ((await npm('run', 'build')).code !== 0) return false;
  return (await npm('run', 'check:bundle', '-w', '@sas/web')).code === 0;
});
// With PostgreSQL, the journeys' server is prepared (its database seeded with
// the demo year, the demo photos rendered when not cached) beside the
// PostgreSQL pass, which waits on its database between queries and leaves a
// core spare part of the time: the browsers no longer wait for it (ADR 033).
const prepareStarted = performance.now();
const journeysServer = process.env.TEST_DATABASE_URL
  ? run('npx', ['tsx', 'e2e/prepare-server.ts'], { quiet: true })
  : undefined;
if (process.env.TEST_DATABASE_URL) {
  await phase('database suites (PostgreSQL)', async () => (await npm('run', 'test:pg')).code === 0);
}
if (journeysServer) {
  await phase(
    "journeys' server (beside PostgreSQL)",
    async () => {
      const { code, output, finishedAt } = await journeysServer;
      if (code !== 0) process.stdout.write(output);
      return { ok: code === 0, finishedAt };
    },
    prepareStarted,
  );
}
await phase('browser journeys', async () => {
  if ((await run('bash', ['scripts/ensure-chromium.sh'])).code !== 0) return false;
  const env = { ...process.env, ...(journeysServer ? { E2E_SERVER_PREPARED: '1' } : {}) };
  return (await run('npm', ['run', 'test', '-w', '@sas/e2e'], { env })).code === 0;
});
finish(0);
