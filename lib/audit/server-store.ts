import 'server-only';
import { embeddedFunctions, supabaseFunctions } from '@/lib/db/functions';
import { storeOf } from '@/lib/db/stores';
import { createAuditStore, type AuditStore } from './store';

/** This server's audit trail. */
export const auditStore = (): AuditStore =>
  storeOf('audit', { supabase: (clients) => createAuditStore(supabaseFunctions(clients)), embedded: (database) => createAuditStore(embeddedFunctions(database)) });
