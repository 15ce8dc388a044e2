'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { shortAddress } from '@/lib/wallet/address';
import { COPY_CONFIRMATION_MS } from '@/lib/wallet/constants';
import { explorerAddressUrl } from '@/lib/wallet/explorer';
import { WalletButton } from './wallet-button';
import { useWalletConfig } from './wallet-config-context';

const ITEM =
  'flex cursor-pointer items-center rounded-md px-3 py-2 text-sm text-ivory outline-none select-none data-[highlighted]:bg-raised data-[highlighted]:text-gold-bright';

/** The connected wallet's dropdown (SPEC §2): the address, Copy Address, View in Explorer, My Orders, Disconnect. */
export function WalletMenu({ address, onDisconnect }: { address: string; onDisconnect: () => void }) {
  const config = useWalletConfig();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
    } catch (error) {
      console.error('Copying the wallet address failed', error);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <WalletButton title={address}>{shortAddress(address)}</WalletButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-72 max-w-[calc(100vw-1.5rem)] rounded-xl border border-line bg-surface p-1.5 shadow-2xl shadow-black/50"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-3">
            <span className="block text-xs tracking-widest text-muted uppercase">Connected wallet</span>
            <span className="mt-1 block font-mono text-xs break-all text-ivory" data-testid="wallet-address">
              {address}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="mx-1 mb-1 h-px bg-line" />
          <DropdownMenu.Item
            className={ITEM}
            onSelect={(event) => {
              // Stay open so the confirmation can be seen.
              event.preventDefault();
              void copy();
            }}
          >
            <span aria-live="polite">{copied ? 'Copied!' : 'Copy Address'}</span>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <a href={explorerAddressUrl(address, config)} target="_blank" rel="noopener noreferrer">
              View in Explorer
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link href="/orders">My Orders</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={onDisconnect}>
            Disconnect
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
