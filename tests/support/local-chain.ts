import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import { PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import { InstructionErrorCustom, TransactionErrorInstructionError } from 'litesvm/dist/internal';

/**
 * A stand-in for a Solana cluster (Devnet), which these machines cannot reach: a JSON-RPC server
 * over litesvm, a real Solana runtime running in-process with the System, SPL Token, Token-2022,
 * Associated Token Account and Memo programs. Transactions execute for real (signatures, balances,
 * program errors); what litesvm does not keep, this server does: each landed transaction's wire
 * bytes, slot, time and balances (lamports and tokens), so it can answer lookups by signature and
 * by address as a node does. It is a test tool, not product.
 *
 * Where it differs from a cluster, on purpose: a landed transaction is final at once (no votes),
 * there is no websocket (the shop polls), and any recent blockhash is accepted (litesvm otherwise
 * only knows the latest one, and the shop, the wallet and the tests send concurrently). What a
 * cluster does on its own a test does by hand, with two methods no node has: `orx_holdFinality`
 * (transactions naming an address land `confirmed` and stay so until it is released; other tests
 * sharing the chain are not held) and `orx_dropTransaction` (the
 * cluster forgets a transaction, as a fork that dropped it would; litesvm keeps its effects, which
 * no lookup by signature or address shows any more).
 */

/** The genesis hash the local chain answers: a fixed one, like a cluster's (32 bytes: "ORX local chain", zero-padded). */
export const LOCAL_GENESIS_HASH = '6Le2xfxULrd1NJBMiuwsXgPTfQ7TkP3zGB4E51gsoRJP';

export type LocalChain = {
  url: string;
  airdrop(address: PublicKey | string, lamports: bigint): Promise<string>;
  balance(address: PublicKey | string): Promise<bigint>;
  /** While held, transactions naming `address` land `confirmed`; released, they are `finalized`. */
  holdFinality(address: PublicKey | string, hold: boolean): Promise<void>;
  /** The cluster forgets a landed transaction that is not final (a fork dropped it). */
  dropTransaction(signature: string): Promise<void>;
  close(): Promise<void>;
};

type Landed = {
  signature: string;
  wire: Buffer;
  version: 'legacy' | 0;
  slot: number;
  blockTime: number;
  err: unknown;
  fee: number;
  preBalances: number[];
  postBalances: number[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logs: string[];
  innerInstructions: { index: number; instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: number }[] }[];
  computeUnits: number;
  final: boolean;
};

/** A transaction's token balance, as a node's getTransaction gives it in meta.pre/postTokenBalances. */
type TokenBalance = { accountIndex: number; mint: string; owner: string; programId: string; uiTokenAmount: ReturnType<typeof tokenAmountJson> };

const LAMPORTS_PER_SIGNATURE = 5000;
/** SPL Token and Token-2022: a token account starts with its mint, owner and amount. */
const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']);
const TOKEN_ACCOUNT_SIZE = 165;

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function createLocalChain() {
  // litesvm's native runtime leaves the CPU's floating-point state in a shape that makes V8's
  // allocation-site pretenuring abort the process (std::bad_alloc in a garbage collection) once
  // an SBF program such as Memo or Token has run (LiteSVM/litesvm#171, open). Without
  // pretenuring the process stays up; the flag only tunes where V8 places new objects.
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
  const svm = new LiteSVM().withBlockhashCheck(false);
  let slot = 1;
  svm.warpToSlot(BigInt(slot));
  /** Landed transactions by signature, and each address's signatures, newest last. */
  const landed = new Map<string, Landed>();
  const airdrops = new Map<string, number>();
  const byAddress = new Map<string, string[]>();
  /** The addresses whose transactions stay `confirmed` (orx_holdFinality). */
  const heldFinality = new Set<string>();

  const balanceOf = (key: PublicKey) => Number(svm.getBalance(key) ?? 0n);

  function decode(wireText: string, encoding: string | undefined): { wire: Buffer; transaction: Transaction | VersionedTransaction; version: 'legacy' | 0 } {
    const wire = encoding === 'base64' ? Buffer.from(wireText, 'base64') : Buffer.from(bs58.decode(wireText));
    const versioned = VersionedTransaction.deserialize(wire);
    if (versioned.version === 'legacy') return { wire, transaction: Transaction.from(wire), version: 'legacy' };
    return { wire, transaction: versioned, version: 0 };
  }

  function accountKeys(transaction: Transaction | VersionedTransaction): PublicKey[] {
    return transaction instanceof Transaction ? transaction.compileMessage().accountKeys : transaction.message.staticAccountKeys;
  }

  function nextSlot() {
    slot += 1;
    svm.warpToSlot(BigInt(slot));
    // A fresh blockhash per slot, so that two identical payments still make two transactions.
    svm.expireBlockhash();
  }

  function execute(wireText: string, encoding: string | undefined, preflight: boolean): string {
    const { wire, transaction, version } = decode(wireText, encoding);
    const signature = bs58.encode(transaction instanceof Transaction ? transaction.signature! : transaction.signatures[0]!);
    if (landed.has(signature)) throw new RpcError(-32002, 'Transaction simulation failed: This transaction has already been processed');
    if (preflight) {
      const simulated = svm.simulateTransaction(transaction);
      if (simulated instanceof FailedTransactionMetadata) {
        throw new RpcError(-32002, `Transaction simulation failed: ${String(simulated.err())}`, {
          err: errorJson(simulated.err()),
          logs: simulated.meta().logs(),
        });
      }
    }
    const keys = accountKeys(transaction);
    const preBalances = keys.map(balanceOf);
    const preTokenBalances = tokenBalances(keys);
    const outcome = svm.sendTransaction(transaction);
    const failed = outcome instanceof FailedTransactionMetadata;
    const meta: TransactionMetadata = failed ? outcome.meta() : outcome;
    const record: Landed = {
      signature,
      wire,
      version,
      slot,
      blockTime: Math.floor(Date.now() / 1000),
      err: failed ? errorJson(outcome.err()) : null,
      fee: LAMPORTS_PER_SIGNATURE * transaction.signatures.length,
      preBalances,
      postBalances: keys.map(balanceOf),
      preTokenBalances,
      postTokenBalances: tokenBalances(keys),
      logs: meta.logs(),
      innerInstructions: meta
        .innerInstructions()
        .map((inner, index) => ({
          index,
          instructions: inner.map((entry) => ({
            programIdIndex: entry.instruction().programIdIndex(),
            accounts: [...entry.instruction().accounts()],
            data: bs58.encode(entry.instruction().data()),
            stackHeight: entry.stackHeight(),
          })),
        }))
        .filter((inner) => inner.instructions.length > 0),
      computeUnits: Number(meta.computeUnitsConsumed()),
      final: !keys.some((key) => heldFinality.has(key.toBase58())),
    };
    landed.set(signature, record);
    for (const key of keys) {
      const address = key.toBase58();
      byAddress.set(address, [...(byAddress.get(address) ?? []), signature]);
    }
    nextSlot();
    return signature;
  }

  function accountJson(address: string) {
    const account = svm.getAccount(new PublicKey(address));
    if (!account) return null;
    return {
      data: [Buffer.from(account.data).toString('base64'), 'base64'],
      executable: account.executable,
      lamports: account.lamports,
      owner: account.owner.toBase58(),
      rentEpoch: 0,
      space: account.data.length,
    };
  }

  /** A mint's decimals (a mint keeps them at byte 44), 0 for what is not a mint. */
  function decimalsOf(mint: PublicKey): number {
    const account = svm.getAccount(mint);
    return account && account.data.length >= 45 ? account.data[44]! : 0;
  }

  /** The token account at `key` (SPL Token or Token-2022): its mint, owner and amount; null for any other account. */
  function tokenAccountAt(key: PublicKey): { mint: PublicKey; owner: PublicKey; amount: bigint; programId: string } | null {
    const account = svm.getAccount(key);
    if (!account || !TOKEN_PROGRAMS.has(account.owner.toBase58()) || account.data.length < TOKEN_ACCOUNT_SIZE) return null;
    const data = Buffer.from(account.data);
    // Past 165 bytes a Token-2022 account says what it is: 2 for a token account (1: a mint).
    const isTokenAccount = data.length === TOKEN_ACCOUNT_SIZE || data[TOKEN_ACCOUNT_SIZE] === 2;
    if (!isTokenAccount) return null;
    return {
      mint: new PublicKey(data.subarray(0, 32)),
      owner: new PublicKey(data.subarray(32, 64)),
      amount: data.readBigUInt64LE(64),
      programId: account.owner.toBase58(),
    };
  }

  /** The token accounts among a transaction's keys, as a node reports them before and after it ran. */
  function tokenBalances(keys: PublicKey[]): TokenBalance[] {
    return keys.flatMap((key, accountIndex) => {
      const held = tokenAccountAt(key);
      if (!held) return [];
      const { mint, owner, amount, programId } = held;
      return [{ accountIndex, mint: mint.toBase58(), owner: owner.toBase58(), programId, uiTokenAmount: tokenAmountJson(amount, decimalsOf(mint)) }];
    });
  }

  /**
   * A mint's token accounts, largest first, as getTokenLargestAccounts answers. litesvm keeps no
   * index by owner program, so this looks at every account a landed transaction touched: on this
   * chain, every account there is.
   */
  function tokenAccountsOf(mint: string) {
    const mintKey = new PublicKey(mint);
    const decimals = decimalsOf(mintKey);
    return [...byAddress.keys()]
      .flatMap((address) => {
        const held = tokenAccountAt(new PublicKey(address));
        if (!held || !held.mint.equals(mintKey)) return [];
        return [{ address, amount: held.amount }];
      })
      .sort((a, b) => (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0))
      .slice(0, 20)
      .map(({ address, amount }) => ({
        address,
        amount: amount.toString(),
        decimals,
        uiAmount: Number(amount) / 10 ** decimals,
        uiAmountString: (Number(amount) / 10 ** decimals).toString(),
      }));
  }

  function transactionJson(record: Landed, encoding: string | undefined) {
    const versioned = VersionedTransaction.deserialize(record.wire);
    const message = versioned.message;
    const transaction =
      encoding === 'base64'
        ? [record.wire.toString('base64'), 'base64']
        : {
            signatures: versioned.signatures.map((signature) => bs58.encode(signature)),
            message: {
              header: message.header,
              accountKeys: message.staticAccountKeys.map((key) => key.toBase58()),
              recentBlockhash: message.recentBlockhash,
              instructions: message.compiledInstructions.map((instruction) => ({
                programIdIndex: instruction.programIdIndex,
                accounts: [...instruction.accountKeyIndexes],
                data: bs58.encode(instruction.data),
                stackHeight: null,
              })),
              ...(record.version === 0 ? { addressTableLookups: [] } : {}),
            },
          };
    return {
      slot: record.slot,
      blockTime: record.blockTime,
      version: record.version,
      transaction,
      meta: {
        err: record.err,
        status: record.err ? { Err: record.err } : { Ok: null },
        fee: record.fee,
        preBalances: record.preBalances,
        postBalances: record.postBalances,
        innerInstructions: record.innerInstructions,
        logMessages: record.logs,
        preTokenBalances: record.preTokenBalances,
        postTokenBalances: record.postTokenBalances,
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
        computeUnitsConsumed: record.computeUnits,
      },
    };
  }

  function signatureStatus(signature: string) {
    const record = landed.get(signature);
    const airdropSlot = airdrops.get(signature);
    if (!record && airdropSlot === undefined) return null;
    const err = record?.err ?? null;
    return {
      slot: record?.slot ?? airdropSlot,
      confirmations: null,
      err,
      status: err ? { Err: err } : { Ok: null },
      confirmationStatus: record && !record.final ? 'confirmed' : 'finalized',
    };
  }

  const context = () => ({ slot, apiVersion: '2.2.0' });
  type Config = { encoding?: string; skipPreflight?: boolean; limit?: number; before?: string; until?: string; replaceRecentBlockhash?: boolean; sigVerify?: boolean };

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getHealth: () => 'ok',
    // This chain's own name for itself: the Actions' X-Blockchain-Ids reads it for a chain it does not know.
    getGenesisHash: () => LOCAL_GENESIS_HASH,
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
    getSlot: () => slot,
    getBlockHeight: () => slot,
    getEpochInfo: () => ({ absoluteSlot: slot, blockHeight: slot, epoch: 0, slotIndex: slot, slotsInEpoch: 432_000, transactionCount: landed.size }),
    getLatestBlockhash: () => ({ context: context(), value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot + 150 } }),
    isBlockhashValid: () => ({ context: context(), value: true }),
    getFeeForMessage: () => ({ context: context(), value: LAMPORTS_PER_SIGNATURE }),
    getRecentPrioritizationFees: () => [],
    getMinimumBalanceForRentExemption: ([size]) => Number(svm.minimumBalanceForRentExemption(BigInt(size as number))),
    getBalance: ([address]) => ({ context: context(), value: balanceOf(new PublicKey(address as string)) }),
    getAccountInfo: ([address]) => ({ context: context(), value: accountJson(address as string) }),
    getMultipleAccounts: ([addresses]) => ({ context: context(), value: (addresses as string[]).map(accountJson) }),
    getTokenLargestAccounts: ([mint]) => ({ context: context(), value: tokenAccountsOf(mint as string) }),
    getTokenAccountBalance: ([address]) => {
      const held = tokenAccountAt(new PublicKey(address as string));
      if (!held) throw new RpcError(-32602, 'Invalid param: not a Token account');
      return { context: context(), value: tokenAmountJson(held.amount, decimalsOf(held.mint)) };
    },
    // Lamports may come as a decimal string: JSON numbers lose precision past 2^53.
    requestAirdrop: ([address, lamports]) => airdrop(address as string, BigInt(lamports as number | string)),
    sendTransaction: ([wire, config]) => execute(wire as string, (config as Config)?.encoding, !(config as Config)?.skipPreflight),
    simulateTransaction: ([wireText, config]) => {
      const { transaction } = decode(wireText as string, (config as Config)?.encoding);
      if ((config as Config)?.replaceRecentBlockhash && !(transaction instanceof Transaction)) transaction.message.recentBlockhash = svm.latestBlockhash();
      const checkSignatures = (config as Config)?.sigVerify ?? false;
      svm.withSigverify(checkSignatures);
      try {
        const simulated = svm.simulateTransaction(transaction);
        const failed = simulated instanceof FailedTransactionMetadata;
        const meta = simulated.meta();
        return {
          context: context(),
          value: {
            err: failed ? errorJson(simulated.err()) : null,
            logs: meta.logs(),
            accounts: null,
            unitsConsumed: Number(meta.computeUnitsConsumed()),
            returnData: null,
          },
        };
      } finally {
        svm.withSigverify(true);
      }
    },
    orx_holdFinality: ([address, hold]) => {
      if (hold === true) {
        heldFinality.add(address as string);
      } else {
        heldFinality.delete(address as string);
        for (const signature of byAddress.get(address as string) ?? []) landed.get(signature)!.final = true;
      }
      return null;
    },
    orx_dropTransaction: ([signature]) => {
      const record = landed.get(signature as string);
      if (!record || record.final) throw new RpcError(-32602, 'Only a landed transaction that is not final can be dropped');
      landed.delete(record.signature);
      for (const [address, signatures] of byAddress) byAddress.set(address, signatures.filter((entry) => entry !== record.signature));
      return null;
    },
    getSignatureStatuses: ([signatures]) => ({ context: context(), value: (signatures as string[]).map(signatureStatus) }),
    getSignaturesForAddress: ([address, config]) => {
      const { limit = 1000, before, until } = (config as Config) ?? {};
      const newestFirst = [...(byAddress.get(address as string) ?? [])].reverse();
      const start = before ? newestFirst.indexOf(before) + 1 : 0;
      const end = until && newestFirst.includes(until) ? newestFirst.indexOf(until) : newestFirst.length;
      return newestFirst
        .slice(start, end)
        .slice(0, limit)
        .map((signature) => {
          const record = landed.get(signature)!;
          return { signature, slot: record.slot, err: record.err, memo: null, blockTime: record.blockTime, confirmationStatus: record.final ? 'finalized' : 'confirmed' };
        });
    },
    getTransaction: ([signature, config]) => {
      const record = landed.get(signature as string);
      if (!record || (!record.final && (config as { commitment?: string })?.commitment === 'finalized')) return null;
      if (record.version === 0 && (config as { maxSupportedTransactionVersion?: number })?.maxSupportedTransactionVersion === undefined) {
        throw new RpcError(-32015, 'Transaction version (0) is not supported by the requesting client.');
      }
      return transactionJson(record, (config as Config)?.encoding);
    },
  };

  function airdrop(address: string, lamports: bigint): string {
    const outcome = svm.airdrop(new PublicKey(address), lamports);
    if (!outcome || outcome instanceof FailedTransactionMetadata) throw new RpcError(-32603, 'Airdrop failed');
    const signature = bs58.encode(outcome.signature());
    airdrops.set(signature, slot);
    nextSlot();
    return signature;
  }

  function call(request: { id?: unknown; method?: string; params?: unknown[] }) {
    const method = request.method ? methods[request.method] : undefined;
    if (!method) return { jsonrpc: '2.0', id: request.id ?? null, error: { code: -32601, message: `Method not found: ${request.method}` } };
    try {
      return { jsonrpc: '2.0', id: request.id ?? null, result: method(request.params ?? []) };
    } catch (error) {
      const { code, message, data } = error instanceof RpcError ? error : new RpcError(-32602, error instanceof Error ? error.message : String(error));
      return { jsonrpc: '2.0', id: request.id ?? null, error: { code, message, ...(data === undefined ? {} : { data }) } };
    }
  }

  return {
    handle: (body: unknown) => (Array.isArray(body) ? body.map(call) : call(body as Parameters<typeof call>[0])),
  };
}

