import { z } from "@/lib/zod";
import {
  BOX_PAPERS,
  CASE_DIAMETER_MM,
  CASE_MATERIALS,
  CONDITION_SCALE,
  CONDITIONS,
  MOVEMENT_TYPES,
  OLDEST_PRODUCTION_YEAR,
  REFERENCE_MAX_LENGTH,
  REFERENCE_SHAPE,
  SERVICERS,
  type CollectorData,
} from "./collector";

/**
 * The collector's data as a watch's add or edit sends it (issue 50): the form sends text, the API
 * may send numbers or null; an empty field is null (nobody said it). The same rules as the
 * database's checks (…_collector_data.sql), with the messages the form shows.
 */

export const COLLECTOR_MESSAGES = {
  reference: `The reference may hold letters and digits, with spaces, dots, slashes or dashes between them, at most ${REFERENCE_MAX_LENGTH} characters`,
  year: (thisYear: number) =>
    `The year of production must be a whole year from ${OLDEST_PRODUCTION_YEAR} to ${thisYear}`,
  circa: "Circa needs the first year of a decade, such as 1970 for the 1970s",
  warrantyDate:
    "The warranty date must be a day (YYYY-MM-DD), no later than today",
  warrantyBeforeYear:
    "The warranty card cannot be dated before the year the watch was made",
  condition: `Condition must be one of: ${CONDITIONS.map((grade) => CONDITION_SCALE[grade].label).join(", ")}`,
  boxPapers:
    "Box and papers must be one of: both, box only, papers only, neither",
  servicedOn:
    "The last service must be a day (YYYY-MM-DD), no later than today",
  servicedBy:
    "The last service was done by the manufacturer or an independent watchmaker",
  serviceBoth: "The last service needs both its date and who did it",
  caseDiameter: `The case size must be in millimetres, from ${CASE_DIAMETER_MM.min} to ${CASE_DIAMETER_MM.max}, to a tenth at most`,
  caseMaterial: "Choose the case material from the list",
  movementType: "The movement must be automatic, manual winding or quartz",
} as const;

/** The spec keys SPEC §3 had for what are the collector's fields now (…_collector_data.sql moved them). */
export const MOVED_SPEC_KEYS = {
  reference: "reference",
  diameter: "case_diameter_mm",
} as const;

const blank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "");

/** A field that may be left empty: undefined, null or blank text is null, anything else must pass `schema`. */
const optional = <T extends z.ZodType>(schema: T) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx): z.output<T> | null => {
      if (blank(value)) return null;
      const result = schema.safeParse(
        typeof value === "string" ? value.trim() : value,
      );
      if (result.success) return result.data;
      for (const issue of result.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A calendar day, written YYYY-MM-DD, that exists and is not after today. */
const pastDay = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return (
        !Number.isNaN(date.getTime()) &&
        date.toISOString().slice(0, 10) === day &&
        day >= `${OLDEST_PRODUCTION_YEAR}-01-01`
      );
    }, message)
    .refine((day) => day <= todayUtc(), message);

const numberFrom = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((value, ctx) => {
      const number = typeof value === "number" ? value : Number(value);
      if (!Number.isFinite(number)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    });

const yearSchema = z.unknown().transform((value, ctx) => {
  const thisYear = new Date().getUTCFullYear();
  const result = numberFrom(COLLECTOR_MESSAGES.year(thisYear))
    .pipe(z.number().int().min(OLDEST_PRODUCTION_YEAR).max(thisYear))
    .safeParse(value);
  if (result.success) return result.data;
  ctx.addIssue({ code: "custom", message: COLLECTOR_MESSAGES.year(thisYear) });
  return z.NEVER;
});

const oneOf = <T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) => z.enum(values, { error: message });

/** The fields, in the order the form shows them (the first refusal is the message it shows). */
export const collectorFields = {
  reference: optional(
    z
      .string()
      .max(REFERENCE_MAX_LENGTH, COLLECTOR_MESSAGES.reference)
      .regex(REFERENCE_SHAPE, COLLECTOR_MESSAGES.reference),
  ),
  production_year: optional(yearSchema),
  production_year_circa: z
    .boolean({ error: "Circa must be true or false" })
    .default(false),
  warranty_date: optional(pastDay(COLLECTOR_MESSAGES.warrantyDate)),
  condition: optional(oneOf(CONDITIONS, COLLECTOR_MESSAGES.condition)),
  box_papers: optional(oneOf(BOX_PAPERS, COLLECTOR_MESSAGES.boxPapers)),
  serviced_on: optional(pastDay(COLLECTOR_MESSAGES.servicedOn)),
  serviced_by: optional(oneOf(SERVICERS, COLLECTOR_MESSAGES.servicedBy)),
  case_diameter_mm: optional(
    numberFrom(COLLECTOR_MESSAGES.caseDiameter).pipe(
      z
        .number()
        .min(CASE_DIAMETER_MM.min, COLLECTOR_MESSAGES.caseDiameter)
        .max(CASE_DIAMETER_MM.max, COLLECTOR_MESSAGES.caseDiameter)
        // numeric(4, 1) would round a second decimal away without a word.
        .refine(
          (size) => Number.isInteger(Math.round(size * 1e6) / 1e5),
          COLLECTOR_MESSAGES.caseDiameter,
        ),
    ),
  ),
  case_material: optional(
    oneOf(CASE_MATERIALS, COLLECTOR_MESSAGES.caseMaterial),
  ),
  movement_type: optional(
    oneOf(MOVEMENT_TYPES, COLLECTOR_MESSAGES.movementType),
  ),
};

/** What the fields say together, as the database's table checks do. */
export function checkCollectorData(
  data: CollectorData,
  ctx: z.RefinementCtx,
): void {
  if (
    data.production_year_circa &&
    (data.production_year === null || data.production_year % 10 !== 0)
  ) {
    ctx.addIssue({
      code: "custom",
      message: COLLECTOR_MESSAGES.circa,
      path: ["production_year_circa"],
    });
  }
  if (
    data.warranty_date &&
    data.production_year !== null &&
    Number(data.warranty_date.slice(0, 4)) < data.production_year
  ) {
    ctx.addIssue({
      code: "custom",
      message: COLLECTOR_MESSAGES.warrantyBeforeYear,
      path: ["warranty_date"],
    });
  }
  if ((data.serviced_on === null) !== (data.serviced_by === null)) {
    ctx.addIssue({
      code: "custom",
      message: COLLECTOR_MESSAGES.serviceBoth,
      path: ["serviced_on"],
    });
  }
}

/** A stored day: PGlite gives a Date at midnight UTC, PostgREST the text. */
const storedDay = z
  .union([z.date(), z.string()])
  .nullable()
  .transform((value) =>
    value === null
      ? null
      : typeof value === "string"
        ? value.slice(0, 10)
        : value.toISOString().slice(0, 10),
  );

/** The columns as a stored row holds them, from either store. */
export const collectorRowFields = {
  reference: z.string().nullable(),
  production_year: z.number().nullable(),
  production_year_circa: z.boolean(),
  warranty_date: storedDay,
  condition: z.enum(CONDITIONS).nullable(),
  box_papers: z.enum(BOX_PAPERS).nullable(),
  serviced_on: storedDay,
  serviced_by: z.enum(SERVICERS).nullable(),
  // numeric: PGlite gives text, PostgREST a number.
  case_diameter_mm: z
    .union([z.number(), z.string()])
    .nullable()
    .transform((value) => (value === null ? null : Number(value))),
  case_material: z.enum(CASE_MATERIALS).nullable(),
  movement_type: z.enum(MOVEMENT_TYPES).nullable(),
};
