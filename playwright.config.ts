import { defineConfig } from '@playwright/test';

// End-to-end tests against the production build (`vite build` first), served by `vite preview`.
// Browsers cannot be downloaded here: Debian's Chromium is used (scripts/setup.mjs --browser).
// Set E2E_BASE_URL to test an already running server (e.g. `npm run dev`) instead.
// E2E_PORT: another worktree may serve its own build on 4173 (reuseExistingServer would test that).
const PORT = Number(process.env.E2E_PORT ?? 4173);
const external = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: external ?? `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 720 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'off',
    // The build registers a service worker (offline after one visit, issue 31 part 4); every
    // suite but e2e/offline.spec.ts tests the page as a first visit, without one.
    serviceWorkers: 'block',
  },
  webServer: external
    ? undefined
    : {
        command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
        url: `http://127.0.0.1:${PORT}`,
        reuseExistingServer: !process.env.CI,
        timeout: 60_000,
        stdout: 'ignore',
      },
});
