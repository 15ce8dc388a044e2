import 'server-only';
import type { CallFunction } from '@/lib/db/functions';
import { z } from '@/lib/zod';

/**
 * A member's second factors (issue 36): an authenticator app (TOTP), passkeys, and ten single-use
 * recovery codes; and the session's side of using them (supabase/migrations/…_staff_accounts.sql).
 */
export type Factor = {
  id: string;
  kind: 'totp' | 'passkey';
  label: string;
  totpSecret: string | null;
  credentialId: string | null;
  publicKey: string | null;
  counter: number;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
};

export type NewFactor =
  | { kind: 'totp'; label: string; totpSecret: string }
  | { kind: 'passkey'; label: string; credentialId: string; publicKey: string; counter: number; transports: string[] };

export interface FactorStore {
  factorsOf(staffId: string): Promise<Factor[]>;
  /** What the session is in the middle of: a WebAuthn challenge, an app being set up. */
  setPending(sessionId: string, pending: { challenge: string | null; totpSecret: string | null }): Promise<void>;
  /** The session's challenge, used up. */
  takeChallenge(sessionId: string): Promise<string | null>;
  markSecondFactor(sessionId: string, now: Date): Promise<void>;
  /** True once per step, and never for a step before the last one used. */
  useTotpStep(factorId: string, step: number, now: Date): Promise<boolean>;
  /** True when the counter moved on (or the authenticator keeps none). */
  usePasskey(factorId: string, counter: number, now: Date): Promise<boolean>;
  /** Ends the member's other sessions; marks this one as having given its factor. Null for a passkey already known. */
  addFactor(staffId: string, sessionId: string, factor: NewFactor, now: Date): Promise<Factor | null>;
  /** Keeps at least one factor; ends the member's other sessions. */
  removeFactor(staffId: string, sessionId: string, factorId: string): Promise<boolean>;
  replaceRecoveryCodes(staffId: string, codeHashes: string[]): Promise<void>;
  useRecoveryCode(staffId: string, codeHash: string, now: Date): Promise<{ used: boolean; left: number }>;
  recoveryCodesLeft(staffId: string): Promise<number>;
}

const factorRow = z
  .object({
    id: z.string(),
    kind: z.enum(['totp', 'passkey']),
    label: z.string(),
    totp_secret: z.string().nullable(),
    credential_id: z.string().nullable(),
    public_key: z.string().nullable(),
    counter: z.union([z.number(), z.string()]).transform(Number),
    transports: z.array(z.string()),
    created_at: z.union([z.string(), z.date()]).transform((value) => new Date(value)),
    last_used_at: z.union([z.string(), z.date()]).nullable().transform((value) => (value === null ? null : new Date(value))),
  })
  .transform(
    (row): Factor => ({
      id: row.id,
      kind: row.kind,
      label: row.label,
      totpSecret: row.totp_secret,
      credentialId: row.credential_id,
      publicKey: row.public_key,
      counter: row.counter,
      transports: row.transports,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
    }),
  );

const flag = (rows: unknown[], column: string) => (rows[0] as Record<string, unknown> | undefined)?.[column] === true;
const number = (rows: unknown[], column: string) => Number((rows[0] as Record<string, unknown> | undefined)?.[column] ?? 0);

export function createFactorStore(call: CallFunction): FactorStore {
  return {
    factorsOf: async (staffId) => (await call('staff_factors_of', { p_staff_id: staffId })).map((row) => factorRow.parse(row)),
    setPending: async (sessionId, { challenge, totpSecret }) => {
      await call('set_session_pending', { p_session_id: sessionId, p_challenge: challenge, p_pending_totp_secret: totpSecret });
    },
    takeChallenge: async (sessionId) => {
      const row = (await call('take_session_challenge', { p_session_id: sessionId }))[0] as { challenge?: string | null } | undefined;
      return row?.challenge ?? null;
    },
    markSecondFactor: async (sessionId, now) => {
      await call('mark_second_factor', { p_session_id: sessionId, p_now: now.toISOString() });
    },
    useTotpStep: async (factorId, step, now) => flag(await call('use_totp_step', { p_factor_id: factorId, p_step: step, p_now: now.toISOString() }), 'used'),
    usePasskey: async (factorId, counter, now) =>
      flag(await call('use_passkey', { p_factor_id: factorId, p_counter: counter, p_now: now.toISOString() }), 'used'),
    addFactor: async (staffId, sessionId, factor, now) => {
      const rows = await call('add_staff_factor', {
        p_staff_id: staffId,
        p_session_id: sessionId,
        p_kind: factor.kind,
        p_label: factor.label,
        p_totp_secret: factor.kind === 'totp' ? factor.totpSecret : null,
        p_credential_id: factor.kind === 'passkey' ? factor.credentialId : null,
        p_public_key: factor.kind === 'passkey' ? factor.publicKey : null,
        p_counter: factor.kind === 'passkey' ? factor.counter : 0,
        p_transports: factor.kind === 'passkey' ? factor.transports : [],
        p_now: now.toISOString(),
      });
      return rows[0] ? factorRow.parse(rows[0]) : null;
    },
    removeFactor: async (staffId, sessionId, factorId) =>
      flag(await call('remove_staff_factor', { p_staff_id: staffId, p_session_id: sessionId, p_factor_id: factorId }), 'removed'),
    replaceRecoveryCodes: async (staffId, codeHashes) => {
      await call('replace_recovery_codes', { p_staff_id: staffId, p_code_hashes: codeHashes });
    },
    useRecoveryCode: async (staffId, codeHash, now) => {
      const rows = await call('use_recovery_code', { p_staff_id: staffId, p_code_hash: codeHash, p_now: now.toISOString() });
      return { used: flag(rows, 'used'), left: number(rows, 'left_over') };
    },
    recoveryCodesLeft: async (staffId) => number(await call('recovery_codes_left', { p_staff_id: staffId }), 'left_over'),
  };
}
