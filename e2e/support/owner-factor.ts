import fs from 'node:fs';
import path from 'node:path';
import { newOwnerApp, type OwnerApp } from '../../scripts/support/owner-sign-in';

export { nextCode } from '../../scripts/support/owner-sign-in';

/**
 * The e2e owner's authenticator app, shared by the run's workers: each shop's owner sets up an app
 * at the first sign-in (issue 36), and every worker must then give codes from the same secret. A
 * code is accepted once (RFC 6238 §5.2), so the workers take turns under a lock, in a file of the
 * run's folder, over the steps (nextCode, scripts/support/owner-sign-in.ts).
 */

const runDir = () => {
  const dir = process.env.ORX_E2E_RUN_DIR;
  if (!dir) throw new Error('ORX_E2E_RUN_DIR is not set: run the tests through playwright.config.ts');
  return dir;
};
const fileOf = (origin: string) => path.join(runDir(), `owner-app-${new URL(origin).port}.json`);

/** Runs `work` holding this shop's owner lock, with what the run knows of the owner's app. */
export async function withOwnerApp<T>(origin: string, work: (app: OwnerApp) => Promise<T>): Promise<T> {
  const lock = `${fileOf(origin)}.lock`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    const file = fileOf(origin);
    const app: OwnerApp = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as OwnerApp) : newOwnerApp();
    const answer = await work(app);
    fs.writeFileSync(file, JSON.stringify(app));
    return answer;
  } finally {
    fs.rmdirSync(lock);
  }
}
