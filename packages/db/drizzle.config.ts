// drizzle-kit reads this to turn src/schema.ts into SQL migrations under ./drizzle.
// Only generation uses it; the app applies the SQL itself at start (src/client.ts).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './drizzle',
});
