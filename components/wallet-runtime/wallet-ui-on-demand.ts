import { useSyncExternalStore } from 'react';

type LoadedWalletUi = typeof import('./header-wallet-slot');
type WalletUi = LoadedWalletUi['walletUi'];

/**
 * The wallet UI store (wallet-ui.ts) and the header control that follows it, fetched the first
 * time a wallet seam is used: with the import of the wallet runtime they hold, they were part of
 * every page's first-load JavaScript (issue 25). A pointer or the focus arriving only
 * fetches the code; a press (or the idle auto-connect) loads it, and the header learns here when
 * it has, to put the loaded control in place of its placeholder. Swapping on the pointer's arrival
 * could replace the button between a press's mousedown and its mouseup, and the press was lost.
 */
let fetching: Promise<LoadedWalletUi> | null = null;
let loaded: LoadedWalletUi | null = null;
const listeners = new Set<() => void>();

function fetchWalletUi(): Promise<LoadedWalletUi> {
  fetching ??= import('./header-wallet-slot').catch((error: unknown) => {
    // Tried again on the next use.
    fetching = null;
    throw error;
  });
  return fetching;
}

/** Runs `use` with the wallet UI store once it has loaded, and lets the header show it. */
export function withWalletUi(use: (walletUi: WalletUi) => unknown): void {
  fetchWalletUi().then(
    (module) => {
      if (!loaded) {
        loaded = module;
        for (const listener of listeners) listener();
      }
      use(module.walletUi);
    },
    (error: unknown) => console.error('Loading the wallet failed', error),
  );
}

/** Loads the store and, through it, the wallet runtime. */
export const loadWallet = () => withWalletUi((walletUi) => walletUi.load());

/** Fetches the store and the wallet runtime without showing either: a wallet control is about to be pressed. */
export const prefetchWallet = () => {
  fetchWalletUi().then(
    (module) => module.walletUi.prefetch(),
    // Reported, and tried again, by the press that needs it.
    () => undefined,
  );
};

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
