import { isStorableLine } from './storable';

/**
 * Text that names someone to other people (a staff member's name, shown in the Staff tab and as
 * the author of every line of the audit trail): storable on one line (storable.ts), and also
 * - not reordering the text around it: no bidi embedding, override or isolate (U+202A–U+202E,
 *   U+2066–U+2069, the characters of CVE-2021-42574), which can make "Eve" read as someone else
 *   or turn the rest of a line around;
 * - showing something: at least one character that is not white space, a control or a
 *   default-ignorable code point (zero-width spaces and joiners, Hangul fillers, variation
 *   selectors, tags), so a name cannot look empty.
 * The database checks the same (`public.is_shown_line`, migration
 * 20261128000310_staff_names_shown.sql); tests/unit/shown-line-in-sql.test.ts compares the
 * two over every code point.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const SHOWN = /[^\s\p{Cc}\p{Default_Ignorable_Code_Point}]/u;

export function isShownLine(value: string): boolean {
  return isStorableLine(value) && !BIDI_CONTROL.test(value) && SHOWN.test(value);
}

export const UNSHOWN_TEXT = 'must be plain text on one line: no control, direction-changing or invisible-only characters';
