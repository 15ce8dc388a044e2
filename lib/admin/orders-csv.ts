import { isSimulatedOrder, STATUS_LABELS } from '@/lib/orders/fulfilment';
import { orderView } from '@/lib/orders/order-view';
import type { Order } from '@/lib/orders/types';
import { csvHeader, csvRow, type CsvColumns } from './csv';

/** An order as the CSV exports it: with what its sent refunds gave back, in its currency. */
export type ExportedOrder = Order & { refunded: string };

/** The admin list of orders as CSV (lib/admin/csv.ts). */
export const ORDER_COLUMNS: CsvColumns<ExportedOrder> = [
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
  ['Refunded', (order) => order.refunded],
  ['Wallet', (order) => order.wallet ?? ''],
  ['Transaction', (order) => order.txHash ?? ''],
  ['Certificate mint', (order) => order.certificateMint ?? ''],
  ['Tracking reference', (order) => order.trackingReference ?? ''],
  ['Refund due', (order) => (order.refundDue ? 'yes' : 'no')],
  ['Refund note', (order) => order.refundNote ?? ''],
];

export const CSV_HEADER = csvHeader(ORDER_COLUMNS);

export const orderCsvLine = (order: ExportedOrder) => csvRow(ORDER_COLUMNS, order);
