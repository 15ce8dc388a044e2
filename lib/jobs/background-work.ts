import 'server-only';
import { revalidateCatalog } from '@/lib/catalog/revalidate';
import { parseDeliveryConfig } from '@/lib/events/config';
import { deliverDueEvents } from '@/lib/events/deliver';
import { parseChainConfig } from '@/lib/config';
import { certificateUri } from '@/lib/certificate/runtime';
import { paymentsRuntime } from '@/lib/checkout/server/runtime';
import { getStores } from '@/lib/shop/stores';
import { errorMessage } from './error-message';
import { mintDueCertificates } from './mint-certificates';
import { finalizeDuePayments, settleDuePayments } from './settle-payments';
import { settleDueRefunds } from './settle-refunds';
import { deliverWatchAlerts, queueWatchAlerts } from './watch-alerts';

/**
 * The back office: the work the server does on its own, whether or not a buyer's page is open. One
 * pass runs every job in turn; the in-process loop (./loop.ts) and `POST /api/jobs/settle` both run
 * passes. Each job claims its work in SQL, so passes of several instances at once never do one
 * thing twice.
 */
export type BackgroundJob = { name: string; run: () => Promise<void> };

export type JobReport = { name: string; ok: boolean; ms: number };

/** What the payment jobs work with; null in the simulated shop (no MERCHANT_WALLET), where they have nothing to do. */
function paymentJobDependencies() {
  const runtime = paymentsRuntime();
  return runtime && { orders: getStores().orders, chain: runtime.connection, merchant: runtime.merchant, onSale: revalidateCatalog };
}

export const backgroundJobs: BackgroundJob[] = [
  {
    // Every pending intent looked up on chain by its reference: paid (a piece sold), failed, or
    // expired once its time ran out, which releases its hold; and, for a day, a late payment to one
    // that expired.
    name: 'settle-payments',
    run: async () => {
      const deps = paymentJobDependencies();
      if (deps) await settleDuePayments(deps);
    },
  },
  {
    // Every payment recorded but not final yet: finalized (the certificate and the confirmation
    // follow in this pass), or dropped by the cluster (the piece back on sale).
    name: 'finalize-payments',
    run: async () => {
      const deps = paymentJobDependencies();
      if (deps) await finalizeDuePayments(deps);
    },
  },
  {
    // Every paid order without its certificate (its payment final), retried with a growing delay after a failure.
    name: 'mint-certificates',
    run: async () => {
      const mint = paymentsRuntime()?.mint;
      if (!mint) return;
      await mintDueCertificates({ orders: getStores().orders, mint, certificateUri });
    },
  },
  {
    // Every open refund looked up on chain by its reference: sent once its transfer is finalized
    // (the order refunded, the buyer and the webhook told in this pass), expired after its day.
    name: 'settle-refunds',
    run: async () => {
      const runtime = paymentsRuntime();
      if (runtime) await settleDueRefunds({ refunds: getStores().refunds, chain: runtime.connection });
    },
  },
  {
    // Every watched piece compared with what its watcher last saw, and every new watch with the
    // saved searches: the alerts written. After the settlement jobs, so that a hold released or a
    // payment dropped in this pass is told in it.
    name: 'queue-watch-alerts',
    run: queueWatchAlerts,
  },
  {
    // The order events outbox: webhook and e-mails (docs/webhooks.md, docs/email.md). After the
    // settlement jobs, so a payment settled in this pass leaves the shop in the same pass.
    name: 'deliver-events',
    run: async () => {
      await deliverDueEvents({ store: getStores().events, throttle: getStores().throttle, config: parseDeliveryConfig(), chain: parseChainConfig() });
    },
  },
  {
    // The watchlist's e-mails: confirmations, alerts and digests (docs/watchlist.md).
    name: 'deliver-watch-alerts',
    run: deliverWatchAlerts,
  },
];

/**
 * One pass: each job in turn. A job that fails is logged (its name and the error's message, never
 * an order's personal data) and the next one still runs. A job failing the same way pass after pass
 * (a database that is down) is logged once, and once more when it works again: every ten seconds
 * the same line would bury everything else in the log.
 */
export async function runBackgroundWork(jobs: readonly BackgroundJob[] = backgroundJobs): Promise<JobReport[]> {
  const reports: JobReport[] = [];
  const failing = failingJobs();
  for (const job of jobs) {
    const started = performance.now();
    let ok = true;
    try {
      await job.run();
      if (failing.delete(job.name)) console.info(`Background job ${job.name} works again.`);
    } catch (error) {
      ok = false;
      const message = errorMessage(error);
      if (failing.get(job.name) !== message) console.error(`Background job ${job.name} failed: ${message}`);
      failing.set(job.name, message);
    }
    reports.push({ name: job.name, ok, ms: Math.round(performance.now() - started) });
  }
  return reports;
}

const FAILING_KEY = Symbol.for('orx.failing-background-jobs');

/** The jobs whose last run failed, with its message; on the process, as passes run from several bundles. */
function failingJobs(): Map<string, string> {
  const processGlobal = globalThis as { [FAILING_KEY]?: Map<string, string> };
  return (processGlobal[FAILING_KEY] ??= new Map());
}
