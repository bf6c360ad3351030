// `npm test`: every test of the project, phase by phase, then a table of how
// long each phase took (ADR 033). Lint and typecheck run side by side: each
// keeps one core busy at most. The other phases use both cores themselves.
// With TEST_DATABASE_URL the database suites run again on that PostgreSQL
// server and the browser journeys' server runs on it too. CI_PHASES_FILE, when
// set, gets one JSON line per phase, for .ci/run's closing table.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const phases = [];

/** Runs a command; its output is passed through, or kept and printed at the end when `quiet`. */
function run(command, args, { env = process.env, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function phase(name, work) {
  console.info(`\n=== ${name} ===`);
  const started = performance.now();
  const ok = await work();
  const seconds = Math.round((performance.now() - started) / 1000);
  phases.push({ phase: name, seconds, ok });
  if (process.env.CI_PHASES_FILE)
    appendFileSync(process.env.CI_PHASES_FILE, `${JSON.stringify({ phase: name, seconds, ok })}\n`);
  if (!ok) finish(1);
}

function finish(code) {
  console.info('\nnpm test, phase by phase:');
  console.table(phases.map(({ phase, seconds, ok }) => ({ phase, seconds, result: ok ? 'passed' : 'FAILED' })));
  console.info(`Total: ${phases.reduce((sum, p) => sum + p.seconds, 0)} s`);
  process.exit(code);
}

const npm = (...args) => run('npm', args);

await phase('lint and typecheck', async () => {
  const [lint, types] = await Promise.all([
    run('npm', ['run', 'lint'], { quiet: true }),
    run('npm', ['run', 'typecheck'], { quiet: true }),
  ]);
  process.stdout.write(lint.output + types.output);
  return lint.code === 0 && types.code === 0;
});
await phase('unit and integration (PGlite)', async () => (await npm('run', 'test:unit')).code === 0);
if (process.env.TEST_DATABASE_URL) {
  await phase('database suites (PostgreSQL)', async () => (await npm('run', 'test:pg')).code === 0);
}
// The build the journeys run, and the check that no public page's chunks carry console code (ADR 037).
await phase('build and bundle check', async () => {
  if ((await npm('run', 'build')).code !== 0) return false;
  return (await npm('run', 'check:bundle', '-w', '@sas/web')).code === 0;
});
await phase('browser journeys', async () => {
  if ((await run('bash', ['scripts/ensure-chromium.sh'])).code !== 0) return false;
  return (await npm('run', 'test', '-w', '@sas/e2e')).code === 0;
});
finish(0);
