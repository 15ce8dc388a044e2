import 'server-only';
import { parseWorkerConfig } from '@/lib/config';
import { runBackgroundWork } from './background-work';
import { SERVER_ORIGIN_VAR } from '@/lib/http/front-door-stamps';
import { errorMessage } from './error-message';
import { loopbackSecret } from './loopback-secret';

/**
 * The server's own settlement loop: one per server process (started by instrumentation.ts, on the
 * Node runtime, never during `next build`), a pass every SETTLEMENT_INTERVAL_S seconds. A pass
 * starts only once the previous one has ended, so passes never overlap; the waiting is a timer, so
 * page requests are never held up; stopBackgroundLoop ends it (and it ends with the process).
 *
 * A pass is a request to this same server's `POST /api/jobs/settle`, with a secret only this
 * process knows: the jobs then run inside a route handler, where Next.js lets a sale revalidate
 * the catalogue's cache tag (revalidateTag needs a request's context). When the server's address
 * is unknown (`next start`, or another host's runtime), the pass runs here directly.
 */

type Loop = { timer: NodeJS.Timeout | null; stopped: boolean; running: AbortController | null };

const PROCESS_KEY = Symbol.for('orx.background-loop');

/** A pass that takes longer than this is given up (its claims lapse and are taken up again). */
const PASS_TIMEOUT_MS = 5 * 60_000;

export function startBackgroundLoop(): void {
  const processGlobal = globalThis as { [PROCESS_KEY]?: Loop };
  if (processGlobal[PROCESS_KEY] && !processGlobal[PROCESS_KEY].stopped) return;
  const { intervalMs } = parseWorkerConfig();
  const loop: Loop = { timer: null, stopped: false, running: null };
  processGlobal[PROCESS_KEY] = loop;

  const schedule = () => {
    if (loop.stopped) return;
    loop.timer = setTimeout(pass, intervalMs);
    // The loop never keeps a server that is shutting down alive.
    loop.timer.unref();
  };
  const pass = async () => {
    loop.running = new AbortController();
    try {
      await runPass(loop.running.signal);
    } catch (error) {
      if (!loop.stopped) console.error(`Background work: the pass failed: ${errorMessage(error)}`);
    } finally {
      loop.running = null;
      schedule();
    }
  };
  schedule();
  process.once('SIGTERM', stopBackgroundLoop);
  process.once('SIGINT', stopBackgroundLoop);
}

export function stopBackgroundLoop(): void {
  const loop = (globalThis as { [PROCESS_KEY]?: Loop })[PROCESS_KEY];
  if (!loop) return;
  loop.stopped = true;
  if (loop.timer) clearTimeout(loop.timer);
  loop.running?.abort();
}

async function runPass(signal: AbortSignal): Promise<void> {
  // Where ORX's server listens, as it records it for its process (lib/front-door/main.ts).
  const origin = process.env[SERVER_ORIGIN_VAR];
  if (!origin) {
    await runBackgroundWork();
    return;
  }
  const response = await fetch(new URL('/api/jobs/settle', origin), {
    method: 'POST',
    headers: { authorization: `Bearer ${loopbackSecret()}` },
    signal: AbortSignal.any([signal, AbortSignal.timeout(PASS_TIMEOUT_MS)]),
    cache: 'no-store',
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`POST /api/jobs/settle answered ${response.status}`);
}
