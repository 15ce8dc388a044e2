import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * Real processes for the tests that need several servers or a crash: the production build under
 * ORX's server (dist/server.mjs), started in its own process group, so that a kill reaches the server
 * itself and not only a wrapper, and output is kept for the failure message.
 */

export type RunningProcess = { child: ChildProcess; output: () => string; kill: (signal?: NodeJS.Signals) => Promise<void> };

const root = path.resolve(__dirname, '..', '..');

function start(args: string[], env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          // Already gone.
        }
      }
      await exited;
    },
  };
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, process: RunningProcess, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) throw new Error(`${what} exited:\n${process.output()}`);
    const found = await probe().catch(() => null);
    if (found !== null) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not start in time:\n${process.output()}`);
}

/** The production build served by ORX's server on 127.0.0.1:port, once `readyPath` (by default /api/health) answers 200. */
export async function startShop(port: number, env: Record<string, string>, readyPath = '/api/health') {
  const running = start([path.join(root, 'dist', 'server.mjs'), '-H', '127.0.0.1', '-p', String(port)], {
    NEXT_TELEMETRY_DISABLED: '1',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`The shop on port ${port}`, async () => ((await fetch(`${url}${readyPath}`)).ok ? true : null), running);
  } catch (error) {
    // Not left behind to write into a folder the test removes, or to hold the port.
    await running.kill('SIGKILL');
    throw error;
  }
  return { ...running, url };
}
