import { checkAdminCredentialsAtStart } from '@/lib/auth/startup';
import { checkPaymentsConfigAtStart } from '@/lib/payments/startup';

/**
 * The server's start-up check: a server without a usable admin login, or with payment settings
 * that cannot work, stops and says why.
 */
export async function exitUnlessConfigured(): Promise<void> {
  try {
    await checkAdminCredentialsAtStart();
    checkPaymentsConfigAtStart();
  } catch (error) {
    console.error(`ORX cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
