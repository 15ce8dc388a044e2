/** The header's links (SPEC §2), shared by the desktop bar and the mobile menu. */
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/brands', label: 'Brands' },
  { href: '/featured', label: 'Featured' },
  { href: '/watches', label: 'All Watches' },
  { href: '/crypto-editions', label: 'Special Crypto Editions' },
] as const;

/** A section's link stays highlighted on its sub-pages too (a watch page belongs to All Watches). */
export function isActiveLink(pathname: string | null, href: string): boolean {
  if (pathname === null) return false;
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
