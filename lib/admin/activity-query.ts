/** The owner's Activity tab (issue 36): the audit trail's filter and lines, as /api/admin/activity reads and answers them. */

/** Empty strings mean "any"; `subject` is whole, as the trail writes it (`watch:<id>`, `order:<id>`, `staff:<id>`). */
export type ActivityFilter = { person: string; kind: string; subject: string };

export type ActivityLine = {
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  actor: string;
  actorId: string | null;
  address: string | null;
  kind: string;
  subject: string | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** next: the `before` that asks for the page after this one; null when this is the oldest. */
export type ActivityPage = { lines: ActivityLine[]; next: number | null };

export const NO_ACTIVITY_FILTER: ActivityFilter = { person: '', kind: '', subject: '' };

/**
 * The kinds the filter offers: a whole kind, or the part before its dot for every kind of one
 * table (the trail's SQL matches either).
 */
export const ACTIVITY_KINDS = [
  { value: 'watch', label: 'Catalogue changes' },
  { value: 'order', label: 'Order moves' },
  { value: 'order_event', label: 'Messages resent' },
  { value: 'staff', label: 'Staff changes' },
  { value: 'session', label: 'Sessions ended' },
  { value: 'staff.sign-in', label: 'Sign-ins' },
  { value: 'staff.sign-in-failed', label: 'Failed sign-ins' },
  { value: 'staff.password-change-failed', label: 'Failed password changes' },
  { value: 'orders.export', label: 'Order exports' },
  { value: 'activity.export', label: 'Activity exports' },
  { value: 'photo.upload', label: 'Photos uploaded' },
] as const;

export const SUBJECT_KINDS = [
  { value: 'watch', label: 'Watch' },
  { value: 'order', label: 'Order' },
  { value: 'staff', label: 'Staff member' },
] as const;

export type SubjectKind = (typeof SUBJECT_KINDS)[number]['value'];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The subject for an id typed or pasted in the filter: the first UUID found in it, so a pasted
 * address or `order:<id>` works too (a kind written before the id wins over the one chosen).
 * '' for nothing typed, null for text holding no id.
 */
export function subjectFrom(chosen: SubjectKind, typed: string): string | null {
  const text = typed.trim();
  if (text === '') return '';
  const id = UUID.exec(text)?.[0];
  if (!id) return null;
  const written = /^(watch|order|staff):/i.exec(text)?.[1]?.toLowerCase();
  return `${written ?? chosen}:${id.toLowerCase()}`;
}

/** The query of a page of lines (`before`: the `next` of the page before) or of the export. */
export function activityQueryString({ person, kind, subject }: ActivityFilter, before: number | null = null): string {
  const params = new URLSearchParams();
  if (person) params.set('person', person);
  if (kind) params.set('kind', kind);
  if (subject) params.set('subject', subject);
  if (before !== null) params.set('before', String(before));
  return params.toString();
}

export const activityExportUrl = (filter: ActivityFilter) => {
  const query = activityQueryString(filter);
  return `/api/admin/activity/export${query ? `?${query}` : ''}`;
};
