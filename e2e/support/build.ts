/**
 * `npm run build:e2e`: the production build the end-to-end suite runs, made with the e2e admin
 * login in its environment, so that admin-bundle.spec.ts can prove none of it reached the
 * browser files.
 */
import { spawnSync } from 'node:child_process';
import { E2E_ADMIN_ENV } from './admin-credentials';

const result = spawnSync('npx', ['next', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, ...E2E_ADMIN_ENV, NEXT_TELEMETRY_DISABLED: '1' },
});
process.exit(result.status ?? 1);
