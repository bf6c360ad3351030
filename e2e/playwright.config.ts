// Journeys run in Debian's Chromium against the production build, on a fresh
// embedded database seeded the same way every run.
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { oauthIssuer, port } from './server-config';

// Debian's Chromium headless shell when installed (scripts/ensure-chromium.sh
// installs it): the same Chromium without the browser's window layer, which
// Playwright itself drives for headless runs; the same journeys took a fifth
// to a third less time in it than in the full browser (ADR 050). CHROMIUM_PATH
// overrides.
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.test.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records DOM snapshots of every action of every journey, kept or
    // not: it nearly doubled the journeys' CPU time (ADR 033, fifth round). A
    // failure keeps its screenshot, its error and the server's log; for the
    // full trace, run again with E2E_TRACE=1.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      // Without these, Chromium keeps trying to reach Google's hosts, which this
      // network refuses.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Tests tagged @mobile run only at phone width; tests tagged @a11y run at both.
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@mobile/ },
    {
      name: 'mobile',
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        viewport: { width: 375, height: 812 },
        hasTouch: true,
        isMobile: true,
      },
      grep: /@mobile|@a11y/,
    },
  ],
  webServer: [
    {
      // Google sign-in points at this local OpenID provider (accounts.test.ts).
      command: 'npx tsx oauth-provider.ts',
      url: `${oauthIssuer}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      // The compiled server that `npm start` runs, built by `npm run build` before the journeys.
      command: 'npx tsx start-server.ts',
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        // The trips journey cancels "days later" with the x-test-clock-days header.
        TEST_CLOCK: 'true',
        // The channel-sync journey imports this site's own export feed.
        ICAL_ALLOW_HOSTS: `127.0.0.1:${port}`,
        OAUTH_GOOGLE_CLIENT_ID: 'sas-e2e-client',
        OAUTH_GOOGLE_CLIENT_SECRET: 'sas-e2e-secret',
        OAUTH_GOOGLE_AUTHORIZATION_URL: `${oauthIssuer}/authorize`,
        OAUTH_GOOGLE_TOKEN_URL: `${oauthIssuer}/token`,
        OAUTH_GOOGLE_USERINFO_URL: `${oauthIssuer}/userinfo`,
        OAUTH_GOOGLE_ISSUER: oauthIssuer,
        OAUTH_GOOGLE_JWKS_URL: `${oauthIssuer}/jwks`,
      },
    },
  ],
});
