import 'server-only';
import type { NextRequest } from 'next/server';
import { adminSessionOf } from '@/lib/auth/request-session';
import { parseTrustedProxyHops } from '@/lib/config';
import { seenClientAddress } from '@/lib/http/client-address';
import { signedInWallet } from '@/lib/sign-in/routes';
import { can } from '@/lib/staff/roles';
import type { Canceller } from './settle';

/**
 * Who a cancel request comes from, read from its cookies: the buyer's wallet session, and a member
 * of staff signed in with password and second factor whose role handles orders (lib/staff/roles.ts).
 */
export async function cancellerOf(request: NextRequest): Promise<Canceller> {
  const [wallet, session] = await Promise.all([signedInWallet(request.cookies), adminSessionOf(request.cookies)]);
  const staff =
    session && can(session.role, 'orders')
      ? { id: session.staffId, name: session.name, address: seenClientAddress(request.headers, parseTrustedProxyHops()) }
      : null;
  return { wallet, staff };
}
