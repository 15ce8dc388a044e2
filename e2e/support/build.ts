/**
 * `npm run build:e2e`: the production build the end-to-end suite runs, made with the e2e admin
 * login in its environment, so that admin-bundle.spec.ts can prove none of it reached the
 * browser files. It skips Next's own type check: `npm test` runs the same check (`next typegen`,
 * then `tsc`, route types included) beside the e2e suite once this build is made, and
 * `npm run test:changed` is about the tests, not the types.
 */
import { spawnSync } from 'node:child_process';
import { E2E_ADMIN_ENV } from './admin-credentials';

// `npm run build`: ORX's server, then Next's build.
const result = spawnSync('npm', ['run', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, ...E2E_ADMIN_ENV, NEXT_TELEMETRY_DISABLED: '1', ORX_TYPES_CHECKED_APART: '1' },
});
process.exit(result.status ?? 1);
