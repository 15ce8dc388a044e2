import type { NextRequest } from 'next/server';
import { acceptInvitation } from '@/lib/admin/invitation-routes';

/** A new member accepts their invitation with a password; outside /api/admin, which needs a session. */
export async function POST(request: NextRequest) {
  return acceptInvitation(request);
}
