import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSharedTagsCacheHandler } from '@/lib/cache-tags/handler';
import { instanceNow } from '@/lib/cache-tags/instance-clock';
import type { CacheEntry } from '@/lib/cache-tags/next-cache-handler-types';
import { SharedTags } from '@/lib/cache-tags/shared-tags';
import type { CacheTagStore, TagTimes } from '@/lib/cache-tags/store';
import { createSupabaseCacheTagStore } from '@/lib/cache-tags/supabase-store';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { createSupabaseClients } from '@/lib/db/supabase';
import { createPostgrestStandIn } from '../support/postgrest-stand-in';

/**
 * How an instance refreshes the shared tags (at most once a second, and never failing a request
 * when the database is away), and the cache handler Next uses on them: the traps the issue names.
 * The database is a real PGlite with the migrations, reached as Supabase is (its REST API, answered
 * by a local stand-in); only its reachability is switched here.
 */

let database: CacheTagStore;

afterEach(() => {
  vi.useRealTimers();
});

beforeAll(async () => {
  const db = await openEmbeddedDatabase(IN_MEMORY);
  const keys = { anon: 'anon-test-key', serviceRole: 'service-role-test-key' };
  const { fetch } = createPostgrestStandIn(db, keys);
  database = createSupabaseCacheTagStore(
    createSupabaseClients({ url: 'http://supabase.stand-in.test', anonKey: keys.anon, serviceRoleKey: keys.serviceRole }, fetch),
  );
});

/** The real store, which can be made to refuse (connection refused) or never answer. */
function reachable() {
  const state = { mode: 'up' as 'up' | 'refused' | 'silent', reads: 0 };
  const store: CacheTagStore = {
    read: () => {
      state.reads += 1;
      if (state.mode === 'refused') return Promise.reject(new Error('fetch failed: connect ECONNREFUSED'));
      if (state.mode === 'silent') return new Promise(() => {});
      return database.read();
    },
    revalidate: (tags, expire) => (state.mode === 'up' ? database.revalidate(tags, expire) : Promise.reject(new Error('ECONNREFUSED'))),
  };
  return { state, store };
}

function recordingLog() {
  const lines: { level: 'warn' | 'info' | 'error'; text: string }[] = [];
  return {
    lines,
    log: {
      warn: (text: string) => lines.push({ level: 'warn', text }),
      info: (text: string) => lines.push({ level: 'info', text }),
      error: (text: string) => lines.push({ level: 'error', text }),
    },
  };
}

function manualClock(start = Date.now()) {
  const clock = { now: start };
  return { clock, now: () => clock.now };
}

/**
 * This instance's clock running with real time, plus jumps: for exchanges with the real database,
 * whose round trip must take time on this clock too, as it does in a server.
 */
function runningClock() {
  const clock = { jumped: 0 };
  return { clock, now: () => Date.now() + clock.jumped };
}

