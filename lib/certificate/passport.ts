import { CASE_MATERIAL_LABELS, MOVEMENT_TYPE_LABELS } from '@/lib/catalog/collector';
import type { Watch } from '@/lib/catalog/types';
import { z } from '@/lib/zod';
import { REPORT_KINDS, type CertificateVerdict } from './verdict';
import { passportSchemaUrl, verifyPageUrl } from './links';

/**
 * The certificate's public passport (docs/passport.md): what /verify shows, as JSON anyone can
 * read, in a published schema (GET /passport/schema.json). Its facts come from the chain
 * (custody, holder, freeze, the service history's hash) and from ORX's records (the watch, the
 * report, the service events), each named as such.
 */
export const PASSPORT_SCHEMA_VERSION = 1;

const wallet = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
const isoTime = z.iso.datetime({ offset: true });
const day = z.iso.date();

export const passportSchema = z
  .object({
    $schema: z.url(),
    schemaVersion: z.literal(PASSPORT_SCHEMA_VERSION),
    id: wallet.describe('The certificate’s Token-2022 mint address on Solana.'),
    issuer: z.literal('ORX'),
    verifyUrl: z.url(),
    provenance: z.enum(['collection', 'record']).describe('How the certificate is proved ORX’s: a member of the ORX collection on chain, or (older certificates) ORX’s record.'),
    issuedAt: isoTime.nullable(),
    saleTransaction: z.string().nullable(),
    watch: z.object({
      brand: z.string(),
      model: z.string(),
      reference: z.string().nullable(),
      year: z.number().int().nullable(),
      yearIsCirca: z.boolean(),
      materials: z.array(z.string()).describe('The case material, then the case, crystal and strap as the listing describes them.'),
      movement: z.string().nullable(),
      caseDiameterMm: z.number().nullable(),
    }),
    holder: z.object({ wallet, tokenAccount: wallet }).nullable(),
    custody: z.object({
      holders: z.array(z.object({ wallet, since: isoTime.nullable(), signature: z.string() })).describe('Every wallet that held the certificate, oldest first, read from the chain.'),
      complete: z.boolean().describe('False when the history is longer than ORX reads: the oldest holders are then missing.'),
    }),
    report: z
      .object({ kind: z.enum(REPORT_KINDS), occurredOn: day, policeReference: z.string().nullable(), reportedBy: wallet, reportedAt: isoTime })
      .nullable()
      .describe('An open report that the watch was stolen or is missing; null when there is none.'),
    freeze: z.object({ authority: z.boolean(), frozen: z.boolean() }),
    serviceHistory: z.object({
      status: z.enum(['verified', 'mismatch', 'none']),
      chainHash: z.string().nullable().describe('The SHA-256 the certificate’s metadata carries (field service_history_sha256).'),
      storedHash: z.string().nullable().describe('The SHA-256 of the events below, computed as docs/passport.md says.'),
      events: z.array(
        z.object({
          id: z.string(),
          servicedOn: day,
          servicedBy: z.string(),
          work: z.string(),
          photos: z.array(z.string()),
          confirmation: z.object({ wallet, at: isoTime, signedMessage: z.string(), signature: z.string() }).nullable(),
        }),
      ),
    }),
  })
  .strict();

export type Passport = z.infer<typeof passportSchema>;

/** The JSON Schema (draft 2020-12) the passports follow. */
export function passportJsonSchema(site: URL): Record<string, unknown> {
  return { $id: passportSchemaUrl(site), title: 'ORX certificate passport', ...z.toJSONSchema(passportSchema) };
}

type Genuine = Extract<CertificateVerdict, { verdict: 'genuine' }>;
type PassportWatch = Pick<Watch, 'reference' | 'production_year' | 'production_year_circa' | 'case_material' | 'movement_type' | 'case_diameter_mm' | 'specs'>;

export function passportOf(verdict: Genuine, watch: PassportWatch | null, site: URL): Passport {
  const materials = watch
    ? [watch.case_material && CASE_MATERIAL_LABELS[watch.case_material], watch.specs.case, watch.specs.crystal, watch.specs.strap].filter((value): value is string => Boolean(value))
    : [];
  return {
    $schema: passportSchemaUrl(site),
    schemaVersion: PASSPORT_SCHEMA_VERSION,
    id: verdict.mint,
    issuer: 'ORX',
    verifyUrl: verifyPageUrl(verdict.mint, site),
    provenance: verdict.provenance,
    issuedAt: verdict.issuedAt,
    saleTransaction: verdict.txHash,
    watch: {
      brand: verdict.watch.brand,
      model: verdict.watch.model,
      reference: watch?.reference ?? null,
      year: watch?.production_year ?? null,
      yearIsCirca: watch?.production_year_circa ?? false,
      materials,
      movement: watch?.movement_type ? MOVEMENT_TYPE_LABELS[watch.movement_type] : (watch?.specs.movement ?? null),
      caseDiameterMm: watch?.case_diameter_mm ?? null,
    },
    holder: verdict.holder ? { wallet: verdict.holder.owner, tokenAccount: verdict.holder.tokenAccount } : null,
    custody: verdict.custody,
    report: verdict.report && {
      kind: verdict.report.kind,
      occurredOn: verdict.report.occurredOn,
      policeReference: verdict.report.policeReference,
      reportedBy: verdict.report.reportedBy,
      reportedAt: verdict.report.reportedAt,
    },
    freeze: verdict.freeze,
    serviceHistory: verdict.service,
  };
}
