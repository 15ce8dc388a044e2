import { TOKEN_2022_PROGRAM_ID, getAccount, getAssociatedTokenAddressSync, getGroupMemberPointerState, getMint, getTokenGroupMemberState, getTokenGroupState, getTokenMetadata } from '@solana/spl-token';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorityKeyError, parseAuthorityKey } from '@/lib/certificate/authority';
import { certificateGroupKeypair } from '@/lib/certificate/group';
import { CERTIFICATE_SYMBOL, createCertificateMinter } from '@/lib/certificate/mint';
import { checkPaymentsConfigAtStart } from '@/lib/checkout/server/startup';
import { FRONT_DOOR_FLAG } from '@/lib/http/client-address';
import { startLocalChain, type LocalChain } from '../support/local-chain';

/**
 * The NFT certificate, minted for real by the Token-2022 program on the local chain (litesvm,
 * standing in for Devnet) and read back from the chain as a wallet or an explorer reads it.
 */

let chain: LocalChain;
let connection: Connection;
const authority = Keypair.generate();

beforeAll(async () => {
  chain = await startLocalChain();
  connection = new Connection(chain.url, 'confirmed');
  await chain.airdrop(authority.publicKey, 10n * BigInt(LAMPORTS_PER_SOL));
});

afterAll(() => chain.close());

const request = (orderId: string, owner: PublicKey) => ({
  orderId,
  owner: owner.toBase58(),
  name: 'ORX Rolex Submariner Date',
  uri: `https://orx.example/api/certificates/${orderId}`,
});

describe('createCertificateMinter', () => {
  it('mints one token to the buyer, with the metadata on the mint and no authority left to mint another', async () => {
    const buyer = Keypair.generate().publicKey;
    const orderId = crypto.randomUUID();
    const { mint } = await createCertificateMinter(connection, authority)(request(orderId, buyer));
    const mintAddress = new PublicKey(mint);

    const onChain = await getMint(connection, mintAddress, 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect({ supply: onChain.supply, decimals: onChain.decimals, mintAuthority: onChain.mintAuthority, freezeAuthority: onChain.freezeAuthority }).toEqual({
      supply: 1n,
      decimals: 0,
      mintAuthority: null,
      // ORX's authority freezes a certificate reported stolen (issue 53).
      freezeAuthority: authority.publicKey,
    });
    const holding = await getAccount(connection, getAssociatedTokenAddressSync(mintAddress, buyer, false, TOKEN_2022_PROGRAM_ID), 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect({ owner: holding.owner.toBase58(), amount: holding.amount }).toEqual({ owner: buyer.toBase58(), amount: 1n });
    const metadata = await getTokenMetadata(connection, mintAddress, 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect(metadata).toMatchObject({
      name: 'ORX Rolex Submariner Date',
      symbol: CERTIFICATE_SYMBOL,
      uri: `https://orx.example/api/certificates/${orderId}`,
      updateAuthority: authority.publicKey,
    });
    // A member of the shop's collection, created with the first certificate.
    const group = certificateGroupKeypair(authority).publicKey;
    expect(getGroupMemberPointerState(onChain)?.memberAddress?.toBase58()).toBe(mint);
    expect(getTokenGroupMemberState(onChain)?.group?.toBase58()).toBe(group.toBase58());
    const collection = await getMint(connection, group, 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect(getTokenGroupState(collection)?.updateAuthority?.toBase58()).toBe(authority.publicKey.toBase58());
    expect({ supply: collection.supply, mintAuthority: collection.mintAuthority }).toEqual({ supply: 0n, mintAuthority: null });
  });

  it('makes exactly one certificate per order when five attempts race', async () => {
    const buyer = Keypair.generate().publicKey;
    const orderId = crypto.randomUUID();
    const minter = createCertificateMinter(connection, authority);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => minter(request(orderId, buyer))));
    expect(results.map((result) => result.status)).toEqual(Array(5).fill('fulfilled'));
    const mints = new Set(results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.mint] : [])));
    expect(mints.size).toBe(1);
    const [mint] = [...mints];
    expect((await getMint(connection, new PublicKey(mint!), 'confirmed', TOKEN_2022_PROGRAM_ID)).supply).toBe(1n);
    // A later retry finds the same certificate instead of making another.
    expect(await minter(request(orderId, buyer))).toEqual({ mint });
    expect((await createCertificateMinter(connection, authority)(request(crypto.randomUUID(), buyer))).mint).not.toBe(mint);
  });
});

