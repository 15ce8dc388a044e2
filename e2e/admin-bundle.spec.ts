import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/failure-report';
import { E2E_ADMIN, E2E_ADMIN_PASSWORD_HASH } from './support/admin-credentials';

/**
 * The browser's files of the production build hold no admin secret. Meaningful for a build made
 * with E2E_ADMIN_ENV in its environment (the CI build is), so that a leak would put these values in.
 */
test('the files under .next/static hold no admin username, password, hash or session secret', () => {
  const root = path.join(process.cwd(), '.next', 'static');
  const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(root, name))
    .filter((file) => fs.statSync(file).isFile());
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);

  const [, , , , salt, digest] = E2E_ADMIN_PASSWORD_HASH.split(':');
  const secrets = [E2E_ADMIN.username, E2E_ADMIN.password, E2E_ADMIN_PASSWORD_HASH, salt!, digest!, E2E_ADMIN.sessionSecret];
  const leaks = files.flatMap((file) => {
    const text = fs.readFileSync(file, 'latin1');
    return secrets.filter((secret) => text.includes(secret)).map((secret) => `${path.relative(root, file)}: ${secret}`);
  });
  expect(leaks).toEqual([]);
});
