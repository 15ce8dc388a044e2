import type { NextRequest } from 'next/server';
import { logIn, logOut } from '@/lib/admin/session-routes';
import { createLoginThrottle } from '@/lib/auth/login-throttle';
import { getStores } from '@/lib/shop/stores';

/** Admin login and logout; outside /api/admin, where every route needs a session. */
export async function POST(request: NextRequest) {
  return logIn(request, createLoginThrottle(getStores().throttle));
}

export async function DELETE(request: NextRequest) {
  return logOut(request);
}
