import http from 'node:http';
import { listenOnLoopback } from './loopback';

/**
 * A stand-in for the SOL price service of SPEC §7 (which these machines cannot reach), on
 * 127.0.0.1. It answers GET /price like Twelve Data ({"price": "…"}); the test decides the price,
 * can make it fail or answer late, and counts the calls.
 */
export type PriceStandIn = {
  url: string;
  calls: URLSearchParams[];
  /** The answer of the next calls: a price, a raw body, or a failure status. */
  answer: { price: number } | { body: unknown } | { status: number };
  delayMs: number;
  /** Keeps every answer back until releaseAnswers(): a service slow for exactly as long as the test says. */
  holdAnswers(): void;
  releaseAnswers(): void;
  close(): Promise<void>;
};

export async function startPriceStandIn(price: number, port = 0): Promise<PriceStandIn> {
  let released: Promise<void> = Promise.resolve();
  let release = () => {};
  const standIn: Omit<PriceStandIn, 'url' | 'close'> = {
    calls: [],
    answer: { price },
    delayMs: 0,
    holdAnswers: () => {
      released = new Promise((resolve) => (release = resolve));
    },
    releaseAnswers: () => release(),
  };
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname !== '/price') {
      response.writeHead(url.pathname === '/health' ? 200 : 404).end();
      return;
    }
    standIn.calls.push(url.searchParams);
    await released;
    setTimeout(() => {
      const { answer } = standIn;
      if ('status' in answer) {
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end('{"status":"error"}');
        return;
      }
      const body = 'price' in answer ? { price: answer.price.toFixed(5) } : answer.body;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }, standIn.delayMs);
  });
  const url = await listenOnLoopback(server, port);
  return Object.assign(standIn, {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}
