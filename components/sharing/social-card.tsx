import type { ReactNode } from 'react';

/**
 * The social cards' layouts, for next/og's renderer (satori): inline styles only, and every
 * element with more than one child must say display: flex.
 */
const INK = '#0b0b0d';
const IVORY = '#f3efe6';
const MUTED = '#a6a29a';
const GOLD = '#c9a96e';
const GOLD_BRIGHT = '#e2c48a';
const LINE = '#2a2a31';
const SERIF = 'Cormorant Garamond';

function Frame({ children }: { children: ReactNode }) {
  return (
    <div style={{ display: 'flex', width: '100%', height: '100%', background: INK, color: IVORY, fontFamily: SERIF }}>{children}</div>
  );
}

/** The shop's wordmark, as the header sets it. */
function Mark({ size }: { size: number }) {
  return <div style={{ display: 'flex', fontSize: size, fontWeight: 600, letterSpacing: size * 0.2, color: GOLD }}>ORX</div>;
}

type WatchCardProps = {
  picture: string;
  brand: string;
  model: string;
  /** The grade and the year, as a collector reads them first (issue 50): "Unworn · 2020"; '' when unknown. */
  facts: string;
  priceSol: string;
  priceEur: string;
};

/** A watch's card: its picture on the left; brand, model, grade and year, and both prices on the right. */
export function WatchSocialCard({ picture, brand, model, facts, priceSol, priceEur }: WatchCardProps) {
  return (
    <Frame>
      {/* eslint-disable-next-line @next/next/no-img-element -- satori draws <img>, next/image does not exist there */}
      <img src={picture} alt="" width={630} height={630} style={{ width: 630, height: 630 }} />
      <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', flex: 1, padding: '56px 64px', borderLeft: `1px solid ${LINE}` }}>
        <Mark size={40} />
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <div style={{ display: 'flex', fontSize: 30, fontWeight: 500, letterSpacing: 4, textTransform: 'uppercase', color: MUTED }}>{brand}</div>
          <div style={{ display: 'flex', fontSize: model.length > 28 ? 48 : 60, fontWeight: 600, lineHeight: 1.05, marginTop: 12 }}>{model}</div>
          {facts && <div style={{ display: 'flex', fontSize: 30, fontWeight: 500, color: IVORY, marginTop: 20 }}>{facts}</div>}
        </div>
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <div style={{ display: 'flex', fontSize: 52, fontWeight: 600, color: GOLD_BRIGHT }}>{priceSol}</div>
          <div style={{ display: 'flex', fontSize: 34, fontWeight: 500, color: MUTED, marginTop: 4 }}>{priceEur}</div>
        </div>
      </div>
    </Frame>
  );
}

/** The shop's own card, for every page that is not a watch: the mark, the promise, three watches. */
export function ShopSocialCard({ pictures }: { pictures: string[] }) {
  return (
    <Frame>
      <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', width: 520, padding: '0 0 0 72px' }}>
        <Mark size={96} />
        <div style={{ display: 'flex', fontSize: 44, fontWeight: 600, lineHeight: 1.1, marginTop: 24 }}>Swiss blockchain timepieces</div>
        <div style={{ display: 'flex', fontSize: 28, fontWeight: 500, color: MUTED, marginTop: 20 }}>
          Seventeen maisons, priced in SOL and EUR, each with an NFT certificate on Solana.
        </div>
      </div>
      <div style={{ display: 'flex', alignItems: 'center', flex: 1 }}>
        {pictures.map((picture, index) => (
          // eslint-disable-next-line @next/next/no-img-element -- satori draws <img>, next/image does not exist there
          <img key={index} src={picture} alt="" width={226} height={226} style={{ width: 226, height: 226 }} />
        ))}
      </div>
    </Frame>
  );
}
