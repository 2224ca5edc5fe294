import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup-env.ts'],
    // One migrated PGlite data folder for the run: every in-memory test database starts from it.
    globalSetup: ['tests/support/pglite-template.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are memory-heavy; keep parallelism modest on 2 cores.
    maxWorkers: 2,
  },
});
