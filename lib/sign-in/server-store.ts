import 'server-only';
import { storeOf } from '@/lib/db/stores';
import { createEmbeddedSignInNonceStore } from './embedded-store';
import type { SignInNonceStore } from './store';
import { createSupabaseSignInNonceStore } from './supabase-store';

/** This server's store of the wallet sign-in nonces. */
export const signInNonceStore = (): SignInNonceStore => storeOf('sign-in', { supabase: createSupabaseSignInNonceStore, embedded: createEmbeddedSignInNonceStore });
