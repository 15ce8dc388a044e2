import 'server-only';
import type { CallFunction } from '@/lib/db/functions';
import { z } from '@/lib/zod';

/**
 * The audit trail (issue 36): one line per admin write, appended by the database in the write's own
 * transaction (lib/db/audit-actor.ts), plus the lines the server writes itself: failed sign-ins,
 * exports, photos uploaded. Lines are never changed or removed: the database refuses it.
 */
export type AuditLine = {
  id: number;
  at: Date;
  actorId: string | null;
  actor: string;
  address: string | null;
  /** `watch.update`, `order.update`, `staff.sign-in`, … */
  kind: string;
  /** `watch:<id>`, `order:<id>` or `staff:<id>`. */
  subject: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export type NewAuditLine = Pick<AuditLine, 'actorId' | 'actor' | 'address' | 'kind' | 'subject' | 'after'>;

export type AuditFilter = {
  actorId?: string;
  /** A whole kind (`watch.update`) or its part before the dot (`watch`). */
  kind?: string;
  subject?: string;
  /** Lines older than this one; none: from the newest. */
  before?: number;
  limit: number;
};

export interface AuditStore {
  append(line: NewAuditLine): Promise<void>;
  /** Newest first. */
  page(filter: AuditFilter): Promise<AuditLine[]>;
}

const jsonObject = z.record(z.string(), z.unknown()).nullable();

const lineRow = z
  .object({
    id: z.union([z.number(), z.string()]).transform(Number),
    at: z.union([z.string(), z.date()]).transform((value) => new Date(value)),
    actor_id: z.string().nullable(),
    actor: z.string(),
    address: z.string().nullable(),
    kind: z.string(),
    subject: z.string().nullable(),
    before: jsonObject,
    after: jsonObject,
  })
  .transform((row): AuditLine => ({
    id: row.id,
    at: row.at,
    actorId: row.actor_id,
    actor: row.actor,
    address: row.address,
    kind: row.kind,
    subject: row.subject,
    before: row.before,
    after: row.after,
  }));

export function createAuditStore(call: CallFunction): AuditStore {
  return {
    append: async (line) => {
      await call('append_audit', {
        p_actor_id: line.actorId,
        p_actor: line.actor,
        p_address: line.address,
        p_kind: line.kind,
        p_subject: line.subject,
        p_after: line.after,
      });
    },
    page: async (filter) =>
      (
        await call('audit_page', {
          p_actor_id: filter.actorId ?? null,
          p_kind: filter.kind ?? null,
          p_subject: filter.subject ?? null,
          p_before: filter.before ?? null,
          p_limit: filter.limit,
        })
      ).map((row) => lineRow.parse(row)),
  };
}
