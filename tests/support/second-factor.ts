import { NextRequest } from 'next/server';
import { SESSION_COOKIE } from '@/lib/auth/session';
import { factorAction } from '@/lib/second-factor/routes';
import { totpCode } from '@/lib/second-factor/totp';

/**
 * Route tests' side of the second factor (issue 36): the calls the sign-in page makes, sent to the
 * handlers as Next sends them, with an authenticator app played by the test (the secret it is shown).
 */
const ORIGIN = 'http://shop.test';

export function factorRequest(action: string, cookie: string, body: unknown = {}) {
  return factorAction(
    new NextRequest(`${ORIGIN}/api/admin-session/factor/${action}`, {
      method: 'POST',
      headers: { host: 'shop.test', origin: ORIGIN, cookie: `${SESSION_COOKIE}=${cookie}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    action,
  );
}

/** Sets up an authenticator app for the session's member and confirms it with its first code: the session has then given its factor. */
export async function enrolApp(cookie: string, now = new Date()): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await factorRequest('totp-setup', cookie);
  if (setup.status !== 200) throw new Error(`The app could not be set up: ${setup.status} ${await setup.text()}`);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await factorRequest('totp', cookie, { code: totpCode(secret, now) });
  if (confirmed.status !== 200) throw new Error(`The app was not confirmed: ${confirmed.status} ${await confirmed.text()}`);
  const { recoveryCodes = [] } = (await confirmed.json()) as { recoveryCodes?: string[] };
  return { secret, recoveryCodes };
}
