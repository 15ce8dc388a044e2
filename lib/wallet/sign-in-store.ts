/**
 * Between the "Sign in with your wallet" button of /orders and the wallet runtime, which is loaded
 * on demand and does the signing: the button asks, the runtime answers. A plain external store in
 * a module of its own, so the listing pages, which never sign in, do not carry it.
 */
export type SignInState =
  | { status: 'idle' }
  /** Asked for: the runtime connects the wallet if needed, then signs. */
  | { status: 'requested' }
  | { status: 'signing' }
  | { status: 'signed-in'; wallet: string }
  | { status: 'failed'; message: string };

export function createSignInStore() {
  let state: SignInState = { status: 'idle' };
  const listeners = new Set<() => void>();
  const set = (next: SignInState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => state,
    set,
    request: () => set({ status: 'requested' }),
  };
}

export const walletSignIn = createSignInStore();
