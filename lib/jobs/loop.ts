import 'server-only';
import { parseSettlementIntervalSeconds } from '@/lib/config';
import { runBackgroundWork } from './background-work';

type LoopHolder = typeof globalThis & { __orxBackgroundLoop?: { stop: () => void } };

/**
 * The background loop: one per server process (started from instrumentation.ts), a pass at once
 * and then every SETTLEMENT_INTERVAL_S seconds after the previous pass ended, so passes never
 * overlap however long one takes. Several processes may run it on one database: the jobs claim
 * their work in SQL.
 */
export function startBackgroundLoop(runPass: () => Promise<void> = () => runBackgroundWork()): { stop: () => void } {
  const holder = globalThis as LoopHolder;
  if (holder.__orxBackgroundLoop) return holder.__orxBackgroundLoop;
  const intervalMs = parseSettlementIntervalSeconds() * 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const pass = async () => {
    // runBackgroundWork catches each job's failure; this only guards against a broken pass.
    await runPass().catch((error: unknown) => console.error(`ORX: background pass failed: ${String(error)}`));
    // unref: a pending pass never keeps a stopping server alive.
    if (!stopped) timer = setTimeout(pass, intervalMs).unref();
  };
  timer = setTimeout(pass, 0).unref();
  const loop = {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      delete holder.__orxBackgroundLoop;
    },
  };
  holder.__orxBackgroundLoop = loop;
  return loop;
}
