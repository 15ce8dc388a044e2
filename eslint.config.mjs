import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    // lib/zod.ts switches off zod's `new Function` probe before any schema is built (the CSP refuses eval).
    files: ['app/**', 'components/**', 'lib/**'],
    ignores: ['lib/zod.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: "Import { z } from '@/lib/zod' (see why there)." }] }],
    },
  },
  globalIgnores([
    '.next/**',
    // ORX's server as esbuild builds it (scripts/build-server.mjs): generated.
    'dist/**',
    'out/**',
    'build/**',
    'next-env.d.ts',
    '.data/**',
    'test-results/**',
    'playwright-report/**',
    'bench-results/**',
  ]),
]);
