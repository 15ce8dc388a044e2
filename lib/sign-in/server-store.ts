import 'server-only';
import { embeddedFunctions, supabaseFunctions } from '@/lib/db/functions';
import { storeOf } from '@/lib/db/stores';
import { createEmbeddedSignInNonceStore } from './embedded-store';
import type { SignInNonceStore } from './store';
import { createSupabaseSignInNonceStore } from './supabase-store';
import { createWalletSessionStore, type WalletSessionStore } from './wallet-session-store';

/** This server's store of the wallet sign-in nonces. */
export const signInNonceStore = (): SignInNonceStore => storeOf('sign-in', { supabase: createSupabaseSignInNonceStore, embedded: createEmbeddedSignInNonceStore });

/** This server's store of the buyers' wallet sessions. */
export const walletSessionStore = (): WalletSessionStore =>
  storeOf('wallet-sessions', {
    supabase: (clients) => createWalletSessionStore(supabaseFunctions(clients)),
    embedded: (database) => createWalletSessionStore(embeddedFunctions(database)),
  });
