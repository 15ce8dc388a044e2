import 'server-only';
import QRCode from 'qrcode';
import { unstable_rethrow } from 'next/navigation';
import { NextResponse, type NextRequest } from 'next/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { auditStore } from '@/lib/audit/server-store';
import { getAdminCredentials } from '@/lib/auth/credentials';
import { isSameOrigin } from '@/lib/auth/origin';
import { staffSessionOf } from '@/lib/auth/request-session';
import { parseTrustedProxyHops } from '@/lib/config';
import { actingAs } from '@/lib/db/audit-actor';
import { seenClientAddress } from '@/lib/http/client-address';
import { HttpError, jsonError } from '@/lib/http/errors';
import { readJsonBody } from '@/lib/http/json-body';
import { tooManyRequests } from '@/lib/http/too-many-requests';
import type { StaffSession } from '@/lib/staff/store';
import { throttleStore } from '@/lib/throttle/server-store';
import { throttleKey } from '@/lib/throttle/store';
import { z } from '@/lib/zod';
import { authenticatedPasskey, authenticationOptions, registeredPasskey, registrationOptions, relyingPartyOf } from './passkeys';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { seal, unseal } from './secret-box';
import { factorStore } from './server-store';
import { hasRecentFactor } from './step-up';
import { STEP_UP_REQUIRED } from './step-up-code';
import type { FactorState } from './state';
import type { Factor } from './store';
import { newTotpSecret, stepOfCode, totpUri } from './totp';

/**
 * The second-factor step (issue 36), for a session past its password: enrolling the first factor
 * (required at the first sign-in), giving one to reach the panel or to step up, and managing them.
 * Outside /api/admin, whose routes need the factor already given.
 */

export const FACTOR_MESSAGES = {
  signInFirst: 'Sign in with your password first.',
  wrongCode: 'That code is not right. Check your app and try again.',
  wrongRecoveryCode: 'That recovery code is not right, or it was already used.',
  passkeyFailed: 'The passkey was not accepted. Try again, or use another way.',
  confirmFirst: 'Confirm it is you with your second factor first.',
  noFactor: 'Set up a second factor first.',
  lastFactor: 'Keep at least one second factor: add another before removing this one.',
  tooMany: 'Too many wrong codes. Wait a moment and try again.',
} as const;

/** Guesses of codes are limited per member, as passwords are per username (lib/auth/login-throttle.ts). */
const CODE_LIMIT = { limit: 5, policy: { windowSeconds: 15 * 60, baseDelaySeconds: 15, maxDelaySeconds: 15 * 60 } };

type Context = { request: NextRequest; session: StaffSession; factors: Factor[]; now: Date; address: string | null };

const codeSchema = z.object({ code: z.string().max(40) });
const passkeySchema = z.object({ purpose: z.enum(['register', 'authenticate']) });
const passkeyResponseSchema = passkeySchema.extend({
  response: z.looseObject({ id: z.string().max(1400), type: z.literal('public-key') }),
  label: z.string().trim().max(100).optional(),
});
const removeSchema = z.object({ factorId: z.guid() });

/** GET: what the member has set up, and where this session stands. */
export function factorState(request: NextRequest): Promise<Response> {
  return withSession(request, false, async ({ session, factors, now }) => stateOf(session, factors, now));
}

/** POST /api/admin-session/factor/{action}. */
export function factorAction(request: NextRequest, action: string): Promise<Response> {
  // A Map, not an object: `constructor` or `__proto__` is no action (an object's lookup would find Object.prototype's).
  const handler = ACTIONS.get(action);
  if (!handler) return Promise.resolve(jsonError(404, 'Not found'));
  return withSession(request, true, handler);
}

