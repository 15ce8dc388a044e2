import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { copyRunImage, ensureRunImage } from './run-image';
import { answers, READY_PORT_VAR, SERVERS_VAR, waitForServer, type E2eServer } from './servers';

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
 * answering at an address stops the run (it would be tested in place of this build), any server
 * that exits stops every other one, and Playwright ends them all with the launcher's process group.
 *
 * The shops' data folders are copies of one image (e2e/support/run-image.ts), made once, as a shop
 * finds its folder after a restart. Each folder cost initdb and every migration, CPU the shops
 * starting side by side took from one another; a first start inside a shop's server is still what
 * checkout-back-office.spec.ts's restarted shop goes through.
 */

const launcherStarted = performance.now();

function relay(stream: NodeJS.ReadableStream, name: string, to: NodeJS.WriteStream) {
  let rest = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) to.write(`[${name}] ${line}\n`);
  });
}

const children: ChildProcess[] = [];

function stopAll(code: number): never {
  for (const child of children) child.kill('SIGKILL');
  process.exit(code);
}

function launch(server: E2eServer): ChildProcess {
  const env = { ...process.env, ...server.env };
  delete env[SERVERS_VAR];
  delete env[READY_PORT_VAR];
  const child = spawn(server.command, { shell: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  if (server.showOutput) relay(child.stdout!, server.name, process.stdout);
  else child.stdout!.resume();
  relay(child.stderr!, server.name, process.stderr);
  child.once('exit', (code, signal) => {
    process.stderr.write(`[${server.name}] exited (${signal ?? `code ${code}`}): stopping the run's servers.\n`);
    stopAll(1);
  });
  return child;
}

async function ready(server: E2eServer): Promise<void> {
  if (!(await waitForServer(server.url, server.timeoutMs))) {
    process.stderr.write(`[${server.name}] did not answer at ${server.url} within ${server.timeoutMs} ms.\n`);
    stopAll(1);
  }
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
    process.stderr.write(`The shops' data folders could not be made: ${String(error)}\n`);
    stopAll(1);
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

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(0));

void main();
