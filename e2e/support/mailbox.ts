import { expect } from '@playwright/test';
import { MAILBOX_URL } from './servers';

/** An e-mail the run's mail server received (e2e/support/mailbox-server.ts). */
export type ReceivedMail = { subject: string; text: string; html: string; headers: Record<string, string> };

/** An address no other test, repeat or run writes to: each test reads only its own e-mails. */
export function freshAddress(name: string): string {
  return `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function messagesTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${MAILBOX_URL}/messages?${new URLSearchParams({ to: address })}`);
  return (await response.json()) as ReceivedMail[];
}

/**
 * The path and query of the first link to `path` in the e-mails `address` has received, once one
 * has arrived: the shop sends them from its background loop. The test opens it as a path, on the
 * shop under test, where its page has the test's own client address.
 */
export async function linkInMail(address: string, path: string): Promise<string> {
  // In the plain-text part, as html-to-text writes a link: "label [url]".
  const pattern = new RegExp(`https?://[^\\s\\]]+${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\?[^\\s\\]]+`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await messagesTo(address)).map((mail) => mail.text.match(pattern)?.[0]).find(Boolean);
        return link;
      },
      { message: `an e-mail to ${address} linking to ${path}`, timeout: 30_000 },
    )
    .toBeTruthy();
  const found = new URL(link!);
  return found.pathname + found.search;
}
