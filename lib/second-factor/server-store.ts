import 'server-only';
import { embeddedFunctions, supabaseFunctions } from '@/lib/db/functions';
import { storeOf } from '@/lib/db/stores';
import { createFactorStore, type FactorStore } from './store';

/** This server's store of second factors. */
export const factorStore = (): FactorStore =>
  storeOf('second-factor', { supabase: (clients) => createFactorStore(supabaseFunctions(clients)), embedded: (database) => createFactorStore(embeddedFunctions(database)) });
