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

type Entry<Document> = { document: Document; renderedAt: number };

export class DocumentStore<Document extends Sized> {
  private entries = new Map<string, Entry<Document>>();
  private rendering = new Map<string, Promise<Rendering<Document> | null>>();
  private bytes = 0;
  /** Raised by clear(): a rendering begun before a clear is not kept after it. */
  private generation = 0;

  constructor(
    private readonly limits: StoreLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The document for `key`: the cached one while fresh (or stale, with one refresh started), else
   * a new rendering, made once however many requests wait for it. null when the rendering failed.
   */
  async obtain(key: string, render: () => Promise<Rendering<Document> | null>): Promise<{ document: Document; outcome: Outcome } | null> {
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.renderedAt : Infinity;
    if (entry && age <= this.limits.staleMs) {
      this.touch(key, entry);
      if (age > this.limits.freshMs) void this.renderOnce(key, render);
      return { document: entry.document, outcome: age > this.limits.freshMs ? 'stale' : 'hit' };
    }
    const rendered = await this.renderOnce(key, render);
    return rendered && { document: rendered.document, outcome: 'miss' };
  }

  /** Forgets every rendering, and any still being made: the next request renders afresh. */
  clear(): void {
    this.entries = new Map();
    this.rendering = new Map();
    this.bytes = 0;
    this.generation += 1;
  }

  get size(): { documents: number; bytes: number } {
    return { documents: this.entries.size, bytes: this.bytes };
  }

  private renderOnce(key: string, render: () => Promise<Rendering<Document> | null>): Promise<Rendering<Document> | null> {
    const pending = this.rendering.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const inFlight = this.rendering;
    const made = render()
      .catch(() => null)
      .then((rendered) => {
        if (rendered?.keep && generation === this.generation) this.keep(key, rendered.document);
        return rendered;
      })
      .finally(() => {
        if (inFlight.get(key) === made) inFlight.delete(key);
      });
    inFlight.set(key, made);
    return made;
  }

  private keep(key: string, document: Document) {
    this.forget(key);
    this.entries.set(key, { document, renderedAt: this.now() });
    this.bytes += document.size;
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
  }

  /** Moves a used entry to the end of the map's order, which is least recently used first. */
  private touch(key: string, entry: Entry<Document>) {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }
}
