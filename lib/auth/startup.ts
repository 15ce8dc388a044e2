import 'server-only';
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
