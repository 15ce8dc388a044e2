import 'server-only';
import type { WatcherCounts } from '@/lib/watchlist/types';
import { csvDownload, type CsvColumns } from './csv';

/** How many people watch each piece and each brand (issue 52): counts only, never an address. */

type CountRow = { kind: 'Piece' | 'Brand'; watchId: string; brand: string; model: string; watchers: number };

const COLUMNS: CsvColumns<CountRow> = [
  ['Kind', (row) => row.kind],
  ['Watch', (row) => row.watchId],
  ['Brand', (row) => row.brand],
  ['Model', (row) => row.model],
  ['Watchers', (row) => String(row.watchers)],
];

/** The owner's CSV of the counts: every watched piece, then every brand. */
export function watcherCountsCsv(counts: WatcherCounts, now = new Date()): Promise<Response> {
  const rows: CountRow[] = [
    ...counts.pieces.map((piece) => ({ kind: 'Piece' as const, ...piece })),
    ...counts.brands.map((brand) => ({ kind: 'Brand' as const, watchId: '', model: '', ...brand })),
  ];
  // One batch: the counts are already read, one row per watched piece or brand.
  return csvDownload({
    fileName: `orx-watchers-${now.toISOString().slice(0, 10)}.csv`,
    columns: COLUMNS,
    batchSize: rows.length + 1,
    nextBatch: async (previous) => (previous ? [] : rows),
  });
}
