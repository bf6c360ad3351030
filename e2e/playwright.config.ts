// Journeys run in Debian's Chromium against the production build, on a fresh
// embedded database seeded the same way every run.
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

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
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: 'rm -rf .data && cd .. && npx tsx apps/server/src/server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'e2e/.data',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  },
});
