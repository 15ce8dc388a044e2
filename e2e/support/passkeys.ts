import type { Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator, through the DevTools protocol: a platform authenticator with
 * user verification that answers at once, as a phone's or laptop's passkey would once the person
 * touched it. Its passkeys are real key pairs; the shop checks their signatures as any other's.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    /** The passkeys it holds, with their signature counts. */
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}
