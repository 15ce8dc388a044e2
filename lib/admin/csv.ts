/**
 * The admin's CSV downloads (RFC 4180: comma-separated, CRLF lines, quoted where needed). Buyers,
 * staff and the catalogue write the text, so a cell a spreadsheet would read as a formula (one
 * starting with = + - @, a tab or a carriage return) is prefixed with ' (OWASP's CSV injection
 * advice): it then opens as the text that was typed, never runs.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A download's columns: each a title and the cell of a row. */
export type CsvColumns<T> = readonly (readonly [string, (row: T) => string])[];

export const csvHeader = <T>(columns: CsvColumns<T>) => csvLine(columns.map(([title]) => title));
export const csvRow = <T>(columns: CsvColumns<T>, row: T) => csvLine(columns.map(([, cell]) => cell(row)));

/**
 * A whole list as a CSV download, read in batches and streamed, so a long list never sits in
 * memory at once. `nextBatch` reads the batch after the rows it was given (none for the first);
 * a batch shorter than `batchSize` is the last. The first batch is read before answering, so a
 * database that is down gets the usual error answer, not a broken download. UTF-8 with a
 * byte-order mark: spreadsheets then read accents right.
 */
export async function csvDownload<T>({
  fileName,
  columns,
  nextBatch,
  batchSize,
}: {
  fileName: string;
  columns: CsvColumns<T>;
  nextBatch: (previous: readonly T[] | null) => Promise<T[]>;
  batchSize: number;
}): Promise<Response> {
  const encoder = new TextEncoder();
  const lines = (rows: readonly T[]) => rows.map((row) => csvRow(columns, row)).join('');
  let rows = await nextBatch(null);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvHeader(columns)}${lines(rows)}`));
      if (rows.length < batchSize) controller.close();
    },
    async pull(controller) {
      rows = await nextBatch(rows);
      if (rows.length > 0) controller.enqueue(encoder.encode(lines(rows)));
      if (rows.length < batchSize) controller.close();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
  });
}
