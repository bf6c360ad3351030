// The server's commands as the build compiles them (scripts/build.mjs), run as
// child processes by the tests of `npm run users` and `npm run seed`. Starting
// tsx for each run compiled the server's TypeScript again every time (seconds
// per run, nineteen runs); the bundle is built once per test worker, into a
// directory of its own, in about a second.
import { execFile } from 'node:child_process';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const buildScript = fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url));

export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

let built: Promise<string> | undefined;

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function compiledDir(): Promise<string> {
  built ??= (async () => {
    // Inside the repository: the bundle leaves npm packages to Node, which finds them from where it lies.
    const cache = fileURLToPath(new URL('../../node_modules/.cache/sas-compiled/', import.meta.url));
    await mkdir(cache, { recursive: true });
    // One directory per test worker; those of workers gone are removed.
    for (const entry of await readdir(cache)) {
      if (!isRunning(Number(entry))) await rm(join(cache, entry), { recursive: true, force: true });
    }
    const dir = join(cache, String(process.pid));
    await new Promise<void>((resolve, reject) => {
      execFile(process.execPath, [buildScript, dir], { cwd: repoRoot }, (error, _stdout, stderr) =>
        error ? reject(new Error(`Building the commands failed: ${stderr}`)) : resolve(),
      );
    });
    return dir;
  })();
  return built;
}

/**
 * `npm run <command> -- ...args` as a child process with only DATA_DIR (and
 * `env`) configured, stdin given `input` and closed.
 */
export async function runCommand(
  command: 'users' | 'seed',
  dataDir: string,
  args: string[],
  { input = '', env = {}, timeout = 120_000 }: { input?: string; env?: Record<string, string>; timeout?: number } = {},
): Promise<CommandRun> {
  const entry = join(await compiledDir(), `${command}.js`);
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--enable-source-maps', entry, ...args],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, NODE_ENV: 'development', ...env },
        timeout,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input);
  });
}
