import type { CacheEntry } from './next-cache-handler-types';

/**
 * The `'use cache'` entries of this process, in memory, least recently used first out past a byte
 * budget: what Next's own default handler keeps, with the rules its contract sets (a new stream per
 * read, a read of a key still being written waits for it, no entry that expires at once). Whether
 * an entry's tags still allow it is judged by the caller (handler.ts).
 */
export type EntryMemory = {
  get(cacheKey: string): Promise<CacheEntry | undefined>;
  set(cacheKey: string, pendingEntry: Promise<CacheEntry>): Promise<void>;
};

type Kept = { entry: Omit<CacheEntry, 'value'>; bytes: Uint8Array };

export function createEntryMemory(maxBytes: number, now: () => number): EntryMemory {
  const kept = new Map<string, Kept>();
  const writing = new Map<string, Promise<void>>();
  let total = 0;

  const forget = (cacheKey: string) => {
    const old = kept.get(cacheKey);
    if (!old) return;
    kept.delete(cacheKey);
    total -= sizeOf(cacheKey, old);
  };

  return {
    async get(cacheKey) {
      await writing.get(cacheKey);
      const found = kept.get(cacheKey);
      if (!found) return undefined;
      if (now() > found.entry.timestamp + found.entry.revalidate * 1000) {
        forget(cacheKey);
        return undefined;
      }
      // Used now: to the end of the map's order, which is least recently used first.
      kept.delete(cacheKey);
      kept.set(cacheKey, found);
      return { ...found.entry, value: streamOf(found.bytes) };
    },

    async set(cacheKey, pendingEntry) {
      let written = () => {};
      writing.set(
        cacheKey,
        new Promise<void>((resolve) => (written = resolve)),
      );
      try {
        const { value, ...entry } = await pendingEntry;
        // A dynamic entry: nothing to keep (as Next's own handler does).
        if (entry.expire === 0) return void (await value.cancel());
        const bytes = new Uint8Array(await new Response(value).arrayBuffer());
        forget(cacheKey);
        const item = { entry, bytes };
        if (sizeOf(cacheKey, item) > maxBytes) return;
        kept.set(cacheKey, item);
        total += sizeOf(cacheKey, item);
        for (const [oldest, oldItem] of kept) {
          if (total <= maxBytes) break;
          kept.delete(oldest);
          total -= sizeOf(oldest, oldItem);
        }
      } catch {
        // A value that failed while it was made is not kept: the next read makes it again.
      } finally {
        written();
        writing.delete(cacheKey);
      }
    },
  };
}

function sizeOf(cacheKey: string, item: Kept): number {
  return item.bytes.byteLength + cacheKey.length;
}

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
