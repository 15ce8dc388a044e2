/**
 * The header's wallet control (SPEC §2). Until the wallet code has loaded it shows the
 * disconnected label, so the header never waits on the wallet bundle.
 */
export function HeaderWallet() {
  return (
    <button
      type="button"
      className="rounded-full border border-gold/60 px-4 py-2 text-sm text-gold"
      aria-label="Select Wallet"
    >
      Select Wallet
    </button>
  );
}
