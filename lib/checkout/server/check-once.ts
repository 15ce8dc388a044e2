import 'server-only';

/**
 * One look on chain for an order at a time, per process: requests to verify an order that arrive
 * while it is being looked for, or within ANSWER_KEPT_MS of the answer, get what that look found
 * (the order itself is read afresh by each). A look reads up to a thousand signatures and their
 * transactions from the RPC node, so a crowd of verify calls on one order must not each make
 * their own. Kept shorter than the buyer's page polls (lib/checkout/browser/await-payment.ts), so a
 * buyer's own polls never get an old look. A look that throws is not kept: the next one tries.
 */
export const ANSWER_KEPT_MS = 1_000;

type Check<T> = { answer: Promise<T>; answeredAt: number | null };

const all = new Map<string, Check<unknown>>();

export function checkOnce<T>(orderId: string, check: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  const kept = all.get(orderId) as Check<T> | undefined;
  if (kept && (kept.answeredAt === null || now() - kept.answeredAt <= ANSWER_KEPT_MS)) return kept.answer;
  const entry: Check<T> = { answer: check(), answeredAt: null };
  all.set(orderId, entry);
  entry.answer.then(
    () => {
      entry.answeredAt = now();
      setTimeout(() => forget(orderId, entry), ANSWER_KEPT_MS + 10).unref();
    },
    () => forget(orderId, entry),
  );
  return entry.answer;
}

function forget(orderId: string, entry: Check<unknown>) {
  if (all.get(orderId) === entry) all.delete(orderId);
}