const ACTIONS = new Map<string, (context: Context) => Promise<unknown>>(Object.entries({
  'totp-setup': async ({ session, factors, now }) => {
    requireMayAddFactor(session, factors, now);
    const secret = newTotpSecret();
    await factorStore().setPending(session.sessionId, { challenge: null, totpSecret: seal(secret, await sessionSecret()) });
    const uri = totpUri(secret, session.username);
    return { secret, uri, qr: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
  },

  totp: async (context) => {
    const { code } = await body(context.request, codeSchema);
    return limitedGuess(context, async () => {
      const { session, factors, now } = context;
      // An app being set up is confirmed by its first code; otherwise the code is checked against the app in use.
      const pending = session.pendingTotpSecret && unseal(session.pendingTotpSecret, await sessionSecret());
      const pendingStep = pending ? stepOfCode(pending, code, now) : null;
      if (pendingStep !== null && session.pendingTotpSecret) {
        const app = { kind: 'totp' as const, label: 'Authenticator app', totpSecret: session.pendingTotpSecret };
        const added = await factorStore().addFactor(session.staffId, session.sessionId, app, now);
        // The confirming code is used up like any other.
        if (added) await factorStore().useTotpStep(added.id, pendingStep, now);
        return enrolled(context, added);
      }
      const app = factors.find((factor) => factor.kind === 'totp');
      const secret = app?.totpSecret && unseal(app.totpSecret, await sessionSecret());
      const step = secret ? stepOfCode(secret, code, now) : null;
      if (!app || step === null || !(await factorStore().useTotpStep(app.id, step, now))) return null;
      return verified(context, 'authenticator app');
    }, FACTOR_MESSAGES.wrongCode);
  },

  recovery: async (context) => {
    const { code } = await body(context.request, codeSchema);
    return limitedGuess(context, async () => {
      const { used, left } = await factorStore().useRecoveryCode(context.session.staffId, recoveryCodeHash(code), context.now);
      return used ? { ...(await verified(context, 'recovery code')), recoveryCodesLeft: left } : null;
    }, FACTOR_MESSAGES.wrongRecoveryCode);
  },

  'passkey-options': async ({ request, session, factors, now }) => {
    const { purpose } = await body(request, passkeySchema);
    const rp = relyingPartyOf(request.headers.get('origin')!);
    if (purpose === 'register') requireMayAddFactor(session, factors, now);
    else if (!factors.some((factor) => factor.kind === 'passkey')) throw new HttpError(409, FACTOR_MESSAGES.noFactor);
    const options = purpose === 'register' ? await registrationOptions(rp, session, factors) : await authenticationOptions(rp, factors);
    await factorStore().setPending(session.sessionId, { challenge: options.challenge, totpSecret: session.pendingTotpSecret });
    return options;
  },

  passkey: async (context) => {
    const { request, session, factors, now } = context;
    const { purpose, response, label } = await body(request, passkeyResponseSchema);
    const rp = relyingPartyOf(request.headers.get('origin')!);
    const challenge = await factorStore().takeChallenge(session.sessionId);
    if (!challenge) throw new HttpError(409, FACTOR_MESSAGES.passkeyFailed);
    if (purpose === 'register') {
      requireMayAddFactor(session, factors, now);
      const passkey = await registeredPasskey(rp, challenge, response as unknown as RegistrationResponseJSON, label || `Passkey ${factors.length + 1}`);
      if (!passkey) return refuse(context, FACTOR_MESSAGES.passkeyFailed);
      return enrolled(context, await factorStore().addFactor(session.staffId, session.sessionId, passkey, now));
    }
    const used = await authenticatedPasskey(rp, challenge, response as unknown as AuthenticationResponseJSON, factors);
    if (!used || !(await factorStore().usePasskey(used.factor.id, used.counter, now))) return refuse(context, FACTOR_MESSAGES.passkeyFailed);
    return verified(context, 'passkey');
  },

  'recovery-codes': async ({ session, factors, now }) => {
    if (factors.length === 0) throw new HttpError(409, FACTOR_MESSAGES.noFactor);
    if (!hasRecentFactor(session, now)) throw new HttpError(403, FACTOR_MESSAGES.confirmFirst, { code: STEP_UP_REQUIRED });
    return { recoveryCodes: await newCodesFor(session.staffId) };
  },

  remove: async ({ request, session, now }) => {
    const { factorId } = await body(request, removeSchema);
    if (!hasRecentFactor(session, now)) throw new HttpError(403, FACTOR_MESSAGES.confirmFirst, { code: STEP_UP_REQUIRED });
    if (!(await factorStore().removeFactor(session.staffId, session.sessionId, factorId))) throw new HttpError(409, FACTOR_MESSAGES.lastFactor);
    return stateOf(session, await factorStore().factorsOf(session.staffId), now);
  },
} satisfies Record<string, (context: Context) => Promise<unknown>>));

async function withSession(request: NextRequest, change: boolean, work: (context: Context) => Promise<unknown>): Promise<Response> {
  if (change && !isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
  try {
    const now = new Date();
    const session = await staffSessionOf(request.cookies, now);
    if (!session) return jsonError(401, FACTOR_MESSAGES.signInFirst);
    const address = seenClientAddress(request.headers, parseTrustedProxyHops());
    const factors = await factorStore().factorsOf(session.staffId);
    // A factor added or removed is on the audit trail as the member's own change.
    const answer = await actingAs({ id: session.staffId, name: session.name, address }, () => work({ request, session, factors, now, address }));
    return answer instanceof Response ? answer : NextResponse.json(answer, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    unstable_rethrow(error);
    if (error instanceof HttpError) return jsonError(error.status, error.message, error.details);
    console.error('Second factor request failed:', error);
    return jsonError(500, 'Operation failed');
  }
}

async function body<T>(request: NextRequest, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await readJsonBody(request, 64 * 1024).catch(() => null));
  if (!parsed.success) throw new HttpError(400, 'Invalid request');
  return parsed.data;
}

const sessionSecret = async () => (await getAdminCredentials()).sessionSecret;

/** The first factor may be set up right after the password; another one only with a factor given in the last 5 minutes. */
function requireMayAddFactor(session: StaffSession, factors: Factor[], now: Date) {
  if (factors.length > 0 && !hasRecentFactor(session, now)) throw new HttpError(403, FACTOR_MESSAGES.confirmFirst, { code: STEP_UP_REQUIRED });
}

/** A code guessed: counted before it is checked, forgotten once one is right. */
async function limitedGuess(context: Context, check: () => Promise<unknown>, wrong: string): Promise<unknown> {
  const key = throttleKey('second-factor', context.session.staffId);
  const verdict = await throttleStore().take([{ key, limit: CODE_LIMIT.limit }], CODE_LIMIT.policy, context.now);
  if (verdict.blocked) return tooManyRequests(FACTOR_MESSAGES.tooMany, verdict.retryAfterSeconds);
  const answer = await check();
  if (answer === null) return refuse(context, wrong);
  await throttleStore().clear([key]);
  return answer;
}

async function refuse({ session, address }: Context, message: string): Promise<Response> {
  await auditStore().append({ actorId: session.staffId, actor: session.name, address, kind: 'staff.second-factor-failed', subject: `staff:${session.staffId}`, after: null });
  return jsonError(401, message);
}

async function verified({ session, factors, now, address }: Context, method: string): Promise<FactorState> {
  await factorStore().markSecondFactor(session.sessionId, now);
  await auditStore().append({ actorId: session.staffId, actor: session.name, address, kind: 'staff.second-factor', subject: `staff:${session.staffId}`, after: { method } });
  return stateOf({ ...session, secondFactorAt: now }, factors, now);
}

/** A factor just added: the session has given it. The first one comes with the recovery codes, shown once. */
async function enrolled({ session, factors, now }: Context, added: Factor | null): Promise<FactorState & { recoveryCodes?: string[] }> {
  if (!added) throw new HttpError(409, FACTOR_MESSAGES.passkeyFailed);
  const state = await stateOf({ ...session, secondFactorAt: now }, [...factors, added], now);
  return factors.length === 0 ? { ...state, recoveryCodes: await newCodesFor(session.staffId) } : state;
}

async function newCodesFor(staffId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await factorStore().replaceRecoveryCodes(staffId, codes.map(recoveryCodeHash));
  return codes;
}

async function stateOf(session: StaffSession, factors: Factor[], now: Date): Promise<FactorState> {
  return {
    verified: session.secondFactorAt !== null,
    recent: hasRecentFactor(session, now),
    totp: factors.some((factor) => factor.kind === 'totp'),
    passkeys: factors
      .filter((factor) => factor.kind === 'passkey')
      .map((factor) => ({ id: factor.id, label: factor.label, createdAt: factor.createdAt.toISOString(), lastUsedAt: factor.lastUsedAt?.toISOString() ?? null })),
    recoveryCodesLeft: await factorStore().recoveryCodesLeft(session.staffId),
  };
}
