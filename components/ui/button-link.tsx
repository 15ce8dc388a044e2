import type { ReactNode } from 'react';
import { ShopLink } from './shop-link';
import { buttonClass, type ButtonVariant } from './button-styles';

type ButtonLinkProps = { href: string; variant?: ButtonVariant; children: ReactNode };

/** An internal link that looks like the shop's buttons. */
export function ButtonLink({ href, variant = 'primary', children }: ButtonLinkProps) {
  return (
    <ShopLink href={href} className={buttonClass(variant)}>
      {children}
    </ShopLink>
  );
}
