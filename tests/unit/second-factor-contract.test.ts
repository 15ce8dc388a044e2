import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { newSessionToken, SESSION_IDLE_SECONDS, SESSION_TTL_SECONDS } from '@/lib/auth/session';
import { recoveryCodeHash } from '@/lib/second-factor/recovery-codes';
import { runOnEveryStore, type Stores, type Target } from '../support/store-targets';

/**
 * Issue 36: the second factors' rules that the database keeps, on every store, and on a real
 * PostgreSQL server where requests at the same moment really contest a row: a code's step and a
 * recovery code are used once, a passkey's counter only moves on, one app per member, at least
 * one factor, a challenge used up.
 */

const T0 = new Date('2026-11-26T09:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function runContract(target: Target) {
  let stores: Stores;

  beforeAll(async () => {
    stores = await target.open();
  });

  async function memberWithSession() {
    if (!stores.database) throw new Error('This test needs the database itself');
    const name = `Factor ${randomUUID().slice(0, 8)}`;
    const { rows } = await stores.database.query<{ id: string }>(
      `insert into public.staff (username, name, role, password_hash) values (lower($1), $1, 'catalogue', 'scrypt:none') returning id`,
      [name],
    );
    const staffId = rows[0]!.id;
    const session = async () => {
      const { id } = newSessionToken();
      await stores.staff.startSession({ id, staffId, now: T0, expiresAt: at(SESSION_TTL_SECONDS), device: 'contract', address: null });
      return id;
    };
    return { staffId, session };
  }

  const app = (secret = 'sealed-secret') => ({ kind: 'totp' as const, label: 'Authenticator app', totpSecret: secret });
  const passkey = (credentialId = randomUUID()) => ({ kind: 'passkey' as const, label: 'Passkey', credentialId, publicKey: 'cHVibGlj', counter: 0, transports: ['internal'] });

  it('accepts each step of an app once, in any race, and never a step before the last one used', async () => {
    const { staffId, session } = await memberWithSession();
    const factor = (await stores.factors.addFactor(staffId, await session(), app(), T0))!;
    const raced = await Promise.all(Array.from({ length: 8 }, () => stores.factors.useTotpStep(factor.id, 1000, at(1))));
    expect(raced.filter(Boolean)).toHaveLength(1);
    expect(await stores.factors.useTotpStep(factor.id, 999, at(2))).toBe(false);
    expect(await stores.factors.useTotpStep(factor.id, 1001, at(3))).toBe(true);
  });

  it('keeps one app per member: a new one replaces it, and ends the member\'s other sessions but not this one', async () => {
    const { staffId, session } = await memberWithSession();
    await stores.factors.addFactor(staffId, await session(), app('first'), T0);
    const [other, current] = [await session(), await session()];
    await stores.factors.addFactor(staffId, current, app('second'), at(10));
    const factors = await stores.factors.factorsOf(staffId);
    expect(factors.map((factor) => [factor.kind, factor.totpSecret])).toEqual([['totp', 'second']]);
    expect(await stores.staff.touchSession(other, at(20), SESSION_IDLE_SECONDS)).toBeNull();
    expect(await stores.staff.touchSession(current, at(20), SESSION_IDLE_SECONDS)).toMatchObject({ secondFactorAt: at(10) });
  });

  it('lets a passkey\'s counter only move on, except for an authenticator that keeps none; a passkey is known once', async () => {
    const { staffId, session } = await memberWithSession();
    const sessionId = await session();
    const credentialId = randomUUID();
    const key = (await stores.factors.addFactor(staffId, sessionId, passkey(credentialId), T0))!;
    expect(await stores.factors.usePasskey(key.id, 0, at(1))).toBe(true);
    expect(await stores.factors.usePasskey(key.id, 0, at(2))).toBe(true);
    expect(await stores.factors.usePasskey(key.id, 5, at(3))).toBe(true);
    expect(await stores.factors.usePasskey(key.id, 5, at(4))).toBe(false);
    expect(await stores.factors.usePasskey(key.id, 3, at(5))).toBe(false);
    expect(await stores.factors.usePasskey(key.id, 0, at(6))).toBe(false);
    expect(await stores.factors.addFactor(staffId, sessionId, passkey(credentialId), at(7))).toBeNull();
  });

  it('removes a factor only while another remains, even when two are removed at the same moment', async () => {
    const { staffId, session } = await memberWithSession();
    const sessionId = await session();
    const key = (await stores.factors.addFactor(staffId, sessionId, passkey(), T0))!;
    expect(await stores.factors.removeFactor(staffId, sessionId, key.id)).toBe(false);
    const phone = (await stores.factors.addFactor(staffId, sessionId, app(), at(1)))!;
    const both = await Promise.all([stores.factors.removeFactor(staffId, sessionId, key.id), stores.factors.removeFactor(staffId, sessionId, phone.id)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await stores.factors.factorsOf(staffId)).toHaveLength(1);
  });

  it('takes each recovery code once, in any race, and new codes replace all the old', async () => {
    const { staffId } = await memberWithSession();
    const hashes = ['aaaaa-aaaaa', 'bbbbb-bbbbb', 'ccccc-ccccc'].map(recoveryCodeHash);
    await stores.factors.replaceRecoveryCodes(staffId, hashes);
    const raced = await Promise.all(Array.from({ length: 6 }, () => stores.factors.useRecoveryCode(staffId, hashes[0]!, at(1))));
    expect(raced.filter((outcome) => outcome.used)).toEqual([{ used: true, left: 2 }]);
    expect(await stores.factors.recoveryCodesLeft(staffId)).toBe(2);
    await stores.factors.replaceRecoveryCodes(staffId, [recoveryCodeHash('ddddd-ddddd')]);
    expect(await stores.factors.useRecoveryCode(staffId, hashes[1]!, at(2))).toEqual({ used: false, left: 1 });
    expect(await stores.factors.useRecoveryCode(staffId, recoveryCodeHash('DDDDD DDDDD'), at(3))).toEqual({ used: true, left: 0 });
  });

  it('uses a WebAuthn challenge up, and stamps the session when its factor is given', async () => {
    const { session } = await memberWithSession();
    const sessionId = await session();
    await stores.factors.setPending(sessionId, { challenge: 'a-challenge', totpSecret: null });
    expect(await stores.factors.takeChallenge(sessionId)).toBe('a-challenge');
    expect(await stores.factors.takeChallenge(sessionId)).toBeNull();
    expect(await stores.staff.touchSession(sessionId, at(1), SESSION_IDLE_SECONDS)).toMatchObject({ secondFactorAt: null });
    await stores.factors.markSecondFactor(sessionId, at(2));
    expect(await stores.staff.touchSession(sessionId, at(3), SESSION_IDLE_SECONDS)).toMatchObject({ secondFactorAt: at(2) });
  });
}

runOnEveryStore(runContract);
