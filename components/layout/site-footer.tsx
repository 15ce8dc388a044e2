import { ShopLink } from '@/components/ui/shop-link';
import { SocialIcons } from './social-icons';

const SHOP_LINKS = [
  { href: '/featured', label: 'Featured Collection' },
  { href: '/watches', label: 'All Watches' },
  { href: '/brands', label: 'Browse Brands' },
] as const;

// SPEC §2 lists these; those without a page yet are shown as plain text.
const SECTIONS: { title: string; items: (string | { href: string; label: string })[] }[] = [
  { title: 'Guides', items: ['How to Buy', 'Wallet Setup', 'Shipping Info', 'NFT Guide'] },
  { title: 'Support', items: [{ href: '/verify', label: 'Authenticity Verification' }, 'Warranty & Service'] },
  { title: 'Legal', items: ['Privacy Policy', 'Terms of Service', 'Cookie Policy'] },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="sm:col-span-2 lg:col-span-1">
          <p className="font-serif text-2xl tracking-[0.2em]">ORX</p>
          <p className="mt-3 text-sm text-muted">Swiss blockchain timepieces, each with an NFT certificate on Solana.</p>
          <div className="mt-5">
            <SocialIcons />
          </div>
        </div>
        <nav aria-label="Shop">
          <FooterHeading>Shop</FooterHeading>
          <ul className="mt-4 space-y-2 text-sm">
            {SHOP_LINKS.map(({ href, label }) => (
              <li key={href}>
                <ShopLink href={href} className="text-ivory transition-colors hover:text-gold-bright">
                  {label}
                </ShopLink>
              </li>
            ))}
          </ul>
        </nav>
        {SECTIONS.map(({ title, items }) => (
          <div key={title}>
            <FooterHeading>{title}</FooterHeading>
            <ul className="mt-4 space-y-2 text-sm text-muted">
              {items.map((item) =>
                typeof item === 'string' ? (
                  <li key={item}>{item}</li>
                ) : (
                  <li key={item.href}>
                    <ShopLink href={item.href} className="text-ivory transition-colors hover:text-gold-bright">
                      {item.label}
                    </ShopLink>
                  </li>
                ),
              )}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-line px-5 py-5 text-center text-xs text-muted">
        ORX · Swiss blockchain timepieces · Payments on Solana Devnet
      </p>
    </footer>
  );
}

function FooterHeading({ children }: { children: string }) {
  return <h2 className="text-xs font-medium tracking-[0.25em] text-gold uppercase">{children}</h2>;
}
