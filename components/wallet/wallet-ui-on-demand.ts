import { useSyncExternalStore } from 'react';

type LoadedWalletUi = typeof import('./header-wallet-slot');
type WalletUi = LoadedWalletUi['walletUi'];

/**
 * The wallet UI store (wallet-ui.ts) and the header control that follows it, fetched the first
 * time a wallet seam is used (a pointer or the focus reaching the header's button or a Buy button,
 * a press, the idle auto-connect): with the import of the wallet runtime they hold, they were
 * ~0.6 KB gz of every page's first-load JavaScript (issue 25). The header learns here when any
 * seam has loaded them, to put the loaded control in place of its placeholder.
 */
let loaded: LoadedWalletUi | null = null;
let loading: Promise<LoadedWalletUi> | null = null;
const listeners = new Set<() => void>();

function loadWalletUi(): Promise<LoadedWalletUi> {
  loading ??= import('./header-wallet-slot').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // Tried again on the next use.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Runs `use` with the wallet UI store once it has loaded. */
export function withWalletUi(use: (walletUi: WalletUi) => unknown): void {
  loadWalletUi().then(
    (module) => use(module.walletUi),
    (error: unknown) => console.error('Loading the wallet failed', error),
  );
}

/** Loads the store and, through it, the wallet runtime. */
export const loadWallet = () => withWalletUi((walletUi) => walletUi.load());

/** The loaded header control, once any seam has loaded it. */
export function useLoadedWalletUi(): LoadedWalletUi | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
    () => null,
  );
}
