import 'server-only';
import type { CallFunction } from '@/lib/db/functions';
import { z } from '@/lib/zod';
import { REPORT_KINDS, type CertificateReport, type ReportKind, type ServiceConfirmation, type ServiceEvent } from './verdict';

/**
 * What the shop records of a certificate beyond the chain (supabase/migrations/…_certificate_passport.sql):
 * reports that its watch was stolen or went missing, and its service events. Every change is one
 * SQL function, so several instances share them; the same calls on either backend.
 */
export interface CertificateRecordStore {
  openReport(mint: string): Promise<CertificateReport | null>;
  /** `already`: an open report stands (answered as it is; nothing written). */
  report(input: NewReport): Promise<{ outcome: 'reported' | 'already'; report: CertificateReport }>;
  /** `reporter`: the wallet asking, which must be the one that reported; null for the owner role. */
  clearReport(mint: string, reporter: string | null, clearedBy: string): Promise<{ outcome: 'cleared' | 'none' | 'not-reporter'; report: CertificateReport | null }>;
  serviceEvents(mint: string): Promise<ServiceEvent[]>;
  addServiceEvent(input: NewServiceEvent): Promise<ServiceEvent>;
  confirmServiceEvent(mint: string, id: string, confirmation: Omit<ServiceConfirmation, 'at'>): Promise<{ outcome: 'confirmed' | 'already' | 'unknown'; event: ServiceEvent | null }>;
}

export type NewReport = { mint: string; orderId: string; kind: ReportKind; occurredOn: string; policeReference: string | null; reportedBy: string };
export type NewServiceEvent = Omit<ServiceEvent, 'id' | 'confirmation'> & { mint: string; orderId: string; createdBy: string };

const time = z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString());
// PGlite hands jsonb back parsed, PostgREST too; text only if a driver left it as such.
const json = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'string' ? JSON.parse(value) : value), schema);

const reportSchema = json(
  z.object({
    id: z.string(),
    kind: z.enum(REPORT_KINDS),
    occurredOn: z.string(),
    policeReference: z.string().nullable(),
    reportedBy: z.string(),
    reportedAt: time,
  }),
);

const eventSchema = json(
  z.object({
    id: z.string(),
    servicedOn: z.string(),
    servicedBy: z.string(),
    work: z.string(),
    photos: z.array(z.string()),
    confirmation: z.object({ wallet: z.string(), at: time, signedMessage: z.string(), signature: z.string() }).nullable(),
  }),
);

const toReport = (value: unknown): CertificateReport | null => (value == null ? null : reportSchema.parse(value));
const toEvent = (value: unknown): ServiceEvent | null => (value == null ? null : eventSchema.parse(value));

export function createCertificateRecordStore(call: CallFunction): CertificateRecordStore {
  const first = async <Row>(fn: string, args: Record<string, unknown>) => (await call(fn, args))[0] as Row | undefined;
  return {
    openReport: async (mint) => toReport((await first<{ report: unknown }>('open_certificate_report', { p_mint: mint }))?.report),
    report: async (input) => {
      const row = (await first<{ outcome: 'reported' | 'already'; report: unknown }>('report_certificate', {
        p_mint: input.mint,
        p_order_id: input.orderId,
        p_kind: input.kind,
        p_occurred_on: input.occurredOn,
        p_police_reference: input.policeReference,
        p_reported_by: input.reportedBy,
      }))!;
      return { outcome: row.outcome, report: toReport(row.report)! };
    },
    clearReport: async (mint, reporter, clearedBy) => {
      const row = (await first<{ outcome: 'cleared' | 'none' | 'not-reporter'; report: unknown }>('clear_certificate_report', {
        p_mint: mint,
        p_reporter: reporter,
        p_cleared_by: clearedBy,
      }))!;
      return { outcome: row.outcome, report: toReport(row.report) };
    },
    serviceEvents: async (mint) => json(z.array(z.unknown())).parse((await first<{ events: unknown }>('service_events_of', { p_mint: mint }))!.events).map((event) => toEvent(event)!),
    addServiceEvent: async (input) =>
      toEvent(
        (await first<{ event: unknown }>('add_service_event', {
          p_mint: input.mint,
          p_order_id: input.orderId,
          p_serviced_on: input.servicedOn,
          p_serviced_by: input.servicedBy,
          p_work: input.work,
          p_photos: input.photos,
          p_created_by: input.createdBy,
        }))!.event,
      )!,
    confirmServiceEvent: async (mint, id, confirmation) => {
      const row = (await first<{ outcome: 'confirmed' | 'already' | 'unknown'; event: unknown }>('confirm_service_event', {
        p_mint: mint,
        p_id: id,
        p_wallet: confirmation.wallet,
        p_message: confirmation.signedMessage,
        p_signature: confirmation.signature,
      }))!;
      return { outcome: row.outcome, event: toEvent(row.event) };
    },
  };
}
