import { reportRoute } from '@/lib/certificate/holder-routes';

/** The holder reports the watch stolen or missing. */
export async function POST(request: Request, { params }: { params: Promise<{ mint: string }> }) {
  return reportRoute(request, (await params).mint);
}
