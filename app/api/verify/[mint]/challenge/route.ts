import { holderChallengeRoute } from '@/lib/certificate/holder-routes';

/** The Sign-In With Solana input a certificate holder's wallet signs for one action (issue 53). */
export async function POST(request: Request, { params }: { params: Promise<{ mint: string }> }) {
  return holderChallengeRoute(request, (await params).mint);
}
