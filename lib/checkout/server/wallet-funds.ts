import 'server-only';
import { getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID, unpackAccount } from '@solana/spl-token';
import { PublicKey, type Connection } from '@solana/web3.js';

/** What a wallet holds on chain now: its lamports, and its units of the shop's USDC mint (0 without a token account). */
export type WalletFunds = { lamports: bigint; usdcUnits: bigint };

/**
 * Reads a wallet's funds with one JSON-RPC call (getMultipleAccounts): the wallet's account and its
 * associated token account for the mint, the account the browser's balance check reads and the
 * payment's TransferChecked spends from. A node that cannot answer throws (the checkout's 503).
 */
export function walletFundsReader(connection: Connection, usdcMint: PublicKey | null) {
  return async (wallet: string): Promise<WalletFunds> => {
    const owner = new PublicKey(wallet);
    const tokenAccount = usdcMint ? getAssociatedTokenAddressSync(usdcMint, owner, true) : null;
    const [account, token] = await connection.getMultipleAccountsInfo(tokenAccount ? [owner, tokenAccount] : [owner]);
    const usdcUnits = tokenAccount && token ? unpackAccount(tokenAccount, token, TOKEN_PROGRAM_ID).amount : 0n;
    return { lamports: BigInt(account?.lamports ?? 0), usdcUnits };
  };
}
