import type { AttemptResult } from '@/lib/orders/events';

/**
 * The Standard Webhooks retry schedule: after the first attempt fails, wait 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h and 10 h between attempts; an event still undelivered after the eighth attempt
 * has failed. E-mails follow the same schedule.
 */
export const RETRY_DELAYS_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** Seconds until the next attempt after `attempts` failed ones; null when there is none left. */
export function retryDelaySeconds(attempts: number): number | null {
  return RETRY_DELAYS_S[attempts - 1] ?? null;
}

/**
 * One attempt on the schedule: its result, a throw counted as a failure to try again, and a retry
 * past the last delay turned into a failure for good, with the seconds until the next try.
 */
export async function scheduledAttempt(
  attempts: number,
  attempt: () => Promise<AttemptResult>,
): Promise<{ result: AttemptResult; retrySeconds: number | null }> {
  const result = await attempt().catch(
    (error: unknown): AttemptResult => ({
      outcome: 'retry',
      status: null,
      error: `Could not prepare the message (${error instanceof Error ? error.name : 'error'})`,
    }),
  );
  const retrySeconds = result.outcome === 'retry' ? retryDelaySeconds(attempts) : null;
  return { result: result.outcome === 'retry' && retrySeconds === null ? { ...result, outcome: 'failed' } : result, retrySeconds };
}
