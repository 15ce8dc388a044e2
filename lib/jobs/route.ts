import 'server-only';
import { textsEqual } from '@/lib/auth/password';
import { parseWorkerConfig } from '@/lib/config';
import { jsonError } from '@/lib/http/errors';
import { runBackgroundWork } from './background-work';
import { loopbackSecret } from './loopback-secret';

/**
 * POST /api/jobs/settle: one pass of the background work, for hosts without a long-lived server
 * process (a scheduler such as Vercel Cron calls it with `Authorization: Bearer $CRON_SECRET`), and
 * for this server's own loop (./loop.ts), which calls it with its per-process secret. Without
 * CRON_SECRET the route does not exist for anyone else (404); a wrong or missing secret is 401.
 */
export async function settleJobsRoute(request: Request): Promise<Response> {
  const token = bearerToken(request.headers.get('authorization'));
  if (token === null || !textsEqual(token, loopbackSecret())) {
    const { cronSecret } = parseWorkerConfig();
    if (cronSecret === undefined) return jsonError(404, 'Not found');
    if (token === null || !textsEqual(token, cronSecret)) {
      return Response.json(
        { error: 'A valid Authorization: Bearer <CRON_SECRET> header is required' },
        { status: 401, headers: { 'cache-control': 'no-store', 'www-authenticate': 'Bearer' } },
      );
    }
  }
  const jobs = await runBackgroundWork();
  return Response.json({ jobs }, { headers: { 'cache-control': 'no-store' } });
}

function bearerToken(header: string | null): string | null {
  const match = /^Bearer ([^\s]+)$/i.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
}

