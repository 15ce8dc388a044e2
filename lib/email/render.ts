import 'server-only';
import { render } from '@react-email/render';
import { createElement } from 'react';
import { OrderEmail } from '@/components/email/order-email';
import type { EmailContent } from '@/components/email/email-content';
import type { ClaimedEvent } from '@/lib/orders/events';
import type { ExplorerCluster } from '@/lib/wallet/explorer';
import { emailContent } from './messages';

export type RenderedEmail = { subject: string; html: string; text: string };

/** The e-mail of one event: its subject, an HTML part and a plain-text part. */
export function renderOrderEmail(event: ClaimedEvent, chain: ExplorerCluster): Promise<RenderedEmail> {
  return renderEmail(emailContent(event, chain));
}

/** Any of the shop's e-mails, in its template. */
export async function renderEmail(content: EmailContent): Promise<RenderedEmail> {
  const element = createElement(OrderEmail, { content });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: content.subject, html, text };
}
