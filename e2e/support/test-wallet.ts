import crypto, { type KeyObject } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import bs58 from 'bs58';

/**
 * A Solana wallet for the end-to-end tests that speaks the real Wallet Standard: the page's wallet
 * adapter detects it exactly as it detects Phantom or Solflare. Its keypair is a real ed25519 key
 * made here; the private key never enters the page, which asks this process to sign.
 *
 * Solana Devnet cannot be reached from these machines, so by default the test answers the page's
 * Devnet JSON-RPC calls itself (getBalance with the balance the test chooses). Given an `rpcUrl`
 * (the local chain of tests/support/local-chain.ts), it answers nothing itself: like a real wallet
 * it sends the transactions it signs to that node, and the page reads the chain there.
 */

export const TEST_WALLET_NAME = 'ORX Test Wallet';
const DEVNET_RPC_HOST = 'api.devnet.solana.com';

export type Keypair = { address: string; publicKey: number[]; privateKey: KeyObject };

export function generateKeypair(): Keypair {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
  // An ed25519 SPKI DER ends with the 32 raw public-key bytes.
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return { address: bs58.encode(raw), publicKey: [...raw], privateKey };
}

export function verifySignature(keypair: Keypair, message: Uint8Array, signature: Uint8Array): boolean {
  const publicKey = crypto.createPublicKey(keypair.privateKey);
  return crypto.verify(null, message, publicKey, signature);
}

export type RpcCall = { method: string; params: unknown[] };

export class TestWallet {
  readonly keypairs: Keypair[];
  /** Every Devnet JSON-RPC call the page made, in order. */
  readonly rpcCalls: RpcCall[] = [];
  lamports: number;

  /** Every message the user signed (sign-in messages among them), as text. */
  readonly signedMessages: string[] = [];
  /** When each transaction was approved (signed), in ms since the epoch. */
  readonly approvals: number[] = [];
  /** The user says no to every transaction while this is set, as in the wallet's own prompt. */
  declineTransactions = false;
  /** The user says no to every message to sign (a sign-in among them) while this is set. */
  declineMessages = false;

  /** Whether connecting waits for approveConnect, like a wallet waiting for its user to approve. */
  private readonly holdConnect: boolean;
  /** Whether the wallet offers solana:signIn; older wallets only sign messages. */
  private readonly signIn: boolean;
  private readonly rpcUrl: string | undefined;

  constructor({
    lamports = 0,
    accounts = 1,
    holdConnect = false,
    signIn = true,
    rpcUrl,
  }: {
    lamports?: number;
    accounts?: number;
    holdConnect?: boolean;
    signIn?: boolean;
    /** The node the wallet sends its transactions to; unset: Devnet, answered by this test. */
    rpcUrl?: string;
  }) {
    this.lamports = lamports;
    this.holdConnect = holdConnect;
    this.signIn = signIn;
    this.rpcUrl = rpcUrl;
    this.keypairs = Array.from({ length: accounts }, generateKeypair);
  }

  get address(): string {
    return this.keypairs[0]!.address;
  }

  /** Registers the wallet in every page of the test, before the shop's code runs. */
  async install(page: Page): Promise<void> {
    await page.exposeFunction('orxTestWalletSign', (address: string, messageBase64: string, kind: 'transaction' | 'message') => {
      const keypair = this.keypairs.find((candidate) => candidate.address === address);
      if (!keypair) throw new Error(`The test wallet holds no key for ${address}`);
      if (kind === 'transaction') {
        // Phantom's words (and EIP-1193's code 4001) for a request the user declined.
        if (this.declineTransactions) throw new Error('User rejected the request.');
        this.approvals.push(Date.now());
      } else {
        if (this.declineMessages) throw new Error('User rejected the request.');
        this.signedMessages.push(Buffer.from(messageBase64, 'base64').toString('utf8'));
      }
      return crypto.sign(null, Buffer.from(messageBase64, 'base64'), keypair.privateKey).toString('base64');
    });
    if (!this.rpcUrl) await page.route((url) => url.hostname === DEVNET_RPC_HOST, (route) => this.answerRpc(route));
    await page.addInitScript(registerTestWallet, {
      name: TEST_WALLET_NAME,
      accounts: this.keypairs.map(({ address, publicKey }) => ({ address, publicKey })),
      holdConnect: this.holdConnect,
      signIn: this.signIn,
      rpcUrl: this.rpcUrl ?? `https://${DEVNET_RPC_HOST}`,
    });
  }

  /** The user approves the pending connection request in the wallet. */
  async approveConnect(page: Page): Promise<void> {
    await page.evaluate(() => (window as unknown as TestWalletWindow).orxTestWallet.approveConnect());
  }

  /** Makes the wallet itself switch to its account `index`, as a user would in the extension. */
  async switchAccount(page: Page, index: number): Promise<void> {
    await page.evaluate((i) => (window as unknown as TestWalletWindow).orxTestWallet.switchAccount(i), index);
  }

