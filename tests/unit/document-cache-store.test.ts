import { describe, expect, it } from 'vitest';
import { DocumentStore, type Currency, type Rendering } from '@/lib/document-cache/store';

const LIMITS = { freshMs: 30_000, staleMs: 60_000, maxBytes: 1_000 };

type Page = { body: string[]; size: number };

function page(text: string, size = 100): Page {
  return { body: [text], size };
}

/** A render function that counts its calls and answers with the given pages in turn. */
function renderer(...renderings: (Rendering<Page> | null)[]) {
  const calls = { count: 0 };
  const render = async () => renderings[Math.min(calls.count++, renderings.length - 1)] ?? null;
  return { calls, render };
}

/**
 * A currency that works as the shared tags do: a revalidation makes everything stamped up to what
 * is known gone, until the next exchange makes it known; each of the two is a change.
 */
function sharedTagsLike() {
  const state = { revalidatedAt: -1, known: 0, changes: 0 };
  const currency: Currency = {
    stamp: () => state.known,
    verdict: (stamp) => (stamp <= state.revalidatedAt ? 'gone' : 'current'),
    epoch: () => state.changes,
  };
  return {
    currency,
    /** This instance begins a revalidation. */
    revalidate: () => {
      state.revalidatedAt = state.known;
      state.changes += 1;
    },
    /** An exchange with the table: every revalidation so far is known. */
    learn: () => {
      state.known = state.revalidatedAt + 1;
      state.changes += 1;
    },
  };
}

function clock() {
  const time = { now: 0 };
  return { time, now: () => time.now };
}

