import 'server-only';
import type { AuditFilter, AuditLine, AuditStore } from '@/lib/audit/store';
import { z } from '@/lib/zod';
import { ACTIVITY_KINDS, type ActivityLine, type ActivityPage } from './activity-query';
import { parseOrThrow } from './http';
import { csvDownload, csvHeader, type CsvColumns } from './csv';

/** The owner's Activity tab (issue 36): the audit trail, filtered, a page at a time, and as CSV. */

export const ACTIVITY_PAGE_SIZE = 50;
// audit_page answers at most 500 lines a call: a larger batch would end the export early.
const EXPORT_BATCH = 500;

export const ACTIVITY_MESSAGES = {
  person: 'The person must be the id of a member of staff',
  kind: `The kind must be one of: ${ACTIVITY_KINDS.map((kind) => kind.value).join(', ')}`,
  subject: 'The subject must be watch:<id>, order:<id> or staff:<id>',
  before: 'before must be the number of a line of the activity',
} as const;

const KINDS: readonly string[] = ACTIVITY_KINDS.map((kind) => kind.value);
const SUBJECT = /^(watch|order|staff):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
// Fifteen digits at most: a line number past that would not survive as a JavaScript number.
const LINE_NUMBER = /^[1-9][0-9]{0,14}$/;

// An empty parameter is a filter left on "any", as a GET form sends it.
const given = (value: unknown) => (value === '' ? undefined : value);

const activityQuerySchema = z.object({
  person: z.preprocess(given, z.guid({ error: ACTIVITY_MESSAGES.person }).optional()),
  kind: z.preprocess(given, z.string({ error: ACTIVITY_MESSAGES.kind }).refine((kind) => KINDS.includes(kind), ACTIVITY_MESSAGES.kind).optional()),
  // The trail writes ids in lower case and matches subjects as text.
  subject: z.preprocess(given, z.string({ error: ACTIVITY_MESSAGES.subject }).regex(SUBJECT, ACTIVITY_MESSAGES.subject).transform((subject) => subject.toLowerCase()).optional()),
  before: z.preprocess(given, z.string({ error: ACTIVITY_MESSAGES.before }).regex(LINE_NUMBER, ACTIVITY_MESSAGES.before).transform(Number).optional()),
});

export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** ?person=&kind=&subject=&before=, or a 400 naming the filter that is wrong. */
export const parseActivityQuery = (params: URLSearchParams): ActivityQuery => parseOrThrow(activityQuerySchema, Object.fromEntries(params));

function storeFilter({ person, kind, subject }: ActivityQuery, before: number | undefined, limit: number): AuditFilter {
  const filter: AuditFilter = { limit };
  if (person !== undefined) filter.actorId = person;
  if (kind !== undefined) filter.kind = kind;
  if (subject !== undefined) filter.subject = subject;
  if (before !== undefined) filter.before = before;
  return filter;
}

const lineView = (line: AuditLine): ActivityLine => ({
  id: line.id,
  at: line.at.toISOString(),
  actor: line.actor,
  actorId: line.actorId,
  address: line.address,
  kind: line.kind,
  subject: line.subject,
  summary: activitySummary(line),
  before: line.before,
  after: line.after,
});

/** One page, newest first; one line more than a page is read to know whether older ones follow. */
export async function activityPage(store: AuditStore, query: ActivityQuery): Promise<ActivityPage> {
  const found = await store.page(storeFilter(query, query.before, ACTIVITY_PAGE_SIZE + 1));
  const lines = found.slice(0, ACTIVITY_PAGE_SIZE).map(lineView);
  return { lines, next: found.length > ACTIVITY_PAGE_SIZE ? (lines.at(-1)?.id ?? null) : null };
}

const json = (value: Record<string, unknown> | null) => (value === null ? '' : JSON.stringify(value));

const COLUMNS: CsvColumns<AuditLine> = [
  ['Time (UTC)', (line) => line.at.toISOString()],
  ['Person', (line) => line.actor],
  ['Address', (line) => line.address ?? ''],
  ['Kind', (line) => line.kind],
  ['Subject', (line) => line.subject ?? ''],
  ['Summary', (line) => activitySummary(line)],
  ['Before', (line) => json(line.before)],
  ['After', (line) => json(line.after)],
];

export const ACTIVITY_CSV_HEADER = csvHeader(COLUMNS);

/**
 * Every matching line as a CSV download, newest first (lib/admin/csv.ts). Names, usernames typed
 * at a failed sign-in and the watches' text are anyone's words: the cells are defused.
 */
export function activityCsv(store: AuditStore, query: ActivityQuery, { now = new Date(), batchSize = EXPORT_BATCH } = {}): Promise<Response> {
  return csvDownload({
    fileName: `orx-activity-${now.toISOString().slice(0, 10)}.csv`,
    columns: COLUMNS,
    batchSize,
    // By line number, not offset: lines added while the download runs do not shift the batches.
    nextBatch: (previous) => store.page(storeFilter(query, previous ? previous.at(-1)?.id : query.before, batchSize)),
  });
}

/** What an export was filtered by, for its own line on the trail. */
export const exportedFilters = ({ person, kind, subject }: ActivityQuery) => ({ person: person ?? null, kind: kind ?? null, subject: subject ?? null });

