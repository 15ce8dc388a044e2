import 'server-only';
import type { CallFunction } from '@/lib/db/functions';
import { z } from '@/lib/zod';
import { priceSchema } from './schema';
import type { PriceFloor } from './types';

/**
 * The owner's price floor, kept and applied by the database
 * (supabase/migrations/20261128000200_price_history.sql); changing it is on the audit trail.
 */

export interface PriceFloorStore {
  read(): Promise<PriceFloor>;
  set(floor: PriceFloor): Promise<PriceFloor>;
}

/** What the owner sends: both prices, as a watch's are checked. */
export const priceFloorSchema = z.object({ price_sol: priceSchema, price_eur: priceSchema });

const floorRow = z.object({ price_sol: z.coerce.number(), price_eur: z.coerce.number() });

function onlyFloor(rows: unknown[]): PriceFloor {
  if (rows.length !== 1) throw new Error('The price floor is missing from the database');
  const { price_sol, price_eur } = floorRow.parse(rows[0]);
  return { price_sol, price_eur };
}

export function createPriceFloorStore(call: CallFunction): PriceFloorStore {
  return {
    read: async () => onlyFloor(await call('current_price_floor', {})),
    set: async (floor) => onlyFloor(await call('set_price_floor', { p_price_sol: floor.price_sol, p_price_eur: floor.price_eur })),
  };
}
