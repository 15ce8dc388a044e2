import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { call } from './api-client';
import type { FactorState } from '@/lib/second-factor/state';

/** The panel's calls to the second-factor routes (lib/second-factor/routes.ts). */

/** Giving a factor never asks for one; managing them asks through step-up when the last one was given minutes ago. */
const action = <T>(name: string, body: object = {}, stepUp = false) => call<T>(`/api/admin-session/factor/${name}`, 'POST', body, stepUp);

export type Enrolled = FactorState & { recoveryCodes?: string[] };

export const factorApi = {
  state: () => call<FactorState>('/api/admin-session/factor', 'GET', undefined, false),
  setUpApp: () => action<{ secret: string; uri: string; qr: string }>('totp-setup', {}, true),
  /** A code from the app: confirms one being set up, or gives the factor. */
  appCode: (code: string) => action<Enrolled>('totp', { code }),
  recoveryCode: (code: string) => action<FactorState & { recoveryCodesLeft: number }>('recovery', { code }),
  /** Asks the browser for a passkey signature over the server's challenge. */
  usePasskey: async () => {
    const optionsJSON = await action<PublicKeyCredentialRequestOptionsJSON>('passkey-options', { purpose: 'authenticate' });
    return action<FactorState>('passkey', { purpose: 'authenticate', response: await startAuthentication({ optionsJSON }) });
  },
  /** Makes a passkey for this account in the browser's authenticator. */
  addPasskey: async (label?: string) => {
    const optionsJSON = await action<PublicKeyCredentialCreationOptionsJSON>('passkey-options', { purpose: 'register' }, true);
    return action<Enrolled>('passkey', { purpose: 'register', response: await startRegistration({ optionsJSON }), label });
  },
  newRecoveryCodes: () => action<{ recoveryCodes: string[] }>('recovery-codes', {}, true),
  remove: (factorId: string) => action<FactorState>('remove', { factorId }, true),
};
