import 'server-only';
import { storeOf } from '@/lib/db/stores';
import { embeddedFunctions, supabaseFunctions } from '@/lib/db/functions';
import { createPriceFloorStore, type PriceFloorStore } from './price-floor';

/** This server's price floor. */
export const priceFloorStore = (): PriceFloorStore =>
  storeOf('price-floor', {
    supabase: (clients) => createPriceFloorStore(supabaseFunctions(clients)),
    embedded: (database) => createPriceFloorStore(embeddedFunctions(database)),
  });
