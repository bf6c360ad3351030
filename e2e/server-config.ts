// Where the e2e server listens and keeps its data. Each port gets its own data
// directory, so two runs on different ports (E2E_PORT) never share a database.
import { join } from 'node:path';

export const port = Number(process.env.E2E_PORT ?? 3100);

/** Relative to e2e/: the server's DATA_DIR, wiped when the run starts. */
export const dataDirName = port === 3100 ? '.data' : `.data-${port}`;

/** Without SMTP the server writes each e-mail here as an .eml file. */
export const outboxDir = join(import.meta.dirname, dataDirName, 'outbox');

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
