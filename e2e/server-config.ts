// Where the e2e server listens and keeps its data. Each port gets its own data
// directory (and database), so two runs on different ports (E2E_PORT) never
// share one.
import { join } from 'node:path';

export const port = Number(process.env.E2E_PORT ?? 3100);

/** Relative to e2e/: the server's DATA_DIR, wiped when the run starts. */
export const dataDirName = port === 3100 ? '.data' : `.data-${port}`;

/** Without SMTP the server writes each e-mail here as an .eml file. */
export const outboxDir = join(import.meta.dirname, dataDirName, 'outbox');

/**
 * With TEST_DATABASE_URL (CI) the journeys' server runs on a scratch database
 * of that PostgreSQL server, recreated at every start (ADR 033): PGlite runs
 * every query of the server on one thread, PostgreSQL on both cores. Without
 * it, on the embedded default, as `npm start` does.
 */
export const databaseUrl: string | undefined = process.env.TEST_DATABASE_URL
  ? (() => {
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/sas_e2e_${port}`;
      return url.toString();
    })()
  : undefined;

/** Where the local OpenID provider of the social sign-in journey listens (oauth-provider.ts). */
export const oauthProviderPort = port + 1;
export const oauthIssuer = `http://127.0.0.1:${oauthProviderPort}`;

/** Who that provider signs in: a verified Google account. */
export const socialPerson = {
  sub: 'e2e-google-person',
  email: 'mae.jemison@example.com',
  email_verified: true,
  given_name: 'Mae',
  family_name: 'Jemison',
};