  /** Makes the wallet itself end the connection, as a user would in the extension. */
  async disconnectFromWallet(page: Page): Promise<void> {
    await page.evaluate(() => (window as unknown as TestWalletWindow).orxTestWallet.disconnect());
  }

  /** Asks the wallet in the page to sign a message, through its solana:signMessage feature. */
  async signMessageInPage(page: Page, text: string): Promise<Uint8Array> {
    const signature = await page.evaluate((message) => (window as unknown as TestWalletWindow).orxTestWallet.signMessage(message), text);
    return Uint8Array.from(signature);
  }

  private async answerRpc(route: Route) {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'POST, OPTIONS',
    };
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const body = route.request().postDataJSON() as { id: string | number; method: string; params?: unknown[] };
    this.rpcCalls.push({ method: body.method, params: body.params ?? [] });
    const context = { apiVersion: '2.2.0', slot: 350_000_000 };
    const results: Record<string, unknown> = {
      getBalance: { context, value: this.lamports },
      getLatestBlockhash: { context, value: { blockhash: bs58.encode(crypto.randomBytes(32)), lastValidBlockHeight: 330_000_000 } },
      getGenesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
    };
    const json =
      body.method in results
        ? { jsonrpc: '2.0', id: body.id, result: results[body.method] }
        : body.method === 'sendTransaction'
          ? { jsonrpc: '2.0', id: body.id, result: this.signatureOf(String(body.params?.[0])) }
          : { jsonrpc: '2.0', id: body.id, error: { code: -32601, message: `Method not found: ${body.method}` } };
    return route.fulfill({ status: 200, headers: { ...cors, 'content-type': 'application/json' }, body: JSON.stringify(json) });
  }

  /** A sent transaction's id is its first signature. */
  private signatureOf(base64Transaction: string): string {
    const transaction = Buffer.from(base64Transaction, 'base64');
    return bs58.encode(transaction.subarray(1, 65));
  }
}

type TestWalletWindow = {
  orxTestWallet: {
    switchAccount: (index: number) => void;
    disconnect: () => void;
    approveConnect: () => void;
    signMessage: (text: string) => Promise<number[]>;
  };
};

type InitArgs = { name: string; accounts: { address: string; publicKey: number[] }[]; holdConnect: boolean; signIn: boolean; rpcUrl: string };

/**
 * Runs in the page before any of its scripts: the Wallet Standard's register protocol, done by
 * hand. The wallet announces itself with 'wallet-standard:register-wallet' and answers the app's
 * 'wallet-standard:app-ready', whichever comes first.
 */
