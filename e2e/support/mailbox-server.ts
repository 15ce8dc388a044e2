import http from 'node:http';
import type { AddressObject } from 'mailparser';
import { startSmtpReceiver } from '../../tests/support/smtp-receiver';
import { MAILBOX_PORT, SMTP_PORT } from './servers';
import type { ReceivedMail } from './mailbox';

/**
 * Run by playwright.config.ts as a web server: the mail server the storefront shop sends to, and
 * `GET /messages?to=address` answering what it received for that address (JSON, oldest first).
 */

const addresses = (to: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(to) ? to : to ? [to] : []).flatMap((object) => object.value.map((mailbox) => mailbox.address?.toLowerCase()));

async function main() {
  const smtp = await startSmtpReceiver(SMTP_PORT);
  http
    .createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://mailbox');
      if (url.pathname === '/health') return void response.end('ok');
      if (url.pathname !== '/messages') return void response.writeHead(404).end();
      const to = url.searchParams.get('to')?.toLowerCase();
      const messages: ReceivedMail[] = smtp.messages
        .filter((message) => to !== undefined && addresses(message.to).includes(to))
        .map((message) => ({
          subject: message.subject ?? '',
          text: message.text ?? '',
          html: typeof message.html === 'string' ? message.html : '',
          headers: Object.fromEntries(message.headerLines.map((header) => [header.key, header.line])),
        }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
    })
    .listen(MAILBOX_PORT, '127.0.0.1', () => console.log(`Mailbox: SMTP on ${SMTP_PORT}, messages on ${MAILBOX_PORT}`));
}

void main();
