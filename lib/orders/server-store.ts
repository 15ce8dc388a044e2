import 'server-only';
import { storeOf } from '@/lib/db/stores';
import { createEmbeddedOrderStore } from './embedded-store';
import type { OrderStore } from './store';
import { createSupabaseOrderStore } from './supabase-store';

/** This server's store of the orders. */
export const orderStore = (): OrderStore => storeOf('orders', { supabase: createSupabaseOrderStore, embedded: createEmbeddedOrderStore });
