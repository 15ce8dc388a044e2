import type { ComponentProps } from 'react';

/** The header wallet control's look, the same before and after the wallet code has loaded. */
export function WalletButton({ className = '', ...props }: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      className={`inline-flex min-h-10 items-center gap-2 rounded-full border border-gold/60 px-4 py-2 text-sm whitespace-nowrap text-gold transition hover:border-gold hover:text-gold-bright disabled:cursor-wait disabled:opacity-70 ${className}`}
      {...props}
    />
  );
}

type SelectWalletButtonProps = { busy: boolean; onSelect: () => void; onIntent: () => void };

/** 'Select Wallet' before the wallet runtime has loaded; `onIntent` as a pointer or the focus arrives. */
export function SelectWalletButton({ busy, onSelect, onIntent }: SelectWalletButtonProps) {
  return (
    <WalletButton aria-busy={busy} onClick={onSelect} onPointerEnter={onIntent} onFocus={onIntent}>
      Select Wallet
    </WalletButton>
  );
}