describe('refreshing the shared tags', () => {
  it('reads the table at most once a second however many requests ask, and only when asked', async () => {
    const { state, store } = reachable();
    const { clock, now } = manualClock();
    const tags = new SharedTags({ store: () => store, now, log: recordingLog().log });
    expect(state.reads).toBe(0);
    await Promise.all(Array.from({ length: 100 }, () => tags.refresh()));
    expect(state.reads).toBe(1);
    for (let ms = 0; ms < 5_000; ms += 50) {
      clock.now += 50;
      await Promise.all([tags.refresh(), tags.refresh()]);
    }
    expect(state.reads).toBe(6);
  });

  it('keeps serving when the database is away: no request fails or waits long, one line in the log, and it recovers by itself', async () => {
    const { state, store } = reachable();
    const { clock, now } = manualClock();
    const { lines, log } = recordingLog();
    const tags = new SharedTags({ store: () => store, now, log, waitMs: 50, timeoutMs: 200 });
    await tags.refresh();
    const madeBefore = now() - 10;
    expect(tags.verdict(['watches'], madeBefore)).toBe('current');

    state.mode = 'refused';
    for (let i = 0; i < 30; i++) {
      clock.now += 400;
      await expect(tags.refresh()).resolves.toBeUndefined();
    }
    // One try a second at most (every third step of 400 ms), not one per request.
    expect(state.reads).toBe(1 + 10);
    expect(tags.verdict(['watches'], madeBefore)).toBe('current');

    // On timers the test moves: a request waits waitMs for a hung read, not the read's timeout.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    state.mode = 'silent';
    clock.now += 1_000;
    let returned = false;
    const refreshed = tags.refresh().then(() => (returned = true));
    await vi.advanceTimersByTimeAsync(49);
    expect(returned).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await refreshed;
    // The hung read times out by itself, and the next one goes through.
    await vi.advanceTimersByTimeAsync(200);
    vi.useRealTimers();

    state.mode = 'up';
    await database.revalidate(['watches'], 0);
    clock.now += 1_000;
    await tags.refresh();
    expect(tags.verdict(['watches'], madeBefore)).toBe('gone');
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
    expect(lines[0]!.text).toContain('ECONNREFUSED');
  });

  it('does not let a read left unanswered hold back the next one, nor call the database away once a later read is answered', async () => {
    const { state, store } = reachable();
    const { clock, now } = manualClock();
    const { lines, log } = recordingLog();
    const tags = new SharedTags({ store: () => store, now, log, waitMs: 50, timeoutMs: 300 });
    await tags.refresh();
    const madeBefore = now() - 10;

    // Sent on a connection the database had dropped: no answer until the timeout.
    state.mode = 'silent';
    clock.now += 1_000;
    await tags.refresh();
    state.mode = 'up';
    await database.revalidate(['watches'], 0);
    clock.now += 1_000;
    await tags.refresh();
    expect(state.reads).toBe(3);
    expect(tags.verdict(['watches'], madeBefore)).toBe('gone');

    // The unanswered read times out after the later one was answered: nothing to report.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lines).toEqual([]);
  });

  it('keeps the tightest measure of the clocks: a slow round trip under a crowd does not widen the margin, a clock set anew is taken at once', async () => {
    // A database whose clock and answering times are set here (a real one cannot be made to take
    // exactly so long): it reads its clock after `before` ms of the round trip and answers `after` ms later.
    const { clock, now } = manualClock(1_000_000);
    const database = { offsetMs: 10_000, before: 2, after: 2, tags: new Map<string, TagTimes>() };
    const store: CacheTagStore = {
      read: async () => {
        clock.now += database.before;
        const databaseNowMs = clock.now + database.offsetMs;
        clock.now += database.after;
        return { databaseNowMs, tags: new Map(database.tags) };
      },
      revalidate: () => Promise.reject(new Error('not used here')),
    };
    const tags = new SharedTags({ store: () => store, now, minIntervalMs: 0, log: recordingLog().log });
    await tags.refresh();

    // Another instance revalidates, at this instance's 1_000_100 in its clock.
    const revalidatedLocal = 1_000_100;
    const revalidatedMs = revalidatedLocal + database.offsetMs;
    database.tags.set('catalogue', { revalidatedMs, expiredMs: revalidatedMs, expiryDueMs: null });
    // Read under a crowd: two seconds there and back, the database's clock read early in it.
    clock.now = 1_000_200;
    Object.assign(database, { before: 100, after: 1_900 });
    await tags.refresh();
    expect(tags.verdict(['catalogue'], revalidatedLocal - 1)).toBe('gone');
    expect(tags.verdict(['catalogue'], revalidatedLocal + 50)).toBe('current');

    // The database's clock is set an hour ahead, and another revalidation follows: the slow
    // measure that disagrees with the kept one is taken, and judges by the clock as it is now.
    database.offsetMs += 3_600_000;
    const againLocal = clock.now + 10;
    database.tags.set('catalogue', { revalidatedMs: againLocal + database.offsetMs, expiredMs: againLocal + database.offsetMs, expiryDueMs: null });
    clock.now += 100;
    await tags.refresh();
    expect(tags.verdict(['catalogue'], againLocal - 1)).toBe('gone');
    expect(tags.verdict(['catalogue'], againLocal + 2_500)).toBe('current');
  });

  it('applies its own revalidation at once, even when the database cannot record it, and says so', async () => {
    const { state, store } = reachable();
    const { lines, log } = recordingLog();
    const tags = new SharedTags({ store: () => store, log });
    await tags.refresh();
    const made = instanceNow() - 1;
    state.mode = 'refused';
    await tags.revalidate(['own'], 0);
    expect(tags.verdict(['own'], made)).toBe('gone');
    expect(lines).toEqual([{ level: 'error', text: expect.stringContaining('could not be recorded') }]);
    // Failed is settled: nothing holds a response for it.
    expect(tags.recorded()).toBeNull();
  });
});