/** A token amount as a node gives it: base units as a string, and the decimal amount, exact in uiAmountString. */
function tokenAmountJson(amount: bigint, decimals: number) {
  const scale = 10n ** BigInt(decimals);
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  const uiAmountString = fraction ? `${amount / scale}.${fraction}` : (amount / scale).toString();
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

/**
 * The JSON shape a node gives a transaction error, e.g. {"InstructionError":[0,{"Custom":1}]}.
 * litesvm's errors without fields are bare enum numbers with no names at run time: those become
 * "TransactionError(n)" / "InstructionError(n)", still non-null, which is what clients test.
 */
function errorJson(error: ReturnType<FailedTransactionMetadata['err']>): unknown {
  if (typeof error === 'number') return `TransactionError(${error})`;
  if (error instanceof TransactionErrorInstructionError) {
    const inner = error.err();
    if (typeof inner === 'number') return { InstructionError: [error.index, `InstructionError(${inner})`] };
    if (inner instanceof InstructionErrorCustom) return { InstructionError: [error.index, { Custom: inner.code }] };
    return { InstructionError: [error.index, { BorshIoError: inner.msg }] };
  }
  return error.toString();
}

/**
 * Any request header, as a Solana RPC node allows (its HTTP server is built with
 * `cors_allow_headers(AccessControlAllowHeaders::Any)`): the checkout specs' browsers add a
 * forwarded address of their own to every request, this node's included (docs/testing.md).
 */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': '*',
};

