import type { EmailContent, EmailDetail } from '@/components/email/email-content';
import type { AlertKind, ClaimedAlert } from './types';

/**
 * What each watchlist e-mail says (docs/watchlist.md): the confirmation, one alert, or a digest of
 * the alerts past a day's share. The shop's e-mail template lays it out.
 */

/** The links of one watcher's e-mail. */
export type AlertLinks = { site: URL; confirm: string; unsubscribe: string };

type Snapshot = Record<string, unknown>;
const text = (snapshot: Snapshot, key: string) => (typeof snapshot[key] === 'string' ? (snapshot[key] as string) : '');
const watchName = (snapshot: Snapshot) => `${text(snapshot, 'brand')} ${text(snapshot, 'model')}`.trim();
/** 9.500000000 → 9.5, as the shop shows SOL. */
const sol = (value: string) => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
const euros = (value: string) => new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(Number(value));
const link = (site: URL, path: string) => new URL(path, site).toString();
const watchLink = (site: URL, snapshot: Snapshot) => link(site, `/watches/${encodeURIComponent(text(snapshot, 'watchId'))}`);

const HEADINGS: Record<Exclude<AlertKind, 'confirm'>, string> = {
  back_in_stock: 'Back in stock',
  price_drop: 'Price drop',
  new_match: 'New match',
};

/** One alert in a sentence. */
function sentence(alert: ClaimedAlert): string {
  const { snapshot } = alert;
  const price = `${sol(text(snapshot, 'priceSol'))} SOL (${euros(text(snapshot, 'priceEur'))})`;
  switch (alert.kind) {
    case 'back_in_stock':
      return `The ${watchName(snapshot)} you watch can be bought again, at ${price}.`;
    case 'price_drop': {
      const limit = text(snapshot, 'below');
      const reached = limit && Number(text(snapshot, 'priceSol')) <= Number(limit) ? `, at or below your limit of ${sol(limit)} SOL` : '';
      return `The ${watchName(snapshot)} you watch is now ${price}, down from ${sol(text(snapshot, 'wasSol'))} SOL${reached}.`;
    }
    default:
      return `The ${watchName(snapshot)}, at ${price}, is new and matches your saved search “${text(snapshot, 'label')}”.`;
  }
}

function alertDetails(alert: ClaimedAlert, site: URL): EmailDetail[] {
  const details: EmailDetail[] = [{ label: HEADINGS[alert.kind as keyof typeof HEADINGS], value: watchName(alert.snapshot), href: watchLink(site, alert.snapshot) }];
  if (alert.kind === 'new_match') details.push({ label: 'Your search', value: text(alert.snapshot, 'label'), href: link(site, text(alert.snapshot, 'path')) });
  return details;
}

const alertFooter = (links: AlertLinks): EmailContent['footer'] => ({
  text: 'You receive this e-mail because you asked ORX to tell you. One press stops every alert and deletes your address:',
  link: { label: 'Unsubscribe', href: links.unsubscribe },
});

function confirmation(alert: ClaimedAlert, links: AlertLinks): EmailContent {
  const asked =
    alert.snapshot.kind === 'search'
      ? `when a new watch matches the search “${text(alert.snapshot, 'label')}”`
      : `when the ${watchName(alert.snapshot)} is available again, or its price drops`;
  return {
    subject: 'Confirm your ORX alerts',
    preview: `Confirm, and we will tell you ${asked}.`,
    heading: 'Confirm your alerts',
    paragraphs: [
      `Someone, we hope you, asked ORX to e-mail this address ${asked}.`,
      'Open the link below and press Confirm. If you did not ask, ignore this e-mail: nothing else is sent, and we forget the address in 48 hours.',
    ],
    details: [{ label: 'Confirm', value: 'Confirm my alerts', href: links.confirm }],
    footer: { text: 'You receive this e-mail because this address was given to ORX for alerts.', link: { label: 'Never write to me', href: links.unsubscribe } },
  };
}

/** The e-mail of these alerts of one watcher: a confirmation, one alert, or a digest of several. */
export function alertEmailContent(alerts: ClaimedAlert[], links: AlertLinks): EmailContent {
  const [first] = alerts;
  if (!first) throw new Error('An e-mail needs at least one alert');
  if (first.kind === 'confirm') return confirmation(first, links);
  if (alerts.length === 1) {
    const heading = `${HEADINGS[first.kind]}: ${watchName(first.snapshot)}`;
    return {
      subject: heading,
      preview: sentence(first),
      heading,
      paragraphs: [sentence(first)],
      details: alertDetails(first, links.site),
      footer: alertFooter(links),
    };
  }
  return {
    subject: `Your ORX alerts: ${alerts.length} updates`,
    preview: sentence(first),
    heading: 'Your alerts of the day',
    paragraphs: ['More happened than we write about one by one in a day, so here it is together.', ...alerts.map(sentence)],
    details: alerts.flatMap((alert) => alertDetails(alert, links.site)),
    footer: alertFooter(links),
  };
}
