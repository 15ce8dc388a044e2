'use client';

import { useState } from 'react';
import { formatDate } from '@/components/orders/buyer-order-list';
import { buttonClass } from '@/components/ui/button-styles';
import { HolderButton } from './holder-button';
import { useHolderAction } from './use-holder-action';

type Proof = { url: string; wallet: string; provenAt: string; expiresAt: string };
type Shown = { link: string; qr: string | null; expiresAt: string };

/** The proof link's QR code, as an SVG data URL (the qrcode package is fetched with the first proof). */
async function qrOf(link: string): Promise<string | null> {
  try {
    const QRCode = await import('qrcode');
    const svg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  } catch (error) {
    console.error('The proof link’s QR code could not be drawn', error);
    return null;
  }
}

/**
 * "Prove I hold this": the holder's wallet signs, and the server answers a link that shows, for 15
 * minutes, that this wallet held the certificate now: to copy, or to show as a QR code.
 */
export function ProveHolding({ mint }: { mint: string }) {
  const { busy, error, run } = useHolderAction(mint);
  const [shown, setShown] = useState<Shown | null>(null);
  const [copied, setCopied] = useState('');

  async function prove() {
    setShown(null);
    setCopied('');
    const answer = await run<Proof>({ action: 'prove', url: `/api/verify/${encodeURIComponent(mint)}/possession` });
    if (!answer) return;
    const proof = answer.data;
    const link = new URL(proof.url, window.location.origin).href;
    setShown({ link, qr: await qrOf(link), expiresAt: proof.expiresAt });
  }

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Link copied.');
    } catch {
      setCopied('The link could not be copied: select it and copy it.');
    }
  }

  return (
    <div className="space-y-3">
      <HolderButton busy={busy} done="" error={error} errorTestId="possession-error" variant="primary" onPress={() => void prove()}>
        Prove I hold this
      </HolderButton>
      {shown ? (
        <div data-testid="possession-proof" className="space-y-3 rounded-lg border border-ok/40 bg-raised p-4 text-sm">
          <p role="status" className="text-ok">
            Valid for 15 minutes, until <time dateTime={shown.expiresAt}>{formatDate(shown.expiresAt)}</time>
          </p>
          <p className="min-w-0">
            <a href={shown.link} data-testid="possession-link" className="font-mono break-all text-gold underline-offset-4 hover:underline">
              {shown.link}
            </a>
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" onClick={() => void copy(shown.link)} className={buttonClass('secondary')}>
              Copy link
            </button>
            <span role="status" className="text-muted">
              {copied}
            </span>
          </div>
          {shown.qr ? (
            // A data URL drawn here: nothing for next/image to optimise.
            // eslint-disable-next-line @next/next/no-img-element
            <img
              src={shown.qr}
              alt="QR code of the proof link"
              data-testid="possession-qr"
              width={200}
              height={200}
              className="size-50 rounded-lg bg-white p-2"
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
