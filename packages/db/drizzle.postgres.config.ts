import { defineConfig } from 'drizzle-kit';

/** The PostgreSQL migrations, from the tables derived from the SQLite schema (src/postgres/schema.ts). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/postgres/tables.ts',
  out: './migrations-postgres',
});
