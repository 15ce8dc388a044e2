import { ButtonLink } from '@/components/ui/button-link';
import { Eyebrow } from '@/components/ui/eyebrow';

const BADGES = [
  { label: 'NFT Certified', icon: 'M12 3l7 4v5c0 4.5-3 8-7 9-4-1-7-4.5-7-9V7l7-4zm-3 9l2 2 4-4' },
  { label: 'Instant Payment', icon: 'M13 3L5 13h6l-1 8 8-10h-6l1-8z' },
  { label: 'Global Shipping', icon: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z' },
] as const;

export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden border-b border-line">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-5 py-16 sm:py-24 lg:grid-cols-[1.3fr_1fr]">
        <div>
          <Eyebrow>Swiss blockchain timepieces</Eyebrow>
          <h1 id="hero-heading" className="mt-4 font-serif text-4xl leading-tight font-semibold sm:text-6xl">
            Luxury watches, certified on the blockchain
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted">
            Every timepiece comes with an immutable NFT certificate of authenticity and ownership on Solana. Pay
            with SOL, no KYC required.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink href="/brands">Explore Brands</ButtonLink>
            <ButtonLink href="/featured" variant="secondary">
              Featured Collection
            </ButtonLink>
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-3 text-sm text-ivory">
            {BADGES.map(({ label, icon }) => (
              <li key={label} className="flex items-center gap-2">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 text-gold" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round">
                  <path d={icon} />
                </svg>
                {label}
              </li>
            ))}
          </ul>
        </div>
        <HeroDial />
      </div>
    </section>
  );
}

/** A drawn watch face with the 'NFT Included' tag: decoration, light enough for a fast first paint. */
function HeroDial() {
  return (
    <div className="relative mx-auto w-full max-w-sm">
      <svg aria-hidden="true" viewBox="0 0 200 200" className="w-full text-gold">
        <circle cx="100" cy="100" r="92" fill="none" stroke="currentColor" strokeOpacity="0.35" strokeWidth="1" />
        <circle cx="100" cy="100" r="78" className="fill-surface" stroke="currentColor" strokeWidth="2" />
        {Array.from({ length: 12 }, (_, hour) => (
          <line key={hour} x1="100" y1="30" x2="100" y2={hour % 3 === 0 ? 42 : 37} stroke="currentColor" strokeWidth={hour % 3 === 0 ? 3 : 1.5} transform={`rotate(${hour * 30} 100 100)`} />
        ))}
        <line x1="100" y1="100" x2="100" y2="58" stroke="currentColor" strokeWidth="3" strokeLinecap="round" transform="rotate(-50 100 100)" />
        <line x1="100" y1="100" x2="100" y2="44" stroke="currentColor" strokeWidth="2" strokeLinecap="round" transform="rotate(60 100 100)" />
        <circle cx="100" cy="100" r="4" fill="currentColor" />
      </svg>
      <p className="absolute top-6 right-0 rounded-full border border-gold/60 bg-ink px-3 py-1 text-xs tracking-widest text-gold uppercase">
        NFT Included
      </p>
    </div>
  );
}
