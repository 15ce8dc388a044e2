import { describe, expect, it, vi } from 'vitest';
import { createWalletUiStore } from '@/lib/wallet/ui-store';
import { PURCHASE_WATCH } from '../support/purchase-fixtures';

const watch = PURCHASE_WATCH;
const runtime = { name: 'runtime' };

describe('the store between the wallet seams and the lazily loaded wallet runtime', () => {
  it('loads the runtime once, however often it is asked, and tells its subscribers', async () => {
    const importRuntime = vi.fn(async () => runtime);
    const store = createWalletUiStore(importRuntime);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getSnapshot()).toMatchObject({ status: 'idle', runtime: null });
    const first = store.load();
    expect(store.getSnapshot().status).toBe('loading');
    await Promise.all([first, store.load()]);
    expect(importRuntime).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', runtime });
    expect(listener).toHaveBeenCalled();
  });

  it('a Buy button opens the purchase for its watch and loads the runtime', async () => {
    const importRuntime = vi.fn(async () => runtime);
    const store = createWalletUiStore(importRuntime);
    store.requestPurchase(watch, 150);
    expect(store.getSnapshot().purchase).toEqual({ watch, usdPerSol: 150 });
    await store.load();
    expect(importRuntime).toHaveBeenCalledTimes(1);
    store.closePurchase();
    expect(store.getSnapshot().purchase).toBeNull();
  });

  it('never opens a purchase for a sold-out watch', () => {
    const importRuntime = vi.fn(async () => runtime);
    const store = createWalletUiStore(importRuntime);
    store.requestPurchase({ ...watch, available: false }, 150);
    expect(store.getSnapshot().purchase).toBeNull();
    expect(importRuntime).not.toHaveBeenCalled();
  });

  it('hands a wallet-modal request made before the runtime loaded to the runtime once', async () => {
    const store = createWalletUiStore(async () => runtime);
    expect(store.takeWalletModalRequest()).toBe(false);
    store.requestWalletModal();
    await store.load();
    expect(store.takeWalletModalRequest()).toBe(true);
    expect(store.takeWalletModalRequest()).toBe(false);
  });

  it('tries again after a failed load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const importRuntime = vi.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce(runtime);
    const store = createWalletUiStore(importRuntime);
    await store.load();
    expect(store.getSnapshot().status).toBe('failed');
    await store.load();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', runtime });
    expect(importRuntime).toHaveBeenCalledTimes(2);
  });

  it('a prefetch fetches the runtime without showing it, and the press that follows uses that fetch', async () => {
    const importRuntime = vi.fn(async () => runtime);
    const store = createWalletUiStore(importRuntime);
    const listener = vi.fn();
    store.subscribe(listener);
    store.prefetch();
    store.prefetch();
    await new Promise((settled) => setTimeout(settled));
    expect(importRuntime).toHaveBeenCalledTimes(1);
    // Nothing the page shows has changed: the control under the pointer stays the same element.
    expect(store.getSnapshot()).toMatchObject({ status: 'idle', runtime: null });
    expect(listener).not.toHaveBeenCalled();

    store.requestWalletModal();
    await store.load();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', runtime, modalRequested: true });
    expect(importRuntime).toHaveBeenCalledTimes(1);
  });

  it('a failed prefetch is fetched again by the press that needs it', async () => {
    const importRuntime = vi.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce(runtime);
    const store = createWalletUiStore(importRuntime);
    store.prefetch();
    await new Promise((settled) => setTimeout(settled));
    await store.load();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', runtime });
    expect(importRuntime).toHaveBeenCalledTimes(2);
  });
});