describe('parseAuthorityKey', () => {
  const key = Keypair.generate();

  it('reads the Solana CLI\'s JSON array and the base58 form alike', () => {
    expect(parseAuthorityKey(JSON.stringify([...key.secretKey])).publicKey.toBase58()).toBe(key.publicKey.toBase58());
    expect(parseAuthorityKey(` ${bs58.encode(key.secretKey)}\n`).publicKey.toBase58()).toBe(key.publicKey.toBase58());
  });

  it.each([
    ['a public key', () => key.publicKey.toBase58()],
    ['a short array', () => JSON.stringify([...key.secretKey.slice(0, 32)])],
    ['bytes past 255', () => JSON.stringify([...key.secretKey.slice(0, 63), 256])],
    ['a keypair whose halves do not match', () => bs58.encode(Uint8Array.from([...key.secretKey.slice(0, 32), ...Keypair.generate().publicKey.toBytes()]))],
    ['not base58', () => '0OIl'.repeat(22)],
  ])('refuses %s, naming the variable and never the value', (_, value) => {
    const raw = value();
    expect(() => parseAuthorityKey(raw)).toThrow(AuthorityKeyError);
    expect(() => parseAuthorityKey(raw)).toThrow(/^CERTIFICATE_AUTHORITY_KEY /);
    try {
      parseAuthorityKey(raw);
    } catch (error) {
      expect((error as Error).message).not.toContain(raw);
    }
  });
});

describe('checkPaymentsConfigAtStart', () => {
  const merchant = Keypair.generate().publicKey.toBase58();

  it('warns, naming CERTIFICATE_AUTHORITY_KEY, when real payments have no certificate authority', () => {
    const warnings: string[] = [];
    checkPaymentsConfigAtStart({ MERCHANT_WALLET: merchant, TRUSTED_PROXY_HOPS: '1' }, (message) => warnings.push(message));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/CERTIFICATE_AUTHORITY_KEY is not set/);
  });

  it('warns, naming TRUSTED_PROXY_HOPS, when real payments have neither a trusted proxy nor ORX\'s server to tell clients apart', () => {
    const warnings: string[] = [];
    const key = bs58.encode(authority.secretKey);
    checkPaymentsConfigAtStart({ MERCHANT_WALLET: merchant, CERTIFICATE_AUTHORITY_KEY: key }, (message) => warnings.push(message));
    expect(warnings).toEqual([expect.stringMatching(/^ORX: real payments with TRUSTED_PROXY_HOPS=0 and not under ORX's server: .* npm start \(ORX's server\).* set TRUSTED_PROXY_HOPS \(docs\/security\.md\)\.$/)]);
  });

  it('does not warn about the client address under ORX\'s server, which hands the limits the socket\'s', () => {
    const warnings: string[] = [];
    const key = bs58.encode(authority.secretKey);
    checkPaymentsConfigAtStart({ MERCHANT_WALLET: merchant, CERTIFICATE_AUTHORITY_KEY: key, [FRONT_DOOR_FLAG]: '1' }, (message) => warnings.push(message));
    expect(warnings).toEqual([]);
  });

  it('is silent for the simulated shop and for a complete configuration', () => {
    const warnings: string[] = [];
    checkPaymentsConfigAtStart({}, (message) => warnings.push(message));
    const complete = { MERCHANT_WALLET: merchant, CERTIFICATE_AUTHORITY_KEY: bs58.encode(authority.secretKey), TRUSTED_PROXY_HOPS: '1' };
    checkPaymentsConfigAtStart(complete, (message) => warnings.push(message));
    expect(warnings).toEqual([]);
  });

  it('stops the start on a key that cannot work', () => {
    expect(() => checkPaymentsConfigAtStart({ MERCHANT_WALLET: merchant, CERTIFICATE_AUTHORITY_KEY: 'nonsense' })).toThrow(/CERTIFICATE_AUTHORITY_KEY/);
  });
});
