import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/data-access/schema.ts',
  out: './src/data-access/migrations',
  schemaFilter: ['notifications'],
});
