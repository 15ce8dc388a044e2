/** What an order e-mail says: built by lib/email/messages.ts, shown by the OrderEmail template. */

export type EmailDetail = { label: string; value: string; href?: string };

export type EmailContent = {
  subject: string;
  /** The line mail clients show after the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  details: EmailDetail[];
  /** Why the recipient is written to, and how to stop it; the order e-mails' line when absent. */
  footer?: { text: string; link?: { label: string; href: string } };
};
