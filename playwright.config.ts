import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/chromium-args.ts';

/** Browser tests: the built app on its own port and a fresh DATA_DIR, in Debian's Chromium. */
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'dialogwerk-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_PORT = String(port);
// The seeded demo author's password, so tests can sign in as the owner of the demo games (e2e/multichat).
process.env.E2E_DEMO_PASSWORD ??= 'e2e-Demo-Passwort-7';

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'de-DE',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node dist/server/main.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      DEMO_PASSWORD: process.env.E2E_DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '1000',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
      // The panel-study test receives its webhook on 127.0.0.1 (the operator setting for such receivers).
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_POLL_MS: '200',
    },
  },
});
