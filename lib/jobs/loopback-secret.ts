import 'server-only';
import { randomBytes } from 'node:crypto';

// The loop (bundled with instrumentation.ts) and the route handler are bundled apart, each with its
// own copy of this module: the secret lives on the process, so both see the same one.
const PROCESS_KEY = Symbol.for('orx.background-work.loopback-secret');

/**
 * The secret with which this server's own loop calls `POST /api/jobs/settle`: made at random per
 * process, never configured, never sent anywhere but to this process's own address.
 */
export function loopbackSecret(): string {
  const processGlobal = globalThis as { [PROCESS_KEY]?: string };
  processGlobal[PROCESS_KEY] ??= randomBytes(32).toString('hex');
  return processGlobal[PROCESS_KEY];
}
