import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/index.ts', './src/server/platform-emulator/schema.ts', './src/server/shop-emulator/schema.ts'],
  out: './src/server/db/migrations',
});
