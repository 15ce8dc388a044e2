import 'server-only';
import { storeOf } from '@/lib/db/stores';
import { createEmbeddedThrottleStore } from './embedded-store';
import type { ThrottleStore } from './store';
import { createSupabaseThrottleStore } from './supabase-store';

/** This server's store of the request counters of the limits. */
export const throttleStore = (): ThrottleStore => storeOf('throttle', { supabase: createSupabaseThrottleStore, embedded: createEmbeddedThrottleStore });