// Past this a value is cut short: the line's details show it whole.
const MAX_VALUE = 40;

/** A value as a sentence shows it; null for a list or an object, too long for one. */
function shown(value: unknown): string | null {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE - 1)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** A value in a sentence that must name one: a list or an object stands as an ellipsis. */
const said = (value: unknown) => shown(value) ?? '…';

type Columns = Record<string, unknown> | null;

/** `price_sol 10 → 4` for each column that changed (just its name when its values are too long to say). */
function changes(before: Columns, after: Columns, skip: readonly string[] = []): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((key) => !skip.includes(key));
  return keys.map((key) => {
    const from = shown(before?.[key]);
    const to = shown(after?.[key]);
    return from === null || to === null ? key : `${key} ${from} → ${to}`;
  });
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

function watchName(columns: Columns): string | null {
  const name = [text(columns?.brand), text(columns?.model)].filter((part) => part !== null).join(' ');
  return name === '' ? null : name;
}

/** Phrases as one sentence: the first capitalised, the others after a comma. */
function sentence(phrases: readonly string[], otherwise: string): string {
  const joined = phrases.join(', ');
  return joined === '' ? otherwise : `${joined.charAt(0).toUpperCase()}${joined.slice(1)}`;
}

function staffChanges(before: Columns, after: Columns): string {
  const phrases: string[] = [];
  if (after && 'role' in after) phrases.push(`changed role ${said(before?.role)} → ${said(after.role)}`);
  if (after && 'disabled_at' in after) phrases.push(after.disabled_at === null ? 'enabled the account' : 'disabled the account');
  // The trail keeps no hash, only that it changed: choosing a password at an invitation reads the same.
  if (after && 'password_hash' in after) phrases.push('changed the password');
  const rest = changes(before, after, ['role', 'disabled_at', 'password_hash']);
  if (rest.length > 0) phrases.push(`changed ${rest.join(', ')}`);
  return sentence(phrases, 'Changed the staff member');
}

function filters(parts: readonly (string | null)[]): string {
  const given = parts.filter((part) => part !== null);
  return given.length === 0 ? '' : ` (${given.join(', ')})`;
}

const kindLabel = (kind: unknown) => ACTIVITY_KINDS.find((each) => each.value === kind)?.label ?? shown(kind);

/**
 * A line of the trail in a few words, from its kind and the columns it changed: "Changed price_sol
 * 10 → 4", "Moved order paid → shipped", "Failed sign-in as eve". A kind it does not know reads as
 * the kind and its changes, never fails.
 */
export function activitySummary(line: Pick<AuditLine, 'kind' | 'actor' | 'before' | 'after'>): string {
  const { kind, actor, before, after } = line;
  switch (kind) {
    case 'watch.create': {
      const name = watchName(after);
      return name ? `Added watch ${name}` : 'Added a watch';
    }
    case 'watch.update': {
      const list = changes(before, after);
      return list.length > 0 ? `Changed ${list.join(', ')}` : 'Changed the watch';
    }
    case 'watch.delete': {
      const name = watchName(before);
      return name ? `Deleted watch ${name}` : 'Deleted a watch';
    }
    case 'order.update': {
      const moved = after && 'status' in after ? [`moved order ${said(before?.status)} → ${said(after.status)}`] : [];
      const rest = changes(before, after, ['status']);
      return sentence([...moved, ...(rest.length > 0 ? [`changed ${rest.join(', ')}`] : [])], 'Changed the order');
    }
    case 'order_event.update':
      return before?.state === 'failed' ? 'Resent a failed message' : 'Resent a message';
    case 'staff.create': {
      const name = text(after?.name);
      const role = text(after?.role);
      return name ? `Invited ${name}${role ? ` as ${role}` : ''}` : 'Added a staff member';
    }
    case 'staff.update':
      return staffChanges(before, after);
    case 'session.update': {
      const reason = text(after?.ended_reason);
      if (reason) return `Ended a session (${reason})`;
      if (after && 'ended_at' in after) return 'Ended a session';
      const list = changes(before, after);
      return list.length > 0 ? `Changed the session's ${list.join(', ')}` : 'Changed a session';
    }
    case 'staff.sign-in':
      return 'Signed in';
    case 'staff.sign-in-failed':
      return `Failed sign-in as ${actor}`;
    case 'staff.password-change-failed':
      return 'Failed to change the password: the current one was wrong';
    case 'staff.bootstrap':
      return after?.restored === true ? 'Made owner again by the bootstrap login' : 'Made owner by the bootstrap login';
    case 'orders.export': {
      const q = text(after?.q);
      return `Exported orders${filters([text(after?.status) ? `status ${said(after?.status)}` : null, q ? `search "${said(q.trim())}"` : null])}`;
    }
    case 'activity.export':
      return `Exported the activity${filters([
        text(after?.person) ? 'one person' : null,
        text(after?.kind) ? kindLabel(after?.kind) : null,
        text(after?.subject),
      ])}`;
    case 'photo.upload':
      return 'Uploaded a photo';
    default: {
      const list = changes(before, after);
      return list.length > 0 ? `${kind}: ${list.join(', ')}` : kind;
    }
  }
}
