// `npm start` on a loopback address with no JWT_SECRET (ADR 012): the secret
// that signs access tokens is kept in DATA_DIR, so that a restart or a second
// process on the same data does not sign every guest and staff member out.
// A public PUBLIC_URL never gets here: production refuses to start without
// JWT_SECRET (env.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Env } from '../env.js';

/** The file under DATA_DIR holding the secret, readable by its owner only. */
export const localJwtSecretFile = 'jwt-secret';

/** Long enough for env.ts's 32-character minimum with room to spare. */
const secretBytes = 48;

function isCode(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;
}

async function readSecret(file: string): Promise<string | null> {
  try {
    const secret = (await readFile(file, 'utf8')).trim();
    return secret.length >= 32 ? secret : null;
  } catch (err) {
    if (isCode(err, 'ENOENT')) return null;
    throw err;
  }
}

/**
 * The secret kept in `dataDir`, created on first use. Processes starting
 * together agree: the file is created exclusively, and the one that loses
 * the race reads the winner's (written before it is closed, so a reader
 * waits briefly for a file still empty).
 */
export async function localJwtSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, localJwtSecretFile);
  const existing = await readSecret(file);
  if (existing !== null) return existing;
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(secretBytes).toString('base64url');
  try {
    const handle = await open(file, 'wx', 0o600);
    try {
      await handle.writeFile(`${secret}\n`);
    } finally {
      await handle.close();
    }
    return secret;
  } catch (err) {
    if (!isCode(err, 'EEXIST')) throw err;
  }
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const written = await readSecret(file);
    if (written !== null) return written;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${file} holds no usable secret: delete it, or set JWT_SECRET`);
}

/** The settings with the kept secret in place of a per-process one, where JWT_SECRET was left unset in production. */
export async function withLocalJwtSecret(env: Env, source: Record<string, string | undefined>): Promise<Env> {
  if (source.JWT_SECRET !== undefined || env.NODE_ENV !== 'production') return env;
  return { ...env, JWT_SECRET: await localJwtSecret(env.DATA_DIR) };
}
