import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { copyRunImage, ensureRunImage } from './run-image';
import { answers, READY_PORT_VAR, SERVERS_VAR, serversStoppedReport, waitForServer, type E2eServer } from './servers';

/**
 * Starts the e2e run's servers side by side (`npx tsx e2e/support/start-servers.ts`, Playwright's
 * one `webServer`), and answers 200 at the ready address once every one of them answers, but the
 * ones whose specs wait for them (`startsBesideTests`: the 10,000-watch catalogue's shop, the last
 * to answer, used by one spec).
 *
 * Playwright starts the entries of a `webServer` list one after another, each once the one before
 * it answers, so the run waited for the sum of their starts (the 10,000-watch catalogue alone is
 * generated before its shop opens). Here each starts at once, or once the server it needs answers
 * (`after`), and the run waits for the slowest. As with Playwright's own list: a server already
 * answering at an address stops the run (it would be tested in place of this build), and any server
 * that exits stops every other one. Stopping ends the launcher's whole process group, as Playwright
 * ends it after the run: the servers themselves, not only the shells and npx wrappers that started
 * them. Servers left behind by their launcher stopped answering at their next line of output (it
 * went to a closed pipe). Why the servers stopped is written to the run's folder; the global
 * teardown fails the run with it (e2e/support/global-teardown.ts), at the end of the log.
 *
 * The shops' data folders are copies of one image (e2e/support/run-image.ts), made once, as a shop
 * finds its folder after a restart. Each folder cost initdb and every migration, CPU the shops
 * starting side by side took from one another; a first start inside a shop's server is still what
 * checkout-back-office.spec.ts's restarted shop goes through.
 */

const launcherStarted = performance.now();

function relay(stream: NodeJS.ReadableStream, name: string, to: NodeJS.WriteStream, onLine?: (line: string) => void) {
  let rest = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      to.write(`[${name}] ${line}\n`);
      onLine?.(line);
    }
  });
}

/** Each server's last lines of error output, for the report of why the servers stopped. */
const lastLines = new Map<string, string[]>();
const KEPT_LINES = 20;

function keep(name: string, line: string) {
  const lines = lastLines.get(name) ?? [];
  lines.push(line);
  if (lines.length > KEPT_LINES) lines.shift();
  lastLines.set(name, lines);
}

function writeStopReport(report: string) {
  const file = serversStoppedReport();
  if (file) fs.writeFileSync(file, `${report}\n`);
}

/** Ends every process this launcher started, at any depth, and the launcher: its process group. */
function stopAll(why?: { server: string; reason: string }): never {
  if (why) {
    const seconds = ((performance.now() - launcherStarted) / 1000).toFixed(1);
    const report = [`[${why.server}] ${why.reason}, ${seconds} s after the launcher started: the run's servers were stopped.`];
    const lines = lastLines.get(why.server);
    if (lines?.length) report.push(`Its last lines of error output:`, ...lines.map((line) => `  ${line}`));
    process.stderr.write(`${report.join('\n')}\n`);
    writeStopReport(report.join('\n'));
  }
  process.kill(0, 'SIGKILL');
  process.exit(1);
}

function launch(server: E2eServer): ChildProcess {
  const env = { ...process.env, ...server.env };
  delete env[SERVERS_VAR];
  delete env[READY_PORT_VAR];
  const child = spawn(server.command, { shell: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (server.showOutput) relay(child.stdout!, server.name, process.stdout);
  else child.stdout!.resume();
  relay(child.stderr!, server.name, process.stderr, (line) => keep(server.name, line));
  child.once('exit', (code, signal) => stopAll({ server: server.name, reason: `exited (${signal ?? `code ${code}`})` }));
  return child;
}

async function ready(server: E2eServer): Promise<void> {
  if (await waitForServer(server.url, server.timeoutMs)) return;
  const reason = `did not answer at ${server.url} within ${server.timeoutMs} ms`;
  // Its spec waits for it and fails with its own message; the other tests need not stop.
  if (server.startsBesideTests) process.stderr.write(`[${server.name}] ${reason}; its spec waits for it.\n`);
  else stopAll({ server: server.name, reason });
}

/** Every shop's data folder a copy of the run's image, made first unless `npm test` made it already. */
async function makeDataFolders(folders: string[]): Promise<void> {
  if (folders.length === 0) return;
  await ensureRunImage();
  for (const folder of folders) copyRunImage(folder);
}

async function main() {
  const servers = JSON.parse(process.env[SERVERS_VAR] ?? '[]') as E2eServer[];
  const readyPort = Number(process.env[READY_PORT_VAR]);
  for (const server of servers) {
    if (await answers(server.url)) {
      process.stderr.write(`${server.url} (${server.name}) is already used: stop what runs there first.\n`);
      process.exit(1);
    }
  }
  const dataFolders = makeDataFolders([...new Set(servers.flatMap((server) => (server.env?.DATA_DIR ? [server.env.DATA_DIR] : [])))]);
  dataFolders.catch((error: unknown) => {
    stopAll({ server: 'launcher', reason: `could not make the shops' data folders: ${String(error)}` });
  });
  const started = new Map<string, Promise<void>>();
  for (const server of servers) {
    const before = server.after ? started.get(server.after) : undefined;
    if (server.after && !before) throw new Error(`${server.name} starts after ${server.after}, which is not listed before it`);
    started.set(
      server.name,
      (async () => {
        await before;
        if (server.env?.DATA_DIR) await dataFolders;
        launch(server);
        await ready(server);
        process.stderr.write(`[${server.name}] answers, ${((performance.now() - launcherStarted) / 1000).toFixed(1)} s after the launcher started.\n`);
      })(),
    );
  }
  // A server its specs wait for still stops the run if it fails or never answers (`ready`).
  await Promise.all(servers.filter((server) => !server.startsBesideTests).map((server) => started.get(server.name)));
  http.createServer((_request, response) => response.end('ready')).listen(readyPort, '127.0.0.1');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll());

void main();
