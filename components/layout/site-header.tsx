import Link from 'next/link';
import { HeaderWallet } from '@/components/wallet/header-wallet';

export function SiteHeader() {
  return (
    <header className="border-b border-line">
      <div className="mx-auto flex max-w-6xl items-center justify-between px-5 py-4">
        <Link href="/" className="font-serif text-2xl tracking-[0.2em]">
          ORX
        </Link>
        <HeaderWallet />
      </div>
    </header>
  );
}
