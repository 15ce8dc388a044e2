import { call } from '@/lib/admin/api-client';
import type { CertificateVerdict, ServiceEvent } from '@/lib/certificate/verdict';

/** What the admin sends for a service event. */
export type ServiceEventInput = { servicedOn: string; servicedBy: string; work: string; photos: string[] };

export type AddedServiceEvent = { event: ServiceEvent; anchored: boolean; chainHash: string | null };

const certificatePath = (mint: string) => `/api/admin/certificates/${encodeURIComponent(mint)}`;

/**
 * The order dialog's calls about its certificate (issue 53), through the admin's one call(): a
 * refusal throws the server's message, and one that needs the second factor again asks for it and is sent again.
 */
export const certificateApi = {
  verdict: (mint: string) => call<CertificateVerdict>(certificatePath(mint)),
  addServiceEvent: (mint: string, input: ServiceEventInput) => call<AddedServiceEvent>(`${certificatePath(mint)}/service-events`, 'POST', input),
  anchorServiceHistory: (mint: string) => call<{ chainHash: string }>(`${certificatePath(mint)}/service-history/anchor`, 'POST'),
  clearReport: (mint: string) => call<unknown>(`${certificatePath(mint)}/report`, 'DELETE'),
  setFrozen: (mint: string, frozen: boolean) => call<{ frozen: boolean }>(`${certificatePath(mint)}/freeze`, 'POST', { frozen }),
};
