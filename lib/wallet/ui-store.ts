import type { PurchaseWatch } from '@/lib/catalog/types';

/**
 * What the page's light wallet seams (the header control, the Buy with SOL buttons) share with the
 * wallet runtime, which is loaded later: whether the runtime is there yet, which watch is being
 * bought, and a wallet-modal request made before the runtime arrived. A plain external store, so
 * React reads it with useSyncExternalStore and the page tree never re-mounts when the runtime lands.
 */
export type RuntimeStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** A watch to buy, with the SOL/USD rate the page showed its price at. */
export type PurchaseRequest = { watch: PurchaseWatch; usdPerSol: number };

export type WalletUiState<Runtime> = {
  status: RuntimeStatus;
  runtime: Runtime | null;
  /** What the open purchase dialog is buying. */
  purchase: PurchaseRequest | null;
  /** The shopper asked for the wallet modal before the runtime had loaded. */
  modalRequested: boolean;
};

export type WalletUiStore<Runtime> = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => WalletUiState<Runtime>;
  /** Loads the runtime once and shows it; a failed load is tried again on the next call. */
  load: () => Promise<void>;
  /**
   * Fetches the runtime without showing it (a pointer or the focus on its way to a wallet control).
   * Showing it then would swap the control under a press already begun, and the press would be lost.
   */
  prefetch: () => void;
  requestPurchase: (watch: PurchaseWatch, usdPerSol: number) => void;
  closePurchase: () => void;
  requestWalletModal: () => void;
  /** True once for each request made with requestWalletModal. */
  takeWalletModalRequest: () => boolean;
};

export function createWalletUiStore<Runtime>(importRuntime: () => Promise<Runtime>): WalletUiStore<Runtime> {
  let state: WalletUiState<Runtime> = { status: 'idle', runtime: null, purchase: null, modalRequested: false };
  const listeners = new Set<() => void>();
  let fetching: Promise<Runtime> | null = null;
  let loading: Promise<void> | null = null;

  const set = (change: Partial<WalletUiState<Runtime>>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };

  const fetchRuntime = () => {
    fetching ??= importRuntime().catch((error: unknown) => {
      fetching = null;
      throw error;
    });
    return fetching;
  };

  const load = () => {
    loading ??= fetchRuntime().then(
      (runtime) => set({ status: 'ready', runtime }),
      (error: unknown) => {
        console.error('Loading the wallet failed', error);
        loading = null;
        set({ status: 'failed' });
      },
    );
    if (state.status === 'idle' || state.status === 'failed') set({ status: 'loading' });
    return loading;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    load,
    prefetch() {
      // A failed fetch is reported, and tried again, by the load that needs it.
      fetchRuntime().catch(() => undefined);
    },
    requestPurchase(watch, usdPerSol) {
      if (!watch.available) return;
      set({ purchase: { watch, usdPerSol } });
      void load();
    },
    closePurchase: () => set({ purchase: null }),
    requestWalletModal() {
      set({ modalRequested: true });
      void load();
    },
    takeWalletModalRequest() {
      if (!state.modalRequested) return false;
      set({ modalRequested: false });
      return true;
    },
  };
}
