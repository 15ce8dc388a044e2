import 'server-only';
import { embeddedFunctions, supabaseFunctions } from '@/lib/db/functions';
import { storeOf } from '@/lib/db/stores';
import { createStaffStore } from './staff-store';
import type { StaffStore } from './store';

/** This server's store of staff accounts and their sessions. */
export const staffStore = (): StaffStore =>
  storeOf('staff', { supabase: (clients) => createStaffStore(supabaseFunctions(clients)), embedded: (database) => createStaffStore(embeddedFunctions(database)) });
