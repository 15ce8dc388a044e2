import { waitAtMost } from '@/lib/wait-at-most';
import { instanceNow } from './instance-clock';
import { laterTimes, timesOfRevalidation, type CacheTagStore, type TagSnapshot, type TagTimes } from './store';

/**
 * This instance's copy of the shared cache-tag state (docs/architecture.md: Caching), and the
 * judge of whether something this instance made before is still current. Pure: the store, the
 * clock and the log are given to it.
 *
 * The table's times are the database's clock. Each exchange measures how far this instance's
 * clock is from it (the database's time against the middle of the round trip, give or take half of
 * it), and the tightest measure is kept, as NTP does: under a crowd a round trip takes a second,
 * and that second would otherwise become the margin. Next's entries carry this instance's time, so
 * they are judged in this clock, leaning by that margin towards "gone": an entry made just around
 * a revalidation is made again rather than served old.
 * Page renderings are stamped with the database time of the last read (`stamp`), and judged in the
 * database's clock, exactly.
 */

export type Verdict = 'current' | 'stale' | 'gone';

export type SharedTagsOptions = {
  /** Asked for on each use, so nothing is opened before the first request (never at build). */
  store: () => CacheTagStore;
  /** This instance's clock, in milliseconds since the epoch. */
  now?: () => number;
  /** The least time between two reads of the table. */
  minIntervalMs?: number;
  /** How long a request waits for a read under way before it goes on with what is known. */
  waitMs?: number;
  /** A read or a record that takes longer has failed. */
  timeoutMs?: number;
  log?: Pick<Console, 'warn' | 'info' | 'error'>;
};

const RESOLVED = Promise.resolve();

/**
 * How far apart two readings of the same instant may be from the clocks' own resolution alone: an
 * instance's clock may count whole milliseconds, and a store that answers within the same
 * millisecond (the embedded database's, in this process's memory) measures no round trip at all.
 */
const CLOCK_RESOLUTION_MS = 1;

/**
 * How fast the two clocks may drift apart, NTP's bound on a clock's rate error (500 ppm): a kept
 * measure of the offset grows this much less certain with every millisecond of its age.
 */
const DRIFT_PER_MS = 500e-6;

/** The database's clock minus this instance's, give or take uncertaintyMs, as measured at measuredAtMs. */
type ClockMeasure = { offsetMs: number; uncertaintyMs: number; measuredAtMs: number };

export class SharedTags {
  /** What the database answered, in its clock. Only moves forward. */
  private readonly confirmed = new Map<string, TagTimes>();
  /** This instance's revalidations whose record in the table is under way. */
  private readonly recording = new Set<Promise<void>>();
  /** This instance's own revalidations until the database has answered them (or for good, when it failed). */
  private readonly provisional = new Set<Map<string, TagTimes>>();
  /** The tightest measure of the two clocks' offset yet; none before the first exchange. */
  private clock: ClockMeasure = { offsetMs: 0, uncertaintyMs: 0, measuredAtMs: -Infinity };
  /** Counts what changes the judgement of something begun now: own revalidations, and exchanges. */
  private changes = 0;
  /** Database time of the last complete read: every revalidation before it is known here. */
  private knownUntilMs = -Infinity;
  private lastAttemptMs = -Infinity;
  /** The reads begun, and the last of them answered. */
  private attempts = 0;
  private answeredAttempt = 0;
  /** The read begun last, while unanswered. */
  private reading: Promise<void> | null = null;
  private unreachable = false;

  private readonly store: () => CacheTagStore;
  private readonly now: () => number;
  private readonly minIntervalMs: number;
  private readonly waitMs: number;
  private readonly timeoutMs: number;
  private readonly log: Pick<Console, 'warn' | 'info' | 'error'>;

  constructor(options: SharedTagsOptions) {
    this.store = options.store;
    this.now = options.now ?? instanceNow;
    this.minIntervalMs = options.minIntervalMs ?? 1000;
    this.waitMs = options.waitMs ?? 250;
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.log = options.log ?? console;
  }

