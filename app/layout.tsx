import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { PressesBeforeHydration } from '@/components/layout/presses-before-hydration';
import { siteUrl } from '@/lib/config';
import { serif } from './fonts';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: siteUrl(),
  title: { default: 'ORX · Swiss blockchain timepieces', template: '%s · ORX' },
  description:
    'Luxury watches from seventeen maisons, each sold with an NFT certificate of authenticity on Solana. Pay with SOL, no KYC, worldwide shipping.',
  applicationName: 'ORX',
};

export const viewport: Viewport = {
  themeColor: '#0b0b0d',
  colorScheme: 'dark',
};

/**
 * Every page is rendered per request, never served as prerendered HTML: Next.js can then put the
 * request's Content-Security-Policy nonce on each of its inline scripts (docs/csp.md says what
 * this costs). A prerendered page, or a prerendered shell, carries scripts without one.
 */
export const instant = false;

export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en" className={serif.variable}>
      <head>
        <PressesBeforeHydration />
      </head>
      <body className="min-h-dvh">{children}</body>
    </html>
  );
}
