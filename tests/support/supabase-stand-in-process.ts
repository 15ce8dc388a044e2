import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/**
 * Starts supabase-stand-in-server.ts in a process of its own and controls it: the Supabase a set
 * of production servers share in e2e/instances.spec.ts and the two-instance load test.
 */

export const STAND_IN_KEYS = { anon: 'stand-in-anon-key', serviceRole: 'stand-in-service-role-key' };

export type SupabaseStandIn = {
  /** One base URL per front, each to give one server instance as SUPABASE_URL. */
  urls: string[];
  /** The Supabase settings of the server that uses front `front`. */
  settings(front: number): Record<string, string>;
  setOutage(on: boolean): Promise<void>;
  /** Every REST request is answered this much later (0: at once). */
  setDelay(ms: number): Promise<void>;
  /** The RPC calls each front has answered, by function name. */
  calls(): Promise<Record<string, number>[]>;
  stop(): void;
};

/** The repository: the tests and scripts that start it run from there. */
const root = process.cwd();

export async function startSupabaseStandIn(fronts: number): Promise<SupabaseStandIn> {
  // The react-server condition lets it import the shop's server modules (`server-only`).
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', path.join(root, 'tests/support/supabase-stand-in-server.ts'), String(fronts)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const urls = await new Promise<string[]>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { urls: string[] }).urls));
    child.once('exit', (code) => reject(new Error(`The Supabase stand-in ended (${code}) before it listened`)));
  });
  const control = (pathname: string, init?: RequestInit) => fetch(`${urls[0]}/__stand-in/${pathname}`, init);
  return {
    urls,
    settings: (front) => ({
      SUPABASE_URL: urls[front]!,
      SUPABASE_ANON_KEY: STAND_IN_KEYS.anon,
      SUPABASE_SERVICE_ROLE_KEY: STAND_IN_KEYS.serviceRole,
    }),
    setOutage: async (on) => {
      await control(`outage?on=${on ? 1 : 0}`, { method: 'POST' });
    },
    setDelay: async (ms) => {
      await control(`delay?ms=${ms}`, { method: 'POST' });
    },
    calls: async () => (await (await control('calls')).json()) as Record<string, number>[],
    stop: () => {
      child.kill('SIGTERM');
    },
  };
}
