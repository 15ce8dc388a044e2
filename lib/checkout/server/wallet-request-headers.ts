import 'server-only';
import { BLOCKCHAIN_IDS, createActionHeaders } from '@solana/actions';
import type { Connection } from '@solana/web3.js';
import { clusterOf, parseChainConfig } from '@/lib/config';

/**
 * The headers of what a wallet asks the shop from anywhere: a Solana Action (lib/actions) and a
 * Solana Pay transaction request. Wallets and blink sites call them from their own origins, so they
 * answer any origin (ACTIONS_CORS_HEADERS) — they read no cookie and act for nobody signed in — and
 * every answer, OPTIONS included, says the spec's version and the chain it builds for.
 */

/** The Actions spec ORX answers to. */
export const ACTION_VERSION = '2.4';

const KNOWN_CLUSTERS: Partial<Record<ReturnType<typeof clusterOf>, string>> = {
  'mainnet-beta': BLOCKCHAIN_IDS.mainnet,
  devnet: BLOCKCHAIN_IDS.devnet,
  testnet: BLOCKCHAIN_IDS.testnet,
};

const chainIds = new WeakMap<Connection, Promise<string>>();

/**
 * The chain as CAIP-2 names it (`solana:` and the genesis hash's first 32 characters). A public
 * cluster's is known; any other node (a local chain) is asked for its genesis hash once. A node
 * that cannot answer is asked again next time.
 */
export function blockchainId(connection: Connection): Promise<string> {
  const known = KNOWN_CLUSTERS[clusterOf(parseChainConfig().rpcUrl)];
  if (known) return Promise.resolve(known);
  let id = chainIds.get(connection);
  if (!id) {
    id = connection.getGenesisHash().then((hash) => `solana:${hash.slice(0, 32)}`);
    id.catch(() => chainIds.delete(connection));
    chainIds.set(connection, id);
  }
  return id;
}

/**
 * The CORS, X-Action-Version and X-Blockchain-Ids headers, never kept by a cache; without a chain
 * (simulated payments) or while the node cannot say which it is, without X-Blockchain-Ids.
 */
export async function walletRequestHeaders(connection: Connection | null): Promise<Record<string, string>> {
  const chainId = connection ? await blockchainId(connection).catch(() => undefined) : undefined;
  return { ...createActionHeaders({ chainId, actionVersion: ACTION_VERSION }), 'cache-control': 'no-store' };
}

/**
 * An answer of the checkout as a wallet reads it, with the headers above: an error's `{ error }`
 * becomes the `{ message }` of the Actions and Solana Pay specs (its other fields, and Retry-After,
 * kept).
 */
export async function walletAnswer(response: Response, connection: Connection | null): Promise<Response> {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(await walletRequestHeaders(connection))) headers.set(name, value);
  if (response.ok) return new Response(response.body, { status: response.status, headers });
  const { error, ...rest } = (await response.json()) as { error?: string };
  return Response.json({ message: error ?? 'The request could not be answered', ...rest }, { status: response.status, headers });
}
