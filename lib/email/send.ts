import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AttemptResult, ClaimedEvent } from '@/lib/orders/events';
import type { ExplorerCluster } from '@/lib/wallet/explorer';
import { renderOrderEmail, type RenderedEmail } from './render';

/** `simulatedOrders`: whether a simulated order (SPEC's demo purchase) is e-mailed too; off by default. */
export type MailConfig = { smtpUrl: string; from: string; simulatedOrders: boolean };

/** One pooled connection per SMTP URL and process, made on first use. */
const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({
      url: smtpUrl,
      // The same patience as the webhook: a silent server fails the attempt, it does not hang the worker.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** The domain of MAIL_FROM, for the Message-ID. */
function senderDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'orx.invalid';
}

/**
 * One attempt to e-mail the buyer. The Message-ID is made from the event's id, so a retry is the
 * same message.
 */
export async function sendOrderEmail(config: MailConfig, event: ClaimedEvent, chain: ExplorerCluster): Promise<AttemptResult> {
  return sendEmail(config, { to: event.order.email, id: event.id, message: await renderOrderEmail(event, chain) });
}

/** One message to one address; `id` makes its Message-ID, the same on every retry of it. */
export type OutgoingEmail = { to: string; id: string; message: RenderedEmail; headers?: Record<string, string> };

/**
 * One attempt to send a message. A permanent refusal (5xx) fails at once; anything else is tried
 * again. The error kept for the operator names the code only: a server's text often repeats the
 * recipient's address.
 */
export async function sendEmail(config: MailConfig, { to, id, message, headers }: OutgoingEmail): Promise<AttemptResult> {
  try {
    const info = (await transportFor(config.smtpUrl).sendMail({
      from: config.from,
      // An address object, never a string nodemailer would parse: one message, one recipient.
      to: { name: '', address: to },
      subject: message.subject,
      html: message.html,
      text: message.text,
      messageId: `<${id}@${senderDomain(config.from)}>`,
      headers,
    })) as { response?: string };
    return { outcome: 'delivered', status: smtpCode(info.response) };
  } catch (error) {
    const { responseCode, code } = error as { responseCode?: number; code?: string };
    if (typeof responseCode === 'number') {
      return responseCode >= 500
        ? { outcome: 'failed', status: responseCode, error: `The mail server refused the message for good (${responseCode})` }
        : { outcome: 'retry', status: responseCode, error: `The mail server deferred the message (${responseCode})` };
    }
    return { outcome: 'retry', status: null, error: `Could not reach the mail server${code ? ` (${code})` : ''}` };
  }
}

/**
 * The owner's invitation to a new member of staff: the link to choose a password. Sent once, when
 * the owner invites; a failure is told to the owner, who still has the link to pass on.
 */
export async function sendStaffInvitation(config: MailConfig, invitation: { to: string; name: string; role: string; link: string }): Promise<boolean> {
  const text =
    `Hello ${invitation.name},\n\nYou are invited to the ORX back office as ${invitation.role}.\n` +
    `Choose your password here within 48 hours:\n\n${invitation.link}\n\nIf you did not expect this, ignore this message.\n`;
  try {
    await transportFor(config.smtpUrl).sendMail({
      from: config.from,
      to: { name: '', address: invitation.to },
      subject: 'Your invitation to the ORX back office',
      text,
    });
    return true;
  } catch (error) {
    console.error('The staff invitation was not sent:', (error as { code?: string }).code ?? error);
    return false;
  }
}

function smtpCode(response: string | undefined): number | null {
  const code = Number(response?.slice(0, 3));
  return Number.isInteger(code) && code > 0 ? code : null;
}
