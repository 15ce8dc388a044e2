import 'server-only';
import type { CertificateVerdict } from './verdict';

/** A verdict stays this long: a transfer or a burn shows within it. */
export const VERDICT_TTL_MS = 30_000;
const MAX_ENTRIES = 1000;

/**
 * Verdicts of this server process, kept briefly: a page reloaded, or a certificate's QR code
 * scanned by several people at once, costs one set of RPC calls. Failures are never kept.
 */
export function createVerdictCache(now: () => number = Date.now) {
  const entries = new Map<string, { verdict: CertificateVerdict; until: number }>();
  return {
    async get(mint: string, compute: () => Promise<CertificateVerdict>): Promise<CertificateVerdict> {
      const kept = entries.get(mint);
      if (kept && kept.until > now()) return kept.verdict;
      const verdict = await compute();
      entries.delete(mint);
      // A Map keeps insertion order: the first key is the oldest.
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(mint, { verdict, until: now() + VERDICT_TTL_MS });
      return verdict;
    },
    /** This process shows a change it made at once (other instances within VERDICT_TTL_MS). */
    forget(mint: string) {
      entries.delete(mint);
    },
  };
}
