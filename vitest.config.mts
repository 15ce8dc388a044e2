import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@': root,
      // `server-only` throws outside Next's server bundles; in Node tests every module is server code.
      'server-only': path.resolve(root, 'tests/support/server-only.ts'),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // PGlite databases take seconds to create on these machines.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
