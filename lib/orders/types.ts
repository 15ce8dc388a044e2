/** The order webhook data of SPEC §3, as the shop stores it (DESIGN: Data). */
export type OrderInput = {
  wallet: string;
  txHash: string;
  usdAmount: number;
  solAmount: number;
  name: string;
  phone: string;
  email: string;
  address: string;
  watch: { id: string; brand: string; model: string };
};

export const ORDER_STATUSES = ['paid', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type Order = Omit<OrderInput, 'watch'> & {
  id: string;
  /** The watch as it was sold; its id is null once the watch has left the catalogue. */
  watch: { id: string | null; brand: string; model: string };
  status: OrderStatus;
  createdAt: string;
};
