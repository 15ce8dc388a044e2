/**
 * The production server the measuring scripts (`npm run bench`, `npm run loadtest`) and the
 * several-instance test (e2e/instances.spec.ts) run against: ORX's server (dist/server.mjs, as
 * `npm start` runs it) on 127.0.0.1 and a free port (or the one given), on a fresh embedded database in a temporary DATA_DIR unless Supabase
 * settings are given, with the local stand-in for the SOL price service (these machines cannot
 * reach the real one) and a throwaway admin login. CATALOGUE_SIZE=10000 adds that many generated
 * watches to the embedded database first (`npm run catalogue:generate`), to measure a dealer's
 * catalogue (issue 34).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../../lib/auth/password';
import { startPriceStandIn } from '../../tests/support/price-stand-in';

/** The repository: every script and test runs from it (npm, Playwright). */
export const root = process.cwd();

/**
 * V8's heap bounds the server runs with, as `npm start` sets them (package.json, README): without
 * them V8 lets its heap grow far past the shop's needs under a crowd before it collects
 * (docs/performance.md).
 */
const SERVER_NODE_OPTIONS = '--max-old-space-size=256 --max-semi-space-size=8';

export type ProductionServer = {
  base: string;
  pid: number;
  /** The throwaway admin login it runs with. */
  admin: { username: string; password: string };
  stop(): Promise<void>;
};

export type ServerOptions = {
  /** Added to the server's environment: Supabase settings, for one. */
  env?: Record<string, string>;
  port?: number;
  /** Receives the server's output instead of this process's own. */
  onOutput?: (text: string) => void;
};

/** How long a stopped server may take to finish its requests before it is killed. */
const STOP_GRACE_MS = 10_000;

export async function startProductionServer(label: string, options: ServerOptions = {}): Promise<ProductionServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `orx-${label}-`));
  const catalogueSize = process.env.CATALOGUE_SIZE;
  if (catalogueSize && !options.env?.SUPABASE_URL) {
    run('npm', ['run', '--silent', 'catalogue:generate', '--', catalogueSize], { DATA_DIR: dataDir });
  }
  const price = await startPriceStandIn(150);
  const port = options.port ?? (await freePorts(1))[0]!;
  const base = `http://127.0.0.1:${port}`;
  const admin = { username: 'bench', password: randomBytes(24).toString('base64url') };
  const server = spawn(process.execPath, [path.join(root, 'dist', 'server.mjs'), '-H', '127.0.0.1', '-p', String(port)], {
    cwd: root,
    env: {
      ...process.env,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD_HASH: await hashPassword(admin.password),
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir,
      PRICE_API_URL: price.url,
      NODE_OPTIONS: `${SERVER_NODE_OPTIONS} ${process.env.NODE_OPTIONS ?? ''}`.trim(),
      NEXT_TELEMETRY_DISABLED: '1',
      ...options.env,
    },
    stdio: ['ignore', options.onOutput ? 'pipe' : 'inherit', options.onOutput ? 'pipe' : 'inherit'],
  });
  if (options.onOutput) {
    server.stdout?.on('data', (chunk: Buffer) => options.onOutput!(chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => options.onOutput!(chunk.toString()));
  }
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      // Next finishes the requests under way before it exits: one waiting on a database that was
      // taken away (instances.spec.ts) would keep the server running after the test.
      server.kill('SIGTERM');
      const force = setTimeout(() => server.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(force);
    }
    await price.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: server.pid!, admin, stop };
}

/** Runs a command in the repository, failing when it fails. */
export function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** The link of the first card on /watches. */
export async function aWatchPage(base: string): Promise<string> {
  const html = await (await fetch(`${base}/watches`)).text();
  const match = /href="(\/watches\/[0-9a-f-]{36})"/.exec(html);
  if (!match) throw new Error('No watch page link found on /watches');
  return match[1]!;
}

/**
 * Resident memory of a process and all its descendants, in MB, from /proc: the server may run
 * parts of the server in child processes, which a shopper's request costs as much as the parent.
 */
export function residentMemoryMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentPid(Number(entry));
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  let kb = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop()!;
    kb += residentKb(current);
    pending.push(...(children.get(current) ?? []));
  }
  return Math.round(kb / 1024);
}

function parentPid(pid: number): number | null {
  try {
    // The command name, in parentheses, may itself hold spaces: the fields after it are fixed.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null; // Ended while the list was read.
  }
}

function residentKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function waitForServer(base: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(base)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer at ${base} within 60 s`);
}

/**
 * Ports nothing listens on now, for servers that must be told their addresses before they start:
 * held open together while the system picks them, so no two are the same.
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes = Array.from({ length: count }, () => net.createServer());
  const ports = await Promise.all(
    probes.map(
      (probe) =>
        new Promise<number>((resolve, reject) => {
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve((probe.address() as net.AddressInfo).port));
        }),
    ),
  );
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}
