import 'server-only';
import { parseDeliveryConfig } from '@/lib/events/config';
import { deliverDueEvents } from '@/lib/events/deliver';
import { parseChainConfig } from '@/lib/payments/config';
import { getStores } from '@/lib/stores';

/** One kind of background work, run on every pass of the loop (lib/jobs/loop.ts). */
export type BackgroundJob = { name: string; run: () => Promise<void> };

export const BACKGROUND_JOBS: BackgroundJob[] = [
  {
    // The order events outbox: webhook and e-mails (docs/webhooks.md, docs/email.md).
    name: 'deliver-events',
    run: async () => {
      await deliverDueEvents({ store: getStores().events, config: parseDeliveryConfig(), chain: parseChainConfig() });
    },
  },
];

/**
 * One pass: each job in turn. A job that fails is logged by name and the others still run; the
 * message carries no personal data (the jobs log order ids and event types only).
 */
export async function runBackgroundWork(jobs: BackgroundJob[] = BACKGROUND_JOBS, log: (line: string) => void = console.error): Promise<void> {
  for (const job of jobs) {
    try {
      await job.run();
    } catch (error) {
      log(`ORX: background job ${job.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
