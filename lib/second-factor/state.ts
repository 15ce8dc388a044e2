/** Where a session stands with its second factor, as GET /api/admin-session/factor answers it. */
export type FactorState = {
  /** Whether this session has given its second factor. */
  verified: boolean;
  /** Whether it did so in the last 5 minutes (step-up). */
  recent: boolean;
  /** Whether the member has an authenticator app. */
  totp: boolean;
  passkeys: { id: string; label: string; createdAt: string; lastUsedAt: string | null }[];
  recoveryCodesLeft: number;
};
