import { ShopLink } from '@/components/ui/shop-link';
import { isActiveLink, NAV_LINKS } from './nav-links';

type NavListProps = {
  /** Null while the path is not known yet (a prerendered shell): nothing is highlighted. */
  pathname: string | null;
  className: string;
  linkClassName: string;
  onNavigate?: () => void;
};

export function NavList({ pathname, className, linkClassName, onNavigate }: NavListProps) {
  return (
    <ul className={className}>
      {NAV_LINKS.map(({ href, label }) => (
        <li key={href}>
          <ShopLink
            href={href}
            aria-current={isActiveLink(pathname, href) ? 'page' : undefined}
            onClick={onNavigate}
            className={`transition-colors hover:text-gold-bright aria-[current=page]:text-gold ${linkClassName}`}
          >
            {label}
          </ShopLink>
        </li>
      ))}
    </ul>
  );
}