describe('the document store', () => {
  it('renders a page once, then serves the kept rendering', async () => {
    const store = new DocumentStore<Page>(LIMITS);
    const { calls, render } = renderer({ document: page('A'), keep: true });
    expect(await store.obtain('/brands', render)).toMatchObject({ document: { body: ['A'] }, outcome: 'miss' });
    expect(await store.obtain('/brands', render)).toMatchObject({ document: { body: ['A'] }, outcome: 'hit' });
    expect(calls.count).toBe(1);
  });

  it('makes one rendering for a crowd arriving together, and gives it to all of them', async () => {
    const store = new DocumentStore<Page>(LIMITS);
    let finish!: (rendering: Rendering<Page>) => void;
    let renders = 0;
    const render = () => {
      renders += 1;
      return new Promise<Rendering<Page>>((resolve) => (finish = resolve));
    };
    const crowd = Array.from({ length: 50 }, () => store.obtain('/watches#3', render));
    finish({ document: page('cards'), keep: true });
    const answers = await Promise.all(crowd);
    expect(renders).toBe(1);
    expect(answers.every((answer) => answer?.document.body[0] === 'cards')).toBe(true);
  });

  it('serves a stale rendering while making one new one, and a too old one only after rendering again', async () => {
    const { time, now } = clock();
    const store = new DocumentStore<Page>(LIMITS, now);
    const { calls, render } = renderer({ document: page('old'), keep: true }, { document: page('new'), keep: true });
    await store.obtain('/', render);

    time.now = 30_000;
    expect(await store.obtain('/', render)).toMatchObject({ outcome: 'hit' });
    time.now = 45_000;
    expect(await store.obtain('/', render)).toMatchObject({ document: { body: ['old'] }, outcome: 'stale' });
    await new Promise((resolve) => setImmediate(resolve)); // the refresh, made in the background
    expect(await store.obtain('/', render)).toMatchObject({ document: { body: ['new'] }, outcome: 'hit' });
    expect(calls.count).toBe(2);

    time.now = 45_000 + 60_001;
    expect(await store.obtain('/', render)).toMatchObject({ document: { body: ['new'] }, outcome: 'miss' });
    expect(calls.count).toBe(3);
  });

  it('renders again what the currency calls gone, and neither keeps nor joins a rendering begun before', async () => {
    const tags = sharedTagsLike();
    const store = new DocumentStore<Page>(LIMITS, Date.now, tags.currency);
    let finishOld!: (rendering: Rendering<Page>) => void;
    const before = store.obtain('/watches#0', () => new Promise<Rendering<Page>>((resolve) => (finishOld = resolve)));
    // A write, then this instance learns of it: the rendering under way was begun before.
    tags.revalidate();
    tags.learn();
    const after = store.obtain('/watches#0', async () => ({ document: page('edited'), keep: true }));
    finishOld({ document: page('before the edit'), keep: true });
    expect((await before)?.document.body).toEqual(['before the edit']);
    expect((await after)?.document.body).toEqual(['edited']);

    const { calls, render } = renderer({ document: page('never'), keep: true });
    expect(await store.obtain('/watches#0', render)).toMatchObject({ document: { body: ['edited'] }, outcome: 'hit' });
    expect(calls.count).toBe(0);

    tags.revalidate();
    tags.learn();
    const again = renderer({ document: page('edited twice'), keep: true });
    expect(await store.obtain('/watches#0', again.render)).toMatchObject({ document: { body: ['edited twice'] }, outcome: 'miss' });
  });

  it("joins a rendering begun while this instance's own revalidation is recorded, instead of making one per request", async () => {
    const tags = sharedTagsLike();
    const store = new DocumentStore<Page>(LIMITS, Date.now, tags.currency);
    await store.obtain('/watches#0', async () => ({ document: page('before the edit'), keep: true }));
    let finishBefore!: (rendering: Rendering<Page>) => void;
    const begunBefore = store.obtain('/brands', () => new Promise<Rendering<Page>>((resolve) => (finishBefore = resolve)));

    // The write is saved and its revalidation is being recorded: what is begun now is gone (not
    // yet known), but no better than what another request began a moment ago.
    tags.revalidate();
    const { calls, render } = renderer({ document: page('edited'), keep: true });
    let finishDuring!: (rendering: Rendering<Page>) => void;
    const during = Array.from({ length: 5 }, () =>
      store.obtain('/watches#0', () => {
        calls.count += 1;
        return new Promise<Rendering<Page>>((resolve) => (finishDuring = resolve));
      }),
    );
    const brands = store.obtain('/brands', async () => ({ document: page('brands after the edit'), keep: true }));
    expect(calls.count).toBe(1);
    finishDuring({ document: page('edited'), keep: true });
    finishBefore({ document: page('brands before the edit'), keep: true });
    expect((await Promise.all(during)).map((answer) => answer?.document.body[0])).toEqual(Array(5).fill('edited'));
    // A rendering begun before the revalidation is not joined.
    expect((await brands)?.document.body).toEqual(['brands after the edit']);
    expect((await begunBefore)?.document.body).toEqual(['brands before the edit']);

    // Nothing begun before the revalidation was known is kept: once it is, the next load renders.
    tags.learn();
    expect(await store.obtain('/watches#0', render)).toMatchObject({ document: { body: ['edited'] }, outcome: 'miss' });
    expect(calls.count).toBe(2);
    expect(await store.obtain('/watches#0', render)).toMatchObject({ outcome: 'hit' });
  });

  it('serves a rendering the currency calls stale once more while making one new one', async () => {
    let stale = false;
    const store = new DocumentStore<Page>(LIMITS, Date.now, { stamp: () => 0, verdict: () => (stale ? 'stale' : 'current'), epoch: () => 0 });
    const { calls, render } = renderer({ document: page('old'), keep: true }, { document: page('new'), keep: true });
    await store.obtain('/', render);
    stale = true;
    expect(await store.obtain('/', render)).toMatchObject({ document: { body: ['old'] }, outcome: 'stale' });
    await new Promise((resolve) => setImmediate(resolve));
    stale = false;
    expect(await store.obtain('/', render)).toMatchObject({ document: { body: ['new'] }, outcome: 'hit' });
    expect(calls.count).toBe(2);
  });

  it('serves an error state to whoever waited for it, but renders the next load again', async () => {
    const store = new DocumentStore<Page>(LIMITS);
    const { calls, render } = renderer({ document: page('Unable to Load Watches'), keep: false }, { document: page('cards'), keep: true });
    expect(await store.obtain('/watches#1', render)).toMatchObject({ document: { body: ['Unable to Load Watches'] }, outcome: 'miss' });
    expect(await store.obtain('/watches#1', render)).toMatchObject({ document: { body: ['cards'] }, outcome: 'miss' });
    expect(calls.count).toBe(2);
  });

  it('answers null when the rendering fails or throws, and tries again next time', async () => {
    const store = new DocumentStore<Page>(LIMITS);
    expect(await store.obtain('/featured#2', async () => null)).toBeNull();
    expect(
      await store.obtain('/featured#2', async () => {
        throw new Error('connection refused');
      }),
    ).toBeNull();
    expect(store.size.documents).toBe(0);
    expect(await store.obtain('/featured#2', async () => ({ document: page('ok'), keep: true }))).toMatchObject({ outcome: 'miss' });
  });

  it('drops the least recently used renderings when the total passes its bytes', async () => {
    const store = new DocumentStore<Page>({ ...LIMITS, maxBytes: 300 });
    const keep = (text: string) => async () => ({ document: page(text, 100), keep: true });
    await store.obtain('a', keep('a'));
    await store.obtain('b', keep('b'));
    await store.obtain('c', keep('c'));
    await store.obtain('a', keep('a again')); // a is now the most recently used
    await store.obtain('d', keep('d'));
    expect(store.size).toEqual({ documents: 3, bytes: 300, groups: 0 });
    expect(await store.obtain('a', keep('a rendered again'))).toMatchObject({ outcome: 'hit' });
    expect(await store.obtain('b', keep('b rendered again'))).toMatchObject({ document: { body: ['b rendered again'] }, outcome: 'miss' });
  });

  it('after a write, makes one rendering of a shuffled listing for the crowd and the other orders behind it, one at a time', async () => {
    const tags = sharedTagsLike();
    const store = new DocumentStore<Page>({ ...LIMITS, maxBytes: 10_000 }, Date.now, tags.currency);
    const orders = Array.from({ length: 12 }, (_, order) => `/watches#${order}`);
    for (const key of orders) await store.obtain(key, async () => ({ document: page(`before ${key}`), keep: true }), '/watches');

    tags.revalidate();
    tags.learn();
    const started: string[] = [];
    const finish = new Map<string, (rendering: Rendering<Page>) => void>();
    const render = (key: string) => () => {
      started.push(key);
      return new Promise<Rendering<Page>>((resolve) => finish.set(key, resolve));
    };
    // A crowd asks for every order at once: one rendering is made, and all of them wait for it.
    const crowd = orders.flatMap((key) => [store.obtain(key, render(key), '/watches'), store.obtain(key, render(key), '/watches')]);
    expect(started).toEqual(['/watches#0']);
    finish.get('/watches#0')!({ document: page('after'), keep: true });
    const answers = await Promise.all(crowd);
    expect(answers.map((answer) => answer?.document.body[0])).toEqual(Array(24).fill('after'));

    // The next loads get it too, none an order from before the write, while the other orders are
    // made behind, one at a time.
    const next = await Promise.all(orders.map((key) => store.obtain(key, render(key), '/watches')));
    expect(next.map((answer) => answer?.document.body[0])).toEqual(Array(12).fill('after'));
    expect(started).toEqual(['/watches#0', '/watches#1']);
    finish.get('/watches#1')!({ document: page('after, order 1'), keep: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await store.obtain('/watches#1', render('/watches#1'), '/watches')).toMatchObject({ document: { body: ['after, order 1'] }, outcome: 'hit' });
    await store.obtain('/watches#5', render('/watches#5'), '/watches');
    expect(started).toEqual(['/watches#0', '/watches#1', '/watches#5']);
  });

  it('makes an order never made yet for its own load, so that a shopper reloading gets each shuffle', async () => {
    const store = new DocumentStore<Page>(LIMITS);
    const shown: string[] = [];
    for (const order of [0, 1, 2, 3]) {
      const answer = await store.obtain(`/featured#${order}`, async () => ({ document: page(`order ${order}`), keep: true }), '/featured');
      shown.push(answer!.document.body[0]!);
    }
    expect(shown).toEqual(['order 0', 'order 1', 'order 2', 'order 3']);
  });

  it('never stands one page in for another, nor a gone rendering for a missing one, and forgets a group with nothing kept', async () => {
    const tags = sharedTagsLike();
    const store = new DocumentStore<Page>(LIMITS, Date.now, tags.currency);
    await store.obtain('/featured#0', async () => ({ document: page('featured'), keep: true }), '/featured');
    expect(await store.obtain('/watches#0', async () => ({ document: page('watches'), keep: true }), '/watches')).toMatchObject({
      document: { body: ['watches'] },
    });
    tags.revalidate();
    tags.learn();
    expect(await store.obtain('/featured#1', async () => ({ document: page('featured after'), keep: true }), '/featured')).toMatchObject({
      document: { body: ['featured after'] },
      outcome: 'miss',
    });

    const errors = new DocumentStore<Page>(LIMITS);
    await errors.obtain('/watches?brand=x#0', async () => ({ document: page('Unable to Load Watches'), keep: false }), '/watches?brand=x');
    await errors.obtain('/watches?brand=y#0', async () => null, '/watches?brand=y');
    expect(errors.size.groups).toBe(0);
  });
});
