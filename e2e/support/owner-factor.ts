import fs from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';

/**
 * The e2e owner's authenticator app, shared by the run's workers: each shop's owner sets up an app
 * at the first sign-in (issue 36), and every worker must then give codes from the same secret. A
 * code is accepted once (RFC 6238 §5.2), so the workers take turns under a lock and each takes the
 * next step no one has used; the shop accepts the step after the current one too, so two sign-ins
 * in one 30-second window need no wait.
 */

type OwnerApp = { secret: string | null; lastStep: number };

const STEP_MS = 30_000;
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
    const app: OwnerApp = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as OwnerApp) : { secret: null, lastStep: 0 };
    const answer = await work(app);
    fs.writeFileSync(file, JSON.stringify(app));
    return answer;
  } finally {
    fs.rmdirSync(lock);
  }
}

/** A code of a step no worker has used, waiting for the clock when both usable steps are taken. */
export async function nextCode(app: OwnerApp): Promise<string> {
  if (!app.secret) throw new Error('The owner has no authenticator app yet');
  let current = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(current, app.lastStep + 1);
  while (step > current + 1) {
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * STEP_MS - Date.now() + 50));
    current = Math.floor(Date.now() / STEP_MS);
  }
  app.lastStep = step;
  const totp = new TOTP({ secret: Secret.fromBase32(app.secret), algorithm: 'SHA1', digits: 6, period: STEP_MS / 1000 });
  return totp.generate({ timestamp: step * STEP_MS + 1000 });
}
