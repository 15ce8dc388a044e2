import type { NextRequest } from 'next/server';
import { factorAction } from '@/lib/second-factor/routes';

/** Setting up, giving and managing second factors: totp-setup, totp, recovery, passkey-options, passkey, recovery-codes, remove. */
export async function POST(request: NextRequest, { params }: { params: Promise<{ action: string }> }) {
  return factorAction(request, (await params).action);
}
