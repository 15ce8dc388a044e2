import 'server-only';
import { checkAdminCredentialsAtStart } from '@/lib/auth/startup';
import { checkConfigAtStart } from '@/lib/config';
import { checkDeliveryConfigAtStart } from '@/lib/events/config';
import { checkPaymentsConfigAtStart, checkUsdcMintAtStart } from '@/lib/checkout/server/startup';
import { stepUpSeconds } from '@/lib/second-factor/step-up';

/**
 * The server's start-up check: a server with a malformed setting, without a usable admin login,
 * or with payment settings that cannot work, stops and says why, naming the variable.
 */
export async function exitUnlessConfigured(): Promise<void> {
  try {
    checkConfigAtStart();
    await checkAdminCredentialsAtStart();
    checkPaymentsConfigAtStart();
    await checkUsdcMintAtStart();
    checkDeliveryConfigAtStart();
    stepUpSeconds();
  } catch (error) {
    console.error(`ORX cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
