import { z } from '@/lib/zod';
import { ALERT_KINDS, type ClaimedAlert, type Watchlist, type WatcherCounts } from './types';

/** The rows the watchlist's SQL functions answer (either store), read into the types the shop uses. */

const time = z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString());
// PGlite hands jsonb back parsed, PostgREST too; text only if a driver left it as such.
const json = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'string' ? JSON.parse(value) : value), schema);

const watchlistSchema = z.object({
  email: z.string().nullable(),
  pieces: z.array(
    z.object({
      id: z.string(),
      watchId: z.string(),
      brand: z.string(),
      model: z.string(),
      available: z.boolean(),
      priceSol: z.string(),
      below: z.string().nullable(),
      confirmed: z.boolean(),
      createdAt: time,
    }),
  ),
  searches: z.array(z.object({ id: z.string(), path: z.string(), label: z.string(), confirmed: z.boolean(), createdAt: time })),
});

export const toWatchlist = (value: unknown): Watchlist => json(watchlistSchema).parse(value);

const claimedSchema = json(
  z.object({
    id: z.string(),
    watcher_id: z.string(),
    email: z.string(),
    kind: z.enum(ALERT_KINDS),
    snapshot: z.record(z.string(), z.unknown()),
    digest: z.boolean(),
    attempts: z.number(),
    created_at: time,
  }),
).transform(
  (row): ClaimedAlert => ({
    id: row.id,
    watcherId: row.watcher_id,
    email: row.email,
    kind: row.kind,
    snapshot: row.snapshot,
    digest: row.digest,
    attempts: row.attempts,
    createdAt: row.created_at,
  }),
);

export const toClaimedAlert = (value: unknown): ClaimedAlert => claimedSchema.parse(value);

const countsSchema = z.object({
  pieces: z.array(z.object({ watchId: z.string(), brand: z.string(), model: z.string(), watchers: z.coerce.number() })),
  brands: z.array(z.object({ brand: z.string(), watchers: z.coerce.number() })),
});

export const toWatcherCounts = (value: unknown): WatcherCounts => json(countsSchema).parse(value);
