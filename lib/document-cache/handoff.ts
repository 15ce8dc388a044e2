import { randomBytes } from 'node:crypto';

/**
 * A compressed document passed from the proxy to the route that writes it (pages/api/document.ts).
 *
 * Why not answer from the proxy, as the uncompressed documents are: Next.js drops the
 * Content-Encoding of a proxy's (and an App Router route's) response and compresses the body
 * itself, so a body compressed once when kept would be compressed again per response. A Pages
 * Router API route writes to Node's response directly, and Next.js's compression leaves a body
 * with its own Content-Encoding as it is. The proxy rewrites the request to that route with a
 * ticket; the route takes the answer the ticket stands for, once.
 */
export type HandedDocument = {
  headers: [name: string, value: string][];
  body: Buffer;
};

/** The route the proxy rewrites a compressed document's request to. */
export const HANDOFF_PATH = '/api/document';
/** The request header that carries the ticket. */
export const HANDOFF_HEADER = 'x-orx-document-ticket';
/**
 * A ticket whose request never reached the route (the shopper went away in between) is dropped
 * after this long; a rewrite reaches the route within milliseconds.
 */
const TICKET_MS = 10_000;

type Handoffs = Map<string, { document: HandedDocument; at: number }>;

// The proxy and the route are bundled apart, each with its own copy of this module.
const PROCESS_KEY = Symbol.for('orx.document-handoffs');

function handoffs(): Handoffs {
  const processGlobal = globalThis as { [PROCESS_KEY]?: Handoffs };
  processGlobal[PROCESS_KEY] ??= new Map();
  return processGlobal[PROCESS_KEY];
}

/** Keeps `document` for the route, under a ticket no one can guess. */
export function handOver(document: HandedDocument, now = Date.now()): string {
  const pending = handoffs();
  // Oldest first, in the map's order: stop at the first one still in time.
  for (const [ticket, { at }] of pending) {
    if (now - at <= TICKET_MS) break;
    pending.delete(ticket);
  }
  const ticket = randomBytes(18).toString('base64url');
  pending.set(ticket, { document, at: now });
  return ticket;
}

/** The document handed over under `ticket`, once; undefined for any other ticket. */
export function takeOver(ticket: string | string[] | undefined): HandedDocument | undefined {
  if (typeof ticket !== 'string') return undefined;
  const pending = handoffs();
  const found = pending.get(ticket);
  pending.delete(ticket);
  return found?.document;
}
