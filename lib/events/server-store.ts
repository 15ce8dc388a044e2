import 'server-only';
import { storeOf } from '@/lib/db/stores';
import { createEmbeddedOrderEventStore } from './embedded-store';
import type { OrderEventStore } from './store';
import { createSupabaseOrderEventStore } from './supabase-store';

/** This server's store of the order events waiting for delivery. */
export const orderEventStore = (): OrderEventStore => storeOf('events', { supabase: createSupabaseOrderEventStore, embedded: createEmbeddedOrderEventStore });
