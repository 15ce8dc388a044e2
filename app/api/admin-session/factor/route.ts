import type { NextRequest } from 'next/server';
import { factorState } from '@/lib/second-factor/routes';

/** The signed-in member's second factors, and whether this session has given one (issue 36). */
export async function GET(request: NextRequest) {
  return factorState(request);
}
