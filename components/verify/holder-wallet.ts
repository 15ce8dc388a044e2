'use client';

import { useSyncExternalStore } from 'react';
import type { HolderRequest, HolderResult } from '@/lib/certificate/holder-request';
import type { SignInWallet } from '@/lib/wallet/sign-in';

/**
 * Between the holder's buttons on /verify/{mint} (prove, report, clear, confirm a service) and the
 * wallet adapter, which is loaded by import() on the first press and never with the page: a press
 * asks for a connected wallet, the runtime (holder-wallet-runtime.tsx, drawn by HolderWalletHost)
 * connects one (the wallet modal when none was chosen before) and answers. A plain external store,
 * so the buttons, apart in the page, share the one wallet.
 */

type RuntimeModule = typeof import('./holder-wallet-runtime');

export type WalletAnswer = { ok: true; wallet: SignInWallet } | { ok: false; message: string };

/** One press's request for a wallet; `answer` is called once. */
export type WalletAsk = { id: number; answer: (result: WalletAnswer) => void };

type State = { runtime: RuntimeModule | null; ask: WalletAsk | null };

const LOAD_FAILED = 'The wallet could not be loaded. Please check your connection and try again.';
const REPLACED = 'Another request to the wallet took the place of this one.';

const INITIAL: State = { runtime: null, ask: null };
let state = INITIAL;
let nextId = 0;
const listeners = new Set<() => void>();

const set = (change: Partial<State>) => {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
};

let fetching: Promise<RuntimeModule> | null = null;
function fetchRuntime(): Promise<RuntimeModule> {
  fetching ??= import('./holder-wallet-runtime').catch((error: unknown) => {
    // Tried again on the next press.
    fetching = null;
    throw error;
  });
  return fetching;
}

/** Fetches the wallet code without showing anything: a pointer or the focus arrived on a holder's button. */
export const prefetchHolderWallet = () => void fetchRuntime().catch(() => undefined);

/** A connected wallet that can sign, once the holder has chosen and connected one; or why not. */
export async function connectHolderWallet(): Promise<WalletAnswer> {
  let runtime: RuntimeModule;
  try {
    runtime = await fetchRuntime();
  } catch (error) {
    console.error('Loading the wallet failed', error);
    return { ok: false, message: LOAD_FAILED };
  }
  return new Promise<WalletAnswer>((resolve) => {
    state.ask?.answer({ ok: false, message: REPLACED });
    const ask: WalletAsk = {
      id: ++nextId,
      answer: (result) => {
        if (state.ask === ask) set({ ask: null });
        resolve(result);
      },
    };
    set({ runtime, ask });
  });
}

/**
 * A holder's signed request: the wallet connected (loaded on this first press), then
 * signedHolderRequest's challenge, signature and call. Its code (with the SIWS message's) is
 * fetched with the press too, not with the page.
 */
export async function holderRequest<T>(mint: string, request: HolderRequest): Promise<HolderResult<T>> {
  const [connected, signing] = await Promise.all([connectHolderWallet(), import('@/lib/certificate/holder-request').catch(() => null)]);
  if (!connected.ok) return connected;
  if (!signing) return { ok: false, message: LOAD_FAILED };
  return signing.signedHolderRequest<T>(connected.wallet, mint, request);
}

export function useHolderWalletState(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => INITIAL,
  );
}
