/** SPEC §9: Copy Address in the wallet dropdown confirms for 400 ms. */
export const COPY_CONFIRMATION_MS = 400;

/** SPEC §2/§9: the wallet modal closes 150 ms after Escape or a click on its overlay. */
export const MODAL_CLOSE_DELAY_MS = 150;

/** SPEC §9: a wallet connection that has not finished after 30 s is given up. */
export const WALLET_CONNECT_TIMEOUT_MS = 30_000;

/** Where the wallet adapter remembers the chosen wallet, for auto-connect on the next visit. */
export const WALLET_NAME_STORAGE_KEY = 'walletName';

/** Whether this browser chose a wallet before, so auto-connect has something to reconnect. */
export function hasChosenWallet(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return Boolean(storage?.getItem(WALLET_NAME_STORAGE_KEY));
  } catch {
    // Storage can be blocked (private modes, sandboxed frames): then there is nothing to reconnect.
    return false;
  }
}
