/**
 * The one shape of what a domain function answers: `{ ok: true, …what it made }`, or a refusal,
 * `{ ok: false, reason, message }`: a word the caller branches on and the words for the person
 * asking. A domain function knows nothing of HTTP: each domain's routes turn reasons into statuses
 * in one table. (A function whose only caller shows the message and branches on nothing, in the
 * browser, may leave out the reason.)
 */
export type Refusal<Reason extends string> = { ok: false; reason: Reason; message: string };

export function refuse<Reason extends string>(reason: Reason, message: string): Refusal<Reason> {
  return { ok: false, reason, message };
}