  /**
   * Reads the table again when the last read began at least minIntervalMs ago, once however many
   * requests ask; a request waits for it at most waitMs. Never fails: when the database cannot be
   * reached, what is known stays, the log says so once, and a request after minIntervalMs tries
   * again. A read still unanswered after minIntervalMs does not hold the next one back: one sent on
   * a connection the database had dropped stays unanswered until its timeout, and the changes made
   * meanwhile would wait for that too.
   */
  refresh(): Promise<void> {
    if (this.now() - this.lastAttemptMs < this.minIntervalMs) return this.reading ? this.waitFor(this.reading) : RESOLVED;
    this.lastAttemptMs = this.now();
    const attempt = ++this.attempts;
    const reading = this.exchange(() => this.store().read())
      .then(() => {
        this.answeredAttempt = Math.max(this.answeredAttempt, attempt);
        this.recovered();
      })
      // A read overtaken by a later one that was answered says nothing about the database now.
      .catch((error: unknown) => (attempt < this.answeredAttempt ? undefined : this.failed(error)))
      .finally(() => {
        if (this.reading === reading) this.reading = null;
      });
    this.reading = reading;
    return this.waitFor(reading);
  }

  /** A request's wait for a read under way: at most waitMs, never failing. */
  private async waitFor(reading: Promise<void>): Promise<void> {
    await waitAtMost(reading, this.waitMs);
  }

  /**
   * Records a revalidation of `tags` in the table, for every instance. This instance applies it at
   * once, before the database answers. A failure is logged, not thrown: the write it follows is
   * done, and the other instances then see it only when their entries expire.
   */
  revalidate(tags: string[], expireSeconds: number): Promise<void> {
    this.changes += 1;
    const estimate = new Map(tags.map((tag) => [tag, timesOfRevalidation(this.now() + this.offsetMs, expireSeconds)]));
    this.provisional.add(estimate);
    const recorded = this.exchange(() => this.store().revalidate(tags, expireSeconds))
      .then(() => void this.provisional.delete(estimate))
      .catch((error: unknown) => {
        this.log.error(`Cache tags: the revalidation of ${tags.join(', ')} could not be recorded for the other instances`, error);
      })
      .finally(() => this.recording.delete(recorded));
    this.recording.add(recorded);
    return recorded;
  }

  /**
   * Settles once every revalidation begun so far is recorded (or has failed): the server holds a
   * response's end until then, so that a write is in the table, for every instance, before whoever
   * made it is told it is saved. Null when nothing is being recorded.
   */
  recorded(): Promise<void> | null {
    return this.recording.size === 0 ? null : Promise.all(this.recording).then(() => undefined);
  }

  /** Whether an entry carrying `tags`, made at `madeAtMs` (this instance's clock), may be served. */
  verdict(tags: readonly string[], madeAtMs: number): Verdict {
    return this.judge(tags, madeAtMs, this.toLeaningClock(), this.now());
  }

  /**
   * The stamp of something made now from cached entries: the database time up to which every
   * revalidation is known here. A revalidation after it may not have reached those entries yet.
   */
  stamp(): number {
    return this.knownUntilMs;
  }

  /**
   * Changes whenever something begun now could be judged otherwise than something begun before:
   * this instance began a revalidation, or took in an exchange with the table.
   */
  epoch(): number {
    return this.changes;
  }

  /** Whether something stamped `stamp` (by stamp()) and carrying `tags` may be served. */
  verdictOfStamp(tags: readonly string[], stamp: number): Verdict {
    return this.judge(tags, stamp, (databaseMs) => databaseMs, this.now() + this.offsetMs);
  }

  private get offsetMs(): number {
    return this.clock.offsetMs;
  }

  /** How far the kept offset may be off by now, its drift since it was measured included. */
  private uncertaintyAt(nowMs: number): number {
    return this.clock.uncertaintyMs + DRIFT_PER_MS * Math.max(0, nowMs - this.clock.measuredAtMs);
  }

