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
