/**
 * The limits the database puts on values, as zod refinements share them: whatever the schemas
 * accept, Postgres stores (DESIGN: one set of rules). docs/input-rules.md lists each SQL check
 * beside the rule that mirrors it.
 */

// Postgres text and jsonb cannot hold NUL (SQLSTATE 22021 / 22P05), and no field of the shop needs
// the other C0 controls or DEL; browsers drop tab and newlines inside URLs, so a single-line value
// (a name, a URL) refuses those too. Text that may span lines keeps tab, LF and CR.
const CONTROL = /[\u0000-\u001F\u007F]/;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// A lone UTF-16 surrogate is no character: Postgres refuses it in jsonb, and text would store a
// replacement character instead of what was sent.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Storable on one line: no control character, no lone surrogate. */
export function isStorableLine(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/** Storable as text that may span lines. */
export function isStorableText(value: string): boolean {
  return !CONTROL_BUT_LINE_BREAKS.test(value) && !LONE_SURROGATE.test(value);
}

export const UNSTORABLE_TEXT = 'must not contain control characters';

/** numeric(18, 9) keeps nine digits before the point: every value must be below 10^9. */
export const NUMERIC_18_9_BOUND = 1_000_000_000;

