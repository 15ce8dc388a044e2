import type { NextRequest } from 'next/server';
import { lookUpInvitation } from '@/lib/admin/invitation-routes';

/** Who an invitation link is for, sent in the body: the token never appears in an address. */
export async function POST(request: NextRequest) {
  return lookUpInvitation(request);
}