  /** A database time in this instance's clock, leaning late by how far the offset may be off. */
  private toLeaningClock(): (databaseMs: number) => number {
    const shiftMs = this.uncertaintyAt(this.now()) - this.offsetMs;
    return (databaseMs) => databaseMs + shiftMs;
  }

  /**
   * The latest time (this instance's clock) before which entries carrying any of `tags` are gone,
   * counting only expirations already in force; 0 when there is none.
   */
  expiration(tags: readonly string[]): number {
    return this.goneBefore(tags, this.toLeaningClock(), this.now());
  }

  private judge(tags: readonly string[], made: number, toClock: (databaseMs: number) => number, now: number): Verdict {
    if (made <= this.goneBefore(tags, toClock, now)) return 'gone';
    const stale = tags.some((tag) => this.timesOf(tag).some((times) => made <= toClock(times.revalidatedMs)));
    return stale ? 'stale' : 'current';
  }

  private goneBefore(tags: readonly string[], toClock: (databaseMs: number) => number, now: number): number {
    let latest = 0;
    for (const tag of tags) {
      for (const times of this.timesOf(tag)) {
        if (times.expiredMs !== null) latest = Math.max(latest, toClock(times.expiredMs));
        if (times.expiryDueMs !== null && toClock(times.expiryDueMs) <= now) latest = Math.max(latest, toClock(times.revalidatedMs));
      }
    }
    return latest;
  }

  private timesOf(tag: string): TagTimes[] {
    const confirmed = this.confirmed.get(tag);
    const all = confirmed ? [confirmed] : [];
    for (const estimate of this.provisional) {
      const times = estimate.get(tag);
      if (times) all.push(times);
    }
    return all;
  }

  /** Runs one exchange with the table, bounded by timeoutMs, and takes in its answer. */
  private async exchange(ask: () => Promise<TagSnapshot>): Promise<void> {
    const sentMs = this.now();
    const snapshot = await withTimeout(ask(), this.timeoutMs);
    const answeredMs = this.now();
    this.measureClock(sentMs, answeredMs, snapshot.databaseNowMs);
    this.changes += 1;
    this.knownUntilMs = Math.max(this.knownUntilMs, snapshot.databaseNowMs);
    // Times only move forward, so answers that arrive out of order cannot undo one another.
    for (const [tag, given] of snapshot.tags) {
      this.confirmed.set(tag, laterTimes(this.confirmed.get(tag), given));
    }
  }

  /**
   * Keeps this exchange's measure of the offset if it is tighter than the one kept (aged by its
   * drift), or if the two disagree: then one of the clocks was set, and the older measure is wrong.
   */
  private measureClock(sentMs: number, answeredMs: number, databaseNowMs: number) {
    const uncertaintyMs = (answeredMs - sentMs) / 2 + CLOCK_RESOLUTION_MS;
    const measured: ClockMeasure = { offsetMs: databaseNowMs - (sentMs + uncertaintyMs), uncertaintyMs, measuredAtMs: answeredMs };
    const keptUncertaintyMs = this.uncertaintyAt(answeredMs);
    const agree = Math.abs(measured.offsetMs - this.clock.offsetMs) <= uncertaintyMs + keptUncertaintyMs;
    if (!agree || uncertaintyMs <= keptUncertaintyMs) this.clock = measured;
  }

  private recovered() {
    if (!this.unreachable) return;
    this.unreachable = false;
    this.log.info('Cache tags: the database answers again; revalidations from every instance apply again.');
  }

  private failed(error: unknown) {
    if (this.unreachable) return;
    this.unreachable = true;
    const reason = error instanceof Error ? error.message : String(error);
    this.log.warn(
      `Cache tags: the database could not be reached (${reason}). Serving what is cached; changes made ` +
        `through other instances show once it answers again (tried every ${this.minIntervalMs / 1000} s).`,
    );
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
