import { acceptServiceRoute } from '@/lib/certificate/holder-routes';

/** The holder confirms a service event: "confirmed by the owner". */
export async function POST(request: Request, { params }: { params: Promise<{ mint: string; id: string }> }) {
  const { mint, id } = await params;
  return acceptServiceRoute(request, mint, id);
}
