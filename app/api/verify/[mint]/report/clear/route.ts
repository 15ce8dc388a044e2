import { clearReportRoute } from '@/lib/certificate/holder-routes';

/** The wallet that reported the watch clears its report. */
export async function POST(request: Request, { params }: { params: Promise<{ mint: string }> }) {
  return clearReportRoute(request, (await params).mint);
}