function registerTestWallet({ name, accounts: keys, holdConnect, signIn, rpcUrl }: InitArgs) {
  type Listener = (properties: { accounts?: readonly unknown[] }) => void;
  type Account = { address: string; publicKey: Uint8Array; chains: string[]; features: string[]; label: string };
  const pageWindow = window as unknown as Window & {
    orxTestWalletSign: (address: string, messageBase64: string, kind: 'transaction' | 'message') => Promise<string>;
    orxTestWallet: unknown;
  };

  // The adapter names a 127.0.0.1 node's chain solana:localnet.
  const chains = ['solana:devnet', 'solana:mainnet', 'solana:testnet', 'solana:localnet'];
  const accountFeatures = ['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage', ...(signIn ? ['solana:signIn'] : [])];
  const all: Account[] = keys.map(({ address, publicKey }, index) =>
    Object.freeze({ address, publicKey: new Uint8Array(publicKey), chains, features: accountFeatures, label: `Test account ${index + 1}` }),
  );
  let connected: Account[] = [];
  let approve = () => {};
  const approval = () => (holdConnect ? new Promise<void>((resolve) => (approve = resolve)) : Promise.resolve());
  const listeners = new Set<Listener>();
  const changed = () => listeners.forEach((listener) => listener({ accounts: connected.slice() }));

  const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  const sign = async (account: { address: string }, message: Uint8Array, kind: 'transaction' | 'message' = 'message') =>
    fromBase64(await pageWindow.orxTestWalletSign(account.address, toBase64(message), kind));

  const compactU16 = (bytes: Uint8Array, offset: number) => {
    let value = 0;
    let position = offset;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[position++]!;
      value |= (byte & 0x7f) << shift;
      if (!(byte & 0x80)) return { value, next: position };
    }
  };

  /** Signs a wire-format transaction (legacy or v0) in the signature slot of the account's key. */
  const signTransaction = async (account: Account, transaction: Uint8Array) => {
    const signatures = compactU16(transaction, 0);
    const messageStart = signatures.next + signatures.value * 64;
    const message = transaction.slice(messageStart);
    const headerStart = message[0]! & 0x80 ? 1 : 0;
    const requiredSigners = message[headerStart]!;
    const keys = compactU16(message, headerStart + 3);
    for (let index = 0; index < Math.min(requiredSigners, keys.value, signatures.value); index++) {
      const key = message.subarray(keys.next + index * 32, keys.next + (index + 1) * 32);
      if (key.every((byte, i) => byte === account.publicKey[i])) {
        const signed = transaction.slice();
        signed.set(await sign(account, message, 'transaction'), signatures.next + index * 64);
        return signed;
      }
    }
    throw new Error('The connected account does not sign this transaction');
  };

  const send = async (signed: Uint8Array) => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [toBase64(signed), { encoding: 'base64' }] }),
    });
    const { result, error } = (await response.json()) as { result?: string; error?: { message: string } };
    if (error) throw new Error(error.message);
    return result;
  };

  type SignInInput = Partial<Record<'domain' | 'address' | 'statement' | 'uri' | 'version' | 'chainId' | 'nonce' | 'issuedAt' | 'expirationTime' | 'notBefore' | 'requestId', string>> & { resources?: string[] };

  /** The Sign-In With Solana message text a wallet writes for the app's input (the SIWS/EIP-4361 layout). */
  const signInText = (input: SignInInput, address: string) => {
    const fields = [
      ['URI', input.uri],
      ['Version', input.version],
      ['Chain ID', input.chainId],
      ['Nonce', input.nonce],
      ['Issued At', input.issuedAt],
      ['Expiration Time', input.expirationTime],
      ['Not Before', input.notBefore],
      ['Request ID', input.requestId],
    ].flatMap(([name, value]) => (value ? [`${name}: ${value}`] : []));
    if (input.resources?.length) fields.push(`Resources:\n${input.resources.map((resource) => `- ${resource}`).join('\n')}`);
    const head = `${input.domain ?? window.location.host} wants you to sign in with your Solana account:\n${address}`;
    return [head, ...(input.statement ? [input.statement] : []), ...(fields.length ? [fields.join('\n')] : [])].join('\n\n');
  };

  const accountOf = (input: { account: { address: string } }) => {
    const account = connected.find((candidate) => candidate.address === input.account.address);
    if (!account) throw new Error('That account is not connected');
    return account;
  };

  const wallet = {
    version: '1.0.0' as const,
    name,
    icon: `data:image/svg+xml;base64,${btoa(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#c9a96e"/><circle cx="16" cy="16" r="8" fill="#0b0b0d"/></svg>',
    )}`,
    chains,
    get accounts() {
      return connected.slice();
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          if (connected.length === 0) {
            await approval();
            connected = [all[0]!];
            changed();
          }
          return { accounts: connected.slice() };
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          connected = [];
          changed();
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (event: string, listener: Listener) => {
          if (event !== 'change') return () => {};
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: (...inputs: { account: Account; transaction: Uint8Array }[]) =>
          Promise.all(inputs.map(async (input) => ({ signedTransaction: await signTransaction(accountOf(input), input.transaction) }))),
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: (...inputs: { account: Account; transaction: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async (input) => {
              const signed = await signTransaction(accountOf(input), input.transaction);
              await send(signed);
              const start = compactU16(signed, 0).next;
              return { signature: signed.slice(start, start + 64) };
            }),
          ),
      },
      'solana:signIn': {
        version: '1.0.0',
        // Connects if needed, as wallets do, then signs the message it wrote from the app's input.
        signIn: async (...inputs: SignInInput[]) => {
          if (connected.length === 0) {
            await approval();
            connected = [all[0]!];
            changed();
          }
          const account = connected[0]!;
          return Promise.all(
            inputs.map(async (input) => {
              const signedMessage = new TextEncoder().encode(signInText(input, account.address));
              return { account, signedMessage, signature: await sign(account, signedMessage), signatureType: 'ed25519' as const };
            }),
          );
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: (...inputs: { account: Account; message: Uint8Array }[]) =>
          Promise.all(inputs.map(async (input) => ({ signedMessage: input.message, signature: await sign(accountOf(input), input.message) }))),
      },
    },
  };

  // An older wallet: the app finds no solana:signIn and must sign in through signMessage.
  if (!signIn) delete (wallet.features as Partial<typeof wallet.features>)['solana:signIn'];

  pageWindow.orxTestWallet = {
    switchAccount(index: number) {
      connected = [all[index]!];
      changed();
    },
    disconnect() {
      connected = [];
      changed();
    },
    approveConnect: () => approve(),
    async signMessage(text: string) {
      const [output] = await wallet.features['solana:signMessage'].signMessage({ account: connected[0]!, message: new TextEncoder().encode(text) });
      return [...output!.signature];
    },
  };

  const callback = ({ register }: { register: (wallet: unknown) => unknown }) => register(wallet);
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
  window.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent<{ register: (wallet: unknown) => unknown }>).detail));
}
