import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:faults`: failure and load tests against the production build (`npm run build` first)
// in child processes, on a private PostgreSQL cluster (tests/support/faults/global-setup.ts) and on PGlite.
// One file at a time: they start servers, kill them and stop the database.
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/faults/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
