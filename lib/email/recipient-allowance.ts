import 'server-only';
import { throttleKey, type ThrottleStore } from '@/lib/throttle/store';

/**
 * How many messages one address may be sent a day: every message of a few orders (confirmed,
 * certified, shipped, delivered…), never a flood at someone who did not ask for them.
 */
export const MESSAGES_PER_RECIPIENT_PER_DAY = 20;

const DAY_SECONDS = 86_400;

/**
 * Counts one message to `email` in the database's throttle, so every instance shares the count;
 * false when the address has had its share for the day.
 */
export async function takeRecipientAllowance(throttle: ThrottleStore, email: string, now = new Date()): Promise<boolean> {
  const verdict = await throttle.take(
    [{ key: throttleKey('mail-recipient', email.toLowerCase()), limit: MESSAGES_PER_RECIPIENT_PER_DAY }],
    { windowSeconds: DAY_SECONDS, baseDelaySeconds: DAY_SECONDS, maxDelaySeconds: DAY_SECONDS },
    now,
  );
  return !verdict.blocked;
}
