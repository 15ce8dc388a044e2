import { isSimulatedOrder, STATUS_LABELS } from '@/lib/orders/fulfilment';
import { orderView } from '@/lib/orders/order-view';
import type { Order } from '@/lib/orders/types';

/**
 * The admin list as CSV (RFC 4180: comma-separated, CRLF lines, quoted where needed). A buyer
 * writes the name, e-mail and address, so a cell a spreadsheet would read as a formula (one
 * starting with = + - @, a tab or a carriage return) is prefixed with ' (OWASP's CSV injection
 * advice): it then opens as the text the buyer typed, never runs.
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

const COLUMNS: readonly [string, (order: Order) => string][] = [
  ['Order', (order) => order.id],
  ['Placed (UTC)', (order) => order.createdAt],
  ['Status', (order) => STATUS_LABELS[order.status]],
  ['Simulated', (order) => (isSimulatedOrder(order) ? 'yes' : 'no')],
  ['Name', (order) => order.name],
  ['Email', (order) => order.email],
  ['Phone', (order) => order.phone],
  ['Address', (order) => order.address],
  ['Brand', (order) => order.watch.brand],
  ['Model', (order) => order.watch.model],
  ['SOL', (order) => String(order.solAmount)],
  ['USD', (order) => order.usdAmount.toFixed(2)],
  ['Paid in', (order) => order.currency],
  ['Amount paid', (order) => orderView(order).amount],
  ['Wallet', (order) => order.wallet ?? ''],
  ['Transaction', (order) => order.txHash ?? ''],
  ['Certificate mint', (order) => order.certificateMint ?? ''],
  ['Tracking reference', (order) => order.trackingReference ?? ''],
  ['Refund due', (order) => (order.refundDue ? 'yes' : 'no')],
  ['Refund note', (order) => order.refundNote ?? ''],
];

export const CSV_HEADER = csvLine(COLUMNS.map(([title]) => title));

export function orderCsvLine(order: Order): string {
  return csvLine(COLUMNS.map(([, cell]) => cell(order)));
}
