import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations to ./drizzle from app/db/schema.ts.
// The same migrations run on embedded PGlite and on PostgreSQL (app/db/migrate.server.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './app/db/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
});
