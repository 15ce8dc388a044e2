/**
 * The cached renderings of storefront documents, in memory (docs/performance.md). Pure: it knows
 * nothing of HTTP or Next.js; the render function and the clock are given to it.
 */

/** What the store keeps: anything that knows how many bytes it holds. */
export type Sized = { size: number };

export type Rendering<Document extends Sized> = {
  document: Document;
  /** False for what may be served to the requests that waited for it, but not kept: an error state. */
  keep: boolean;
};

export type Outcome = 'hit' | 'stale' | 'miss';

export type StoreLimits = {
  /** Served as is for this long after it was rendered. */
  freshMs: number;
  /** Until this age, served while a new rendering is made in the background; then made anew first. */
  staleMs: number;
  /** The least recently used renderings go first when the total passes this. */
  maxBytes: number;
};

/**
 * Whether what a rendering was made from is still current, whatever its age: the shared cache
 * tags (lib/cache-tags/shared-tags.ts) in the server, anything in a test.
 */
export type Currency = {
  /** The stamp of a rendering begun now: up to when what it reads is known to be current. */
  stamp(): number;
  /** A rendering stamped so may be served as is, once more while one is made anew, or not at all. */
  verdict(stamp: number): 'current' | 'stale' | 'gone';
  /**
   * Changes whenever a rendering begun now could be judged otherwise than one begun before: a
   * revalidation begun here, or the shared state read again.
   */
  epoch(): number;
};

const ALWAYS_CURRENT: Currency = { stamp: () => 0, verdict: () => 'current', epoch: () => 0 };

type Entry<Document> = { document: Document; renderedAt: number; stamp: number; group?: string };
type Pending<Document extends Sized> = { made: Promise<Rendering<Document> | null>; stamp: number; epoch: number };

export class DocumentStore<Document extends Sized> {
  private entries = new Map<string, Entry<Document>>();
  private rendering = new Map<string, Pending<Document>>();
  /** The keys of each group that are kept or being made. */
  private groups = new Map<string, Set<string>>();
  private bytes = 0;

  constructor(
    private readonly limits: StoreLimits,
    private readonly now: () => number = Date.now,
    private readonly currency: Currency = ALWAYS_CURRENT,
  ) {}

  /**
   * The document for `key`: the cached one while fresh (or stale, with one refresh started), else
   * a new rendering, made once however many requests wait for it. null when the rendering failed.
   * A rendering the currency calls gone is never served, nor joined while it is being made.
   *
   * `group` names the renderings that are interchangeable: the shuffled orders of one listing.
   * After a catalogue write every rendering of every listing is gone at once, and a crowd would
   * otherwise make them all together (12 per listing) before the first answer. So an order that
   * must be made again is answered with a fresh one of its group, and made behind it, one of a
   * group at a time; and an order to be made while another of its group is being made waits for
   * that one. The shuffle's variety comes back over the next second or so.
   */
  async obtain(
    key: string,
    render: () => Promise<Rendering<Document> | null>,
    group?: string,
  ): Promise<{ document: Document; outcome: Outcome } | null> {
    const entry = this.entries.get(key);
    const verdict = entry ? this.currency.verdict(entry.stamp) : 'gone';
    const age = entry ? this.now() - entry.renderedAt : Infinity;
    if (entry && verdict !== 'gone' && age <= this.limits.staleMs) {
      this.touch(key, entry);
      const stale = verdict === 'stale' || age > this.limits.freshMs;
      if (stale) void this.renderOnce(key, render, group);
      return { document: entry.document, outcome: stale ? 'stale' : 'hit' };
    }
    const members = group === undefined ? [] : [...(this.groups.get(group) ?? [])].filter((member) => member !== key);
    // Only for an order a write (or age) took away: one never made yet is made for its own load,
    // so that a shopper's first reloads after a start each get their own shuffle.
    const fresh = entry === undefined ? [] : members.flatMap((member) => this.freshEntry(member) ?? []);
    const stand = fresh[Math.floor(Math.random() * fresh.length)];
    if (stand) {
      if (!this.groupIsRendering(group!)) void this.renderOnce(key, render, group);
      return { document: stand.document, outcome: 'hit' };
    }
    const joined = members.map((member) => this.pendingOf(member)).find((found) => found !== undefined) ?? this.renderOnce(key, render, group);
    const rendered = await joined;
    return rendered && { document: rendered.document, outcome: 'miss' };
  }

  get size(): { documents: number; bytes: number; groups: number } {
    return { documents: this.entries.size, bytes: this.bytes, groups: this.groups.size };
  }

  private renderOnce(key: string, render: () => Promise<Rendering<Document> | null>, group?: string): Promise<Rendering<Document> | null> {
    const pending = this.pendingOf(key);
    if (pending) return pending;
    const stamp = this.currency.stamp();
    const epoch = this.currency.epoch();
    const made = render()
      .catch(() => null)
      .then((rendered) => {
        if (rendered?.keep && this.isNewest(key, stamp)) this.keep(key, { document: rendered.document, renderedAt: this.now(), stamp, group });
        return rendered;
      })
      .finally(() => {
        if (this.rendering.get(key)?.made !== made) return;
        this.rendering.delete(key);
        if (group !== undefined && !this.entries.has(key)) this.leave(group, key);
      });
    this.rendering.set(key, { made, stamp, epoch });
    if (group !== undefined) this.join(group, key);
    return made;
  }

  /**
   * The rendering of `key` under way, unless what it reads is gone already and one begun now would
   * not be: while this instance's own revalidation is being recorded, every rendering is begun
   * before it is known and is gone, and a crowd that did not join would each make their own.
   */
  private pendingOf(key: string): Promise<Rendering<Document> | null> | undefined {
    const pending = this.rendering.get(key);
    if (!pending) return undefined;
    return this.currency.verdict(pending.stamp) !== 'gone' || pending.epoch === this.currency.epoch() ? pending.made : undefined;
  }

  private freshEntry(key: string): Entry<Document> | undefined {
    const entry = this.entries.get(key);
    if (!entry || this.currency.verdict(entry.stamp) !== 'current' || this.now() - entry.renderedAt > this.limits.freshMs) return undefined;
    return entry;
  }

  private groupIsRendering(group: string): boolean {
    return [...(this.groups.get(group) ?? [])].some((member) => this.rendering.has(member));
  }

  private join(group: string, key: string) {
    const members = this.groups.get(group) ?? new Set<string>();
    members.add(key);
    this.groups.set(group, members);
  }

  /** Groups hold only what is kept or being made: an arbitrary ?brand= leaves nothing behind. */
  private leave(group: string, key: string) {
    const members = this.groups.get(group);
    members?.delete(key);
    if (members?.size === 0) this.groups.delete(group);
  }

  /** A rendering is kept unless it is gone already or one begun after it was kept first. */
  private isNewest(key: string, stamp: number): boolean {
    const kept = this.entries.get(key);
    return this.currency.verdict(stamp) !== 'gone' && (kept === undefined || kept.stamp <= stamp);
  }

  private keep(key: string, entry: Entry<Document>) {
    this.forget(key);
    this.entries.set(key, entry);
    this.bytes += entry.document.size;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.forget(oldest);
    }
  }

  private forget(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.document.size;
    if (entry.group !== undefined && !this.rendering.has(key)) this.leave(entry.group, key);
  }

  /** Moves a used entry to the end of the map's order, which is least recently used first. */
  private touch(key: string, entry: Entry<Document>) {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }
}
