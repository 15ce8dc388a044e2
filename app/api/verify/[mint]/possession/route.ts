import { possessionRoute } from '@/lib/certificate/holder-routes';

/** The holder proves they hold the certificate: a link anyone can open for 15 minutes. */
export async function POST(request: Request, { params }: { params: Promise<{ mint: string }> }) {
  return possessionRoute(request, (await params).mint);
}
