/**
 * `LOADTEST_INSTANCES=2 npm run loadtest`: two production servers in Supabase mode on one
 * database (the local PostgREST stand-in on PGlite; a hosted project cannot be reached from these
 * machines), both under the crowd at once while admin writes arrive every few seconds, through one
 * instance and then the other (issue 23). Measures, per instance, requests per second, p50 and p99
 * latency, errors, and how many reads of the shared cache tags it made per second; per write, how
 * long after it every answer of either instance showed it.
 *
 * Budgets: 0 errors, p99 ≤ 1 s and a resident memory ≤ 500 MB throughout on each instance, every
 * write shown on both within 2 s, at most one tag read a second per instance.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { startSupabaseStandIn } from '../../tests/support/supabase-stand-in-process';
import { adminClient } from './admin-client';
import { newOwnerApp } from './owner-sign-in';
import { expectedOf, timeUntilServedUnderCrowd, watchAtChange } from './catalogue-visibility';
import { aWatchPage, residentMemoryMb, startProductionServer } from './production-server';

const BUDGET = { p99Ms: 1000, visibleMs: 2000, tagReadsPerSecond: 1, rssMb: 500 };
/** How often each instance's resident memory is read during the crowd. */
const RSS_EVERY_MS = 1000;
/** How long after a write the instances are asked whether they serve it: the bound, and a second to see it hold. */
const WATCH_WRITE_MS = BUDGET.visibleMs + 1000;
/** A round of loads of the three places every this many ms: a few percent of what the crowd asks. */
const ASK_EVERY_MS = 200;
const WRITE_EVERY_MS = 5000;
const BRAND = 'Maison Load';

type Check = { name: string; pass: boolean };

export type TwoInstanceResult = {
  instances: {
    name: string;
    requestsPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    errors: number;
    tagReadsPerSecond: number;
    /** The most resident memory it held during the crowd. */
    peakRssMb: number;
  }[];
  /**
   * Per write: through which instance, and how long after it every answer of both instances showed
   * it, by when each answer's headers arrived (null: not by the end of the watch).
   */
  writes: { through: string; shownOnBothMs: number | null }[];
  checks: Check[];
};

export async function runTwoInstances(connections: number, seconds: number): Promise<TwoInstanceResult> {
  const standIn = await startSupabaseStandIn(2);
  // Instances of one shop share its session secret, as a deployment's do: it also seals the
  // owner's second factor in the database, which the other instance must read.
  const sessionSecret = randomBytes(32).toString('base64url');
  const servers = await Promise.all(
    [0, 1].map((front) => startProductionServer(`two-instances-${front}`, { env: { ...standIn.settings(front), SESSION_SECRET: sessionSecret } })),
  );
  try {
    // One after the other, as one owner with one app: both shops are on one database, and the first
    // sign-in makes the owner, with the first shop's login, and sets the app up. The second shop's
    // own login would only make an owner in a shop that has none.
    const app = newOwnerApp();
    const owner = servers[0]!.admin;
    const admins = [await adminClient(servers[0]!.base, owner, app), await adminClient(servers[1]!.base, owner, app)];
    // Every fifth write marks it sold out.
    const input = (write: number) => watchAtChange(BRAND, write, write % 5 !== 4);
    const created = await admins[0]!.create(input(0));
    const { id } = created;
    // Each write starts from the stock the last one left, as an operator's edit does.
    let { stock } = created;
    const pages = ['/', '/brands', '/watches', '/featured', '/crypto-editions', await aWatchPage(servers[0]!.base), `/watches/${id}`];
    for (const server of servers) for (let round = 0; round < 3; round++) for (const page of pages) await (await fetch(server.base + page)).text();

    const callsBefore = await standIn.calls();
    const startedAt = performance.now();
    const peakRssMb = servers.map(() => 0);
    const sampler = setInterval(() => {
      servers.forEach((server, front) => (peakRssMb[front] = Math.max(peakRssMb[front]!, residentMemoryMb(server.pid))));
    }, RSS_EVERY_MS).unref();
    const crowds = servers.map((server) =>
      autocannon({
        url: server.base,
        connections,
        duration: seconds,
        headers: { 'accept-encoding': 'gzip' },
        requests: pages.map((page) => ({ method: 'GET', path: page })),
      }),
    );
    const writes: TwoInstanceResult['writes'] = [];
    for (let write = 1; performance.now() - startedAt < seconds * 1000 - WRITE_EVERY_MS; write++) {
      const through = write % 2;
      const watch = input(write);
      ({ stock } = await admins[through]!.update(id, watch, stock));
      const answered = performance.now();
      const served = await Promise.all(
        servers.map((server) => timeUntilServedUnderCrowd(server.base, expectedOf(id, watch), answered, WATCH_WRITE_MS, ASK_EVERY_MS)),
      );
      writes.push({ through: `instance ${through + 1}`, shownOnBothMs: served.includes(null) ? null : Math.round(Math.max(...(served as number[]))) });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, WRITE_EVERY_MS - (performance.now() - answered))));
    }
    const results = await Promise.all(crowds);
    clearInterval(sampler);
    const elapsedSeconds = (performance.now() - startedAt) / 1000;
    const callsAfter = await standIn.calls();

    const instances = results.map((result, front) => ({
      name: `instance ${front + 1}`,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      tagReadsPerSecond:
        Math.round((((callsAfter[front]!.cache_tags_state ?? 0) - (callsBefore[front]!.cache_tags_state ?? 0)) / elapsedSeconds) * 100) / 100,
      peakRssMb: peakRssMb[front]!,
    }));
    const checks: Check[] = [
      ...instances.flatMap((instance) => [
        { name: `${instance.name}: no errors`, pass: instance.errors === 0 },
        { name: `${instance.name}: p99 ≤ ${BUDGET.p99Ms} ms`, pass: instance.p99Ms <= BUDGET.p99Ms },
        { name: `${instance.name}: ≤ ${BUDGET.tagReadsPerSecond} tag read/s`, pass: instance.tagReadsPerSecond <= BUDGET.tagReadsPerSecond },
        { name: `${instance.name}: resident memory ≤ ${BUDGET.rssMb} MB throughout`, pass: instance.peakRssMb <= BUDGET.rssMb },
      ]),
      {
        name: `every write shown on both within ${BUDGET.visibleMs} ms`,
        pass: writes.length > 0 && writes.every((write) => write.shownOnBothMs !== null && write.shownOnBothMs <= BUDGET.visibleMs),
      },
    ];
    return { instances, writes, checks };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    standIn.stop();
  }
}
