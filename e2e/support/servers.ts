/**
 * Where the end-to-end run's servers listen, all on 127.0.0.1: the shop, a second shop whose
 * database cannot be reached (for the error states), a third shop with a database of its own for
 * the admin specs (they change the catalogue, which the storefront specs count), and the
 * stand-in price service.
 */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

// Far from E2E_PORT, so that the neighbouring ports other runs on the machine use stay free.
export const BROKEN_DATABASE_PORT = Number(process.env.E2E_BROKEN_DATABASE_PORT ?? PORT + 1000);
export const BROKEN_DATABASE_URL = `http://127.0.0.1:${BROKEN_DATABASE_PORT}`;

export const ADMIN_SHOP_PORT = Number(process.env.E2E_ADMIN_SHOP_PORT ?? PORT + 3000);
/**
 * Visited as localhost (it still listens on 127.0.0.1 only): passkeys, which the admin specs make
 * and use, are refused by browsers on an IP address.
 */
export const ADMIN_SHOP_URL = `http://localhost:${ADMIN_SHOP_PORT}`;

export const PRICE_SERVICE_PORT = Number(process.env.E2E_PRICE_SERVICE_PORT ?? PORT + 2000);
export const PRICE_SERVICE_URL = `http://127.0.0.1:${PRICE_SERVICE_PORT}`;

/** The SOL/USD rate the stand-in price service answers, so USD values are predictable. */
export const STAND_IN_SOL_PRICE = 150;

/** The local chain (tests/support/local-chain.ts) standing in for Devnet in the checkout specs. */
export const LOCAL_CHAIN_PORT = Number(process.env.E2E_LOCAL_CHAIN_PORT ?? PORT + 4000);
export const LOCAL_CHAIN_URL = `http://127.0.0.1:${LOCAL_CHAIN_PORT}`;

/** A shop taking real payments (MERCHANT_WALLET set) on that chain, with a database of its own. */
export const CHECKOUT_SHOP_PORT = Number(process.env.E2E_CHECKOUT_SHOP_PORT ?? PORT + 5000);
export const CHECKOUT_SHOP_URL = `http://127.0.0.1:${CHECKOUT_SHOP_PORT}`;

/**
 * The shops checkout-back-office.spec.ts starts, kills and starts again, one per parallel worker:
 * repeats of the spec run side by side. Next to the checkout shop's port: a thousand above it is
 * the webhook endpoint below, which the admin project may be running at the same time.
 */
export const restartedShopPort = (parallelIndex: number) => CHECKOUT_SHOP_PORT + 10 + parallelIndex;

/**
 * The shop admin-step-up.spec.ts starts with a step-up of 10 seconds, one per parallel worker: repeats
 * of the spec run side by side, and each changes the shop's price floor.
 */
export const stepUpShopPort = (parallelIndex: number) => ADMIN_SHOP_PORT + 100 + parallelIndex;

/** The operator's webhook endpoint the admin shop sends order events to (admin-order-messages.spec.ts). */
export const ADMIN_WEBHOOK_PORT = Number(process.env.E2E_ADMIN_WEBHOOK_PORT ?? PORT + 6000);
export const ADMIN_WEBHOOK_URL = `http://127.0.0.1:${ADMIN_WEBHOOK_PORT}/hooks/orx`;

/** A shop on a generated catalogue of LARGE_CATALOGUE_SIZE watches (issue 34), with a database of its own. */
export const CATALOGUE_SHOP_PORT = Number(process.env.E2E_CATALOGUE_SHOP_PORT ?? PORT + 7000);
export const CATALOGUE_SHOP_URL = `http://127.0.0.1:${CATALOGUE_SHOP_PORT}`;
/** Generated watches, added to the demo's 40. */
export const LARGE_CATALOGUE_SIZE = 10_000;

/**
 * The run's mail server (e2e/support/mailbox-server.ts): the checkout shop sends its e-mails there,
 * and the specs read what it received over HTTP. One for the run, not one per spec: a spec repeated
 * on both workers at once would start two on the one port the shop sends to.
 */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 25);
export const SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
export const MAILBOX_PORT = Number(process.env.E2E_MAILBOX_PORT ?? PORT + 26);
export const MAILBOX_URL = `http://127.0.0.1:${MAILBOX_PORT}`;

/**
 * Where e2e/support/start-servers.ts answers once every server of the run answers, but the ones
 * whose specs wait for them themselves (`startsBesideTests`).
 */
export const SERVERS_READY_PORT = Number(process.env.E2E_SERVERS_READY_PORT ?? PORT + 8000);
export const SERVERS_READY_URL = `http://127.0.0.1:${SERVERS_READY_PORT}/`;

/** A server of the e2e run, as playwright.config.ts lists them for e2e/support/start-servers.ts. */
export type E2eServer = {
  name: string;
  command: string;
  /** Answers 200 to 403 once the server is ready, as Playwright's own `url` check. */
  url: string;
  env?: Record<string, string | undefined>;
  /** The name of a server listed before it that must answer before this one starts. */
  after?: string;
  timeoutMs: number;
  /** Its standard output is shown too (its errors always are). */
  showOutput?: boolean;
  /**
   * The tests start without waiting for it: the one spec that uses it waits in its `beforeAll`
   * (`waitForServer`), so its start overlaps the other projects' first tests.
   */
  startsBesideTests?: boolean;
};

/** Whether `url` answers 200 to 403, as Playwright's own `url` check counts a server up. */
export async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.status >= 200 && response.status < 404;
  } catch {
    return false;
  }
}

/** Waits until `url` answers (`answers`); false once `timeoutMs` has passed without it. */
export async function waitForServer(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(url))) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}

/** The variables the launcher reads: the servers (JSON) and the ready port. */
export const SERVERS_VAR = 'ORX_E2E_SERVERS';
export const READY_PORT_VAR = 'ORX_E2E_READY_PORT';

/**
 * Where the launcher writes why it stopped the run's servers during the run, in the run's folder;
 * the global teardown fails the run with it. Null outside a Playwright run.
 */
export function serversStoppedReport(): string | null {
  const runDir = process.env.ORX_E2E_RUN_DIR;
  return runDir ? `${runDir}/servers-stopped.txt` : null;
}
