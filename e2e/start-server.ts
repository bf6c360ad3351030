// The journeys' server: the compiled production server (`npm run build`) on a
// fresh data directory, and on a fresh PostgreSQL database when the run has
// one (server-config.ts). Stops with the server, dropping nothing: the next
// run starts by recreating both, so a failed run's data can still be read.
// Either way the journeys find a year of demo business (ADR 040): the first
// start of the embedded database writes it by itself, a PostgreSQL database
// only when asked, which prepare-server.ts does, here or beforehand.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { prepareServer, repoRoot, serverEnv } from './prepare-server';

if (process.env.E2E_SERVER_PREPARED !== '1') await prepareServer();

const server = spawn(process.execPath, ['--enable-source-maps', join(repoRoot, 'apps/server/dist/server.js')], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: serverEnv,
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
