import { verifyApiRoute } from '@/lib/certificate/routes';

/** Whether a mint is a genuine ORX certificate, read from the chain. */
export async function GET(request: Request, { params }: { params: Promise<{ mint: string }> }) {
  return verifyApiRoute(request, (await params).mint);
}