/** A cache entry as Next's "use cache" wrapper hands it over. */
function entry(tags: string[], timestamp: number, life: Partial<Pick<CacheEntry, 'revalidate' | 'expire'>> = {}): CacheEntry {
  const value = new TextEncoder().encode(`value of ${tags.join(',')} at ${timestamp}`);
  return {
    value: new ReadableStream({
      start(controller) {
        controller.enqueue(value);
        controller.close();
      },
    }),
    tags,
    stale: 30,
    timestamp,
    revalidate: life.revalidate ?? 60,
    expire: life.expire ?? 3600,
  };
}

const text = async (found: CacheEntry | undefined) => (found ? new Response(found.value).text() : undefined);

describe('the cache handler on shared tags', () => {
  const instance = () => {
    const tags = new SharedTags({ store: () => database, minIntervalMs: 0, log: recordingLog().log });
    return { tags, handler: createSharedTagsCacheHandler(tags) };
  };

  it('keeps entries in memory and gives a new stream on every read', async () => {
    const { handler } = instance();
    const made = instanceNow();
    await handler.set('key', Promise.resolve(entry(['kept'], made)));
    expect(await text(await handler.get('key', []))).toBe(`value of kept at ${made}`);
    expect(await text(await handler.get('key', []))).toBe(`value of kept at ${made}`);
    expect(await handler.get('other', [])).toBeUndefined();
  });

  it("judges an entry by its own tags: a revalidation through another instance makes it gone after the next refresh", async () => {
    const a = instance();
    const b = instance();
    await b.tags.refresh();
    await b.handler.set('listing', Promise.resolve(entry(['catalogue-a'], instanceNow())));
    await b.handler.set('unrelated', Promise.resolve(entry(['brands-a'], instanceNow())));
    await a.handler.updateTags(['catalogue-a'], { expire: 0 });
    expect(await b.handler.get('listing', [])).toBeDefined();
    // The server reads the tags before every request; Next's refreshTags does nothing.
    await b.handler.refreshTags();
    expect(await b.handler.get('listing', [])).toBeDefined();
    await b.tags.refresh();
    expect(await b.handler.get('listing', [])).toBeUndefined();
    expect(await b.handler.get('unrelated', [])).toBeDefined();
    // Next's getExpiration is asked only for the request's implicit tags: the entry's own are not in it.
    expect(await b.handler.getExpiration(['_N_T_/watches'])).toBe(0);
  });

  it("expire 0 makes older entries gone; 'max' makes them stale, served once more, and gone only when due", async () => {
    const { clock, now } = runningClock();
    const tags = new SharedTags({ store: () => database, now, minIntervalMs: 0, log: recordingLog().log });
    const handler = createSharedTagsCacheHandler(tags);
    await tags.refresh();
    await handler.set('soft', Promise.resolve(entry(['soft-b'], now() - 5)));
    await handler.updateTags(['soft-b'], { expire: 365 * 24 * 3600 });
    const stale = await handler.get('soft', []);
    expect(stale?.revalidate).toBe(-1);
    // A future expiry is not in force: getExpiration must not make every entry count as gone.
    expect(await handler.getExpiration(['soft-b'])).toBe(0);
    clock.jumped += 1_000;
    await handler.set('soft-new', Promise.resolve(entry(['soft-b'], now())));
    expect((await handler.get('soft-new', []))?.revalidate).toBe(60);

    await handler.updateTags(['soft-b'], { expire: 0 });
    expect(await handler.get('soft', [])).toBeUndefined();
    expect(await handler.getExpiration(['soft-b'])).toBeGreaterThan(0);
    // A later 'max' does not bring back what the expiry made gone.
    await handler.set('soft-between', Promise.resolve(entry(['soft-b'], now() - 2_000)));
    clock.jumped += 1_000;
    await handler.updateTags(['soft-b'], { expire: 365 * 24 * 3600 });
    expect(await handler.get('soft-between', [])).toBeUndefined();

    // Without a profile (updateTag, revalidatePath): gone at once.
    await handler.set('plain', Promise.resolve(entry(['plain-b'], now() - 5)));
    await handler.updateTags(['plain-b']);
    expect(await handler.get('plain', [])).toBeUndefined();
  });

  it('records every revalidation Next hands over, each time, and says when all of them are recorded', async () => {
    const { tags, handler } = instance();
    const recordedAt = async () => (await database.read()).tags.get('twice')?.revalidatedMs;
    expect(tags.recorded()).toBeNull();
    // What Next's revalidateTag(tag, { expire: 0 }) asks before a write's response is sent.
    const recording = handler.updateTags(['twice'], { expire: 0 });
    const settled = tags.recorded();
    expect(settled).not.toBeNull();
    await settled;
    expect(tags.recorded()).toBeNull();
    await recording;
    const first = await recordedAt();
    expect(first).toEqual(expect.any(Number));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await handler.updateTags(['twice'], { expire: 0 });
    expect(await recordedAt()).toBeGreaterThan(first!);

    await handler.updateTags(['soft-then-hard'], { expire: 3600 });
    const soft = (await database.read()).tags.get('soft-then-hard');
    await handler.updateTags(['soft-then-hard'], { expire: 0 });
    const hard = (await database.read()).tags.get('soft-then-hard');
    expect(soft?.expiredMs).toBeNull();
    expect(hard?.expiredMs).not.toBeNull();
  });

  it('drops an entry past its revalidate time, keeps no expire-0 entry, and holds its byte budget', async () => {
    const now = instanceNow;
    const tags = new SharedTags({ store: () => database, log: recordingLog().log });
    // Each entry takes some 35 bytes with its key: three fit.
    const handler = createSharedTagsCacheHandler(tags, { maxBytes: 110 });
    await handler.set('short', Promise.resolve(entry(['life'], now() - 1_001, { revalidate: 1 })));
    expect(await handler.get('short', [])).toBeUndefined();
    await handler.set('dynamic', Promise.resolve(entry(['life'], now(), { expire: 0 })));
    expect(await handler.get('dynamic', [])).toBeUndefined();
    for (const key of ['a', 'b', 'c', 'd', 'e']) await handler.set(key, Promise.resolve(entry(['life'], now())));
    expect(await handler.get('a', [])).toBeUndefined();
    expect(await handler.get('b', [])).toBeUndefined();
    expect(await handler.get('c', [])).toBeDefined();
    expect(await handler.get('e', [])).toBeDefined();
  });

  it('makes a read wait for a set of the same key still under way', async () => {
    const { handler } = instance();
    let finish!: (value: CacheEntry) => void;
    const setting = handler.set('slow', new Promise<CacheEntry>((resolve) => (finish = resolve)));
    const reading = handler.get('slow', []);
    finish(entry(['slow'], instanceNow()));
    await setting;
    expect(await reading).toBeDefined();
  });
});
