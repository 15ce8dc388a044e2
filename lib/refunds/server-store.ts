import 'server-only';
import { storeOf } from '@/lib/db/stores';
import { createEmbeddedRefundStore } from './embedded-store';
import type { RefundStore } from './store';
import { createSupabaseRefundStore } from './supabase-store';

/** This server's store of the refunds. */
export const refundStore = (): RefundStore => storeOf('refunds', { supabase: createSupabaseRefundStore, embedded: createEmbeddedRefundStore });
