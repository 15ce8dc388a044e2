import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { loopbackUrl } from './loopback';

/**
 * An integrator's webhook endpoint, on 127.0.0.1: it checks every request with the Standard
 * Webhooks library's own `verify` (as docs/webhooks.md tells integrators to) and answers the
 * statuses it is told to, in turn (200 once they run out).
 */
export type ReceivedWebhook = {
  id: string;
  headers: Record<string, string>;
  body: string;
  verified: boolean;
  payload: unknown;
  status: number;
  at: number;
};

export const WEBHOOK_TEST_SECRET = `whsec_${Buffer.from('orx-webhook-test-secret-32-bytes').toString('base64')}`;

export async function startWebhookReceiver(secret = WEBHOOK_TEST_SECRET, port = 0) {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  /** Decides the answer to a verified request before the queue does (undefined: the queue's turn). */
  let rule: (payload: unknown) => number | undefined = () => undefined;
  const verifier = new Webhook(secret);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      let payload: unknown = null;
      let verified = false;
      try {
        payload = verifier.verify(body, headers);
        verified = true;
      } catch {
        verified = false;
      }
      const status = verified ? (rule(payload) ?? answers.shift() ?? 200) : 400;
      received.push({ id: headers['webhook-id'] ?? '', headers, body, verified, payload, status, at: Date.now() });
      response.writeHead(status, status >= 300 && status < 400 ? { location: '/elsewhere' } : {}).end();
    });
  });
  await listenWhenFree(server, port);
  return {
    url: `${loopbackUrl(server)}/hooks/orx`,
    received,
    /** The next answers, in order (then 200). */
    answer: (...statuses: number[]) => answers.push(...statuses),
    answerBy: (decide: (payload: unknown) => number | undefined) => {
      rule = decide;
    },
    verify: (body: string, headers: Record<string, string>) => verifier.verify(body, headers),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A fixed port is the one address a running shop sends to: another copy of the same test (under
 * `--repeat-each`, on the other worker) may hold it, so this one waits for it to be let go.
 */
async function listenWhenFree(server: http.Server, port: number, waitMs = 90_000) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        const refused = (error: Error) => {
          server.off('listening', listening);
          reject(error);
        };
        const listening = () => {
          server.off('error', refused);
          resolve();
        };
        server.once('error', refused).once('listening', listening).listen(port, '127.0.0.1');
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0 || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
