import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { developmentJwtSecret, loadEnv } from '../env.js';
import { localJwtSecret, localJwtSecretFile, withLocalJwtSecret } from './local-jwt-secret.js';

describe('the access-token secret kept in DATA_DIR', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sas-jwt-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is created once, readable by its owner only, and the same for every later start', async () => {
    const first = await localJwtSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await stat(join(dir, localJwtSecretFile))).mode & 0o777).toBe(0o600);
    expect(await localJwtSecret(dir)).toBe(first);
  });

  it('is one secret for processes starting together', async () => {
    const secrets = await Promise.all(Array.from({ length: 6 }, () => localJwtSecret(dir)));
    expect(new Set(secrets).size).toBe(1);
    expect((await readFile(join(dir, localJwtSecretFile), 'utf8')).trim()).toBe(secrets[0]);
  });

  it('refuses a file that holds no usable secret rather than signing with it', async () => {
    await writeFile(join(dir, localJwtSecretFile), 'short\n');
    await expect(localJwtSecret(dir)).rejects.toThrow(/holds no usable secret/);
  });

  it('replaces only the per-process secret of a production start on loopback without JWT_SECRET', async () => {
    const local = { NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:4173', DATA_DIR: dir };
    const kept = await withLocalJwtSecret(loadEnv(local), local);
    expect(kept.JWT_SECRET).toBe(await localJwtSecret(dir));
    expect((await withLocalJwtSecret(loadEnv(local), local)).JWT_SECRET).toBe(kept.JWT_SECRET);

    const given = { ...local, JWT_SECRET: 'a-production-secret-of-at-least-32-characters' };
    expect((await withLocalJwtSecret(loadEnv(given), given)).JWT_SECRET).toBe(given.JWT_SECRET);
    const development = { NODE_ENV: 'development', DATA_DIR: dir };
    expect((await withLocalJwtSecret(loadEnv(development), development)).JWT_SECRET).toBe(developmentJwtSecret);
  });
});
