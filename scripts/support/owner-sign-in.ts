/**
 * The shop's owner signing in from outside a browser (the several-instance test and load test,
 * the benchmark's signed-in /admin, the e2e helpers): the password, then the second factor
 * (issue 36), an authenticator app set up on the first sign-in. A code is accepted once per time
 * step, so whoever shares one `OwnerApp` takes the next step nobody has used; the shop accepts the
 * step after the current one too, so two sign-ins in one 30-second window need no wait.
 */
import { Secret, TOTP } from 'otpauth';

export type OwnerApp = { secret: string | null; lastStep: number };

const STEP_MS = 30_000;

export const newOwnerApp = (): OwnerApp => ({ secret: null, lastStep: 0 });

/** A code of a step no one sharing `app` has used, waiting for the clock when both usable steps are taken. */
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

/** Signs the owner in on `base` and answers the Cookie header of a session that has given its factor. */
export async function ownerCookie(base: string, login: { username: string; password: string }, app: OwnerApp): Promise<string> {
  const headers = { origin: base, 'content-type': 'application/json' };
  const response = await fetch(`${base}/api/admin-session`, { method: 'POST', headers, body: JSON.stringify(login) });
  if (!response.ok) throw new Error(`Admin login failed: ${response.status}`);
  const cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  const factor = (action: string, body: object) =>
    fetch(`${base}/api/admin-session/factor/${action}`, { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify(body) });
  if (((await response.json()) as { secondFactor?: string }).secondFactor === 'enrol') {
    const setup = await factor('totp-setup', {});
    if (!setup.ok) throw new Error(`The owner's app could not be set up: ${setup.status} ${await setup.text()}`);
    app.secret = ((await setup.json()) as { secret: string }).secret;
  }
  const given = await factor('totp', { code: await nextCode(app) });
  if (!given.ok) throw new Error(`The owner's second factor was refused: ${given.status} ${await given.text()}`);
  return cookie;
}