/** Serves a new chain's JSON-RPC on 127.0.0.1 (port 0: any free port). GET /health answers ok. */
export async function serveLocalChain(port: number): Promise<http.Server> {
  const chain = createLocalChain();
  const server = http.createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS_HEADERS).end();
      return;
    }
    if (request.method === 'GET') {
      const healthy = request.url === '/health';
      response.writeHead(healthy ? 200 : 404, { ...CORS_HEADERS, 'content-type': 'text/plain' }).end(healthy ? 'ok' : 'not found');
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let reply: unknown;
      try {
        reply = chain.handle(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reply = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
      }
      response.writeHead(200, { ...CORS_HEADERS, 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  // Node closes an idle kept-alive socket after 5 s, which under a busy CPU can race a client
  // reusing it (the request fails as "fetch failed"); RPC providers keep them far longer.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/**
 * Starts a chain in a process of its own, as a cluster is a process apart from the shop: the test
 * process then shares no native state with litesvm (its floating-point settings, see above).
 */
export async function startLocalChain(): Promise<LocalChain> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'local-chain-server.ts')], {
    env: { ...process.env, LOCAL_CHAIN_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const listening = /listening on (http:\/\/\S+)/.exec(output);
      if (listening) resolve(listening[1]!);
    });
    child.once('exit', (code) => reject(new Error(`The local chain exited (${code}) before it listened: ${output}`)));
  });
  const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };
  return {
    url,
    airdrop: (address, lamports) => rpc<string>('requestAirdrop', [address.toString(), lamports.toString()]),
    balance: async (address) => BigInt((await rpc<{ value: number }>('getBalance', [address.toString()])).value),
    holdFinality: async (address, hold) => {
      await rpc('orx_holdFinality', [address.toString(), hold]);
    },
    dropTransaction: async (signature) => {
      await rpc('orx_dropTransaction', [signature]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
