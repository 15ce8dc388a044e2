import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { answers, READY_PORT_VAR, SERVERS_VAR, type E2eServer } from '../../e2e/support/servers';
import { freePorts } from '../../scripts/support/production-server';
import { TSX } from '../support/tsx-binary';

/**
 * The e2e run's launcher (e2e/support/start-servers.ts), started as Playwright starts its web
 * server: behind a shell, in a process group of its own. Its servers here are small Node servers
 * (tests/support/launcher-server.ts), each behind a shell as the run's shops are, so that stopping
 * only the shells would leave them running.
 */

const SERVER = path.join(process.cwd(), 'tests', 'support', 'launcher-server.ts');

let runDir: string;
let launcher: ChildProcess | undefined;

afterEach(() => {
  try {
    if (launcher?.pid) process.kill(-launcher.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  launcher = undefined;
  fs.rmSync(runDir, { recursive: true, force: true });
});

function server(name: string, port: number, env: Record<string, string> = {}, more: Partial<E2eServer> = {}): E2eServer {
  return { name, command: `${TSX} ${SERVER}`, url: `http://127.0.0.1:${port}/`, timeoutMs: 30_000, env: { PORT: String(port), ...env }, ...more };
}

function launch(servers: E2eServer[], readyPort: number) {
  runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-launcher-'));
  launcher = spawn(`${TSX} e2e/support/start-servers.ts`, {
    shell: true,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, [SERVERS_VAR]: JSON.stringify(servers), [READY_PORT_VAR]: String(readyPort), ORX_E2E_RUN_DIR: runDir },
  });
  const exited = new Promise<void>((resolve) => launcher!.once('exit', () => resolve()));
  return { exited };
}

describe('the e2e launcher', () => {
  it('stops every server, not only the shells that started them, when one exits, and writes why for the run to report', async () => {
    const [steadyPort, failingPort, readyPort] = (await freePorts(3)) as [number, number, number];
    const { exited } = launch([server('steady', steadyPort), server('failing', failingPort)], readyPort);

    await expect.poll(() => answers(`http://127.0.0.1:${readyPort}/`), { timeout: 20_000 }).toBe(true);
    expect(await answers(`http://127.0.0.1:${steadyPort}/`)).toBe(true);
    await fetch(`http://127.0.0.1:${failingPort}/exit`).catch(() => null);
    await exited;

    await expect.poll(() => answers(`http://127.0.0.1:${steadyPort}/`), { message: 'the steady server is stopped too', timeout: 5_000 }).toBe(false);
    const report = fs.readFileSync(path.join(runDir, 'servers-stopped.txt'), 'utf8');
    expect(report).toMatch(/^\[failing\] exited \(code 3\), [\d.]+ s after the launcher started: the run's servers were stopped\./);
    expect(report).toContain(`  listening on ${failingPort}\n  giving up`);
  }, 40_000);

  it('keeps the run going when a server its spec waits for misses its bound', async () => {
    const [steadyPort, latePort, readyPort] = (await freePorts(3)) as [number, number, number];
    launch([server('steady', steadyPort), server('late', latePort, { NO_LISTEN: '1' }, { timeoutMs: 1_000, startsBesideTests: true })], readyPort);

    await expect.poll(() => answers(`http://127.0.0.1:${readyPort}/`), { timeout: 20_000 }).toBe(true);
    // Past the late server's bound, with time for the launcher to act on it.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(launcher!.exitCode).toBeNull();
    expect(await answers(`http://127.0.0.1:${steadyPort}/`)).toBe(true);
    expect(fs.existsSync(path.join(runDir, 'servers-stopped.txt'))).toBe(false);
  }, 40_000);
});
