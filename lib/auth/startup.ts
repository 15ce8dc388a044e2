import type { Environment } from '@/lib/config';
import { resolveAdminCredentials } from './credentials';

/**
 * Run once at server start: production refuses to start without admin credentials (the error
 * names the missing variables); development without them makes some and prints how to log in.
 */
export async function checkAdminCredentialsAtStart(env: Environment = process.env): Promise<void> {
  const { credentials, generated } = await resolveAdminCredentials(env);
  if (!generated) return;
  console.info(
    `\nAdmin login for development (kept in ${generated.file}):\n` +
      `  username: ${credentials.username}\n  password: ${generated.password}\n`,
  );
}

/** The server's start-up check: a server without a usable admin login stops, saying why. */
export async function exitUnlessAdminConfigured(): Promise<void> {
  try {
    await checkAdminCredentialsAtStart();
  } catch (error) {
    console.error(`ORX cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
