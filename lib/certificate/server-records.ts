import 'server-only';
import { embeddedFunctions, supabaseFunctions } from '@/lib/db/functions';
import { storeOf } from '@/lib/db/stores';
import { createCertificateRecordStore, type CertificateRecordStore } from './records';

/** This server's store of certificate reports and service events. */
export const certificateRecordStore = (): CertificateRecordStore =>
  storeOf('certificate-records', {
    supabase: (clients) => createCertificateRecordStore(supabaseFunctions(clients)),
    embedded: (database) => createCertificateRecordStore(embeddedFunctions(database)),
  });
