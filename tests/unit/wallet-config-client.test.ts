import { expect, it } from 'vitest';
import { readWalletConfig } from '@/lib/wallet/wallet-config';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const config = { rpcUrl: 'http://127.0.0.1:14100', cluster: 'custom', payments: 'solana', usdcMint: null };

it("reads the browser's chain settings from GET /api/wallet-config's answer", async () => {
  await expect(readWalletConfig(answer(200, { ...config, extra: 'ignored' }))).resolves.toEqual(config);
  const usdc = { ...config, usdcMint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU' };
  await expect(readWalletConfig(answer(200, usdc))).resolves.toEqual(usdc);
});

it('refuses a failed or malformed answer, so the wallet runtime is loaded again later', async () => {
  await expect(readWalletConfig(answer(503, { error: 'down' }))).rejects.toThrow('answered 503');
  await expect(readWalletConfig(answer(200, { rpcUrl: 'x', cluster: 'localnet', payments: 'solana' }))).rejects.toThrow('unexpected body');
  await expect(readWalletConfig(answer(200, { rpcUrl: 'x', cluster: 'devnet', payments: 'real' }))).rejects.toThrow('unexpected body');
  await expect(readWalletConfig(answer(200, null))).rejects.toThrow('unexpected body');
  await expect(readWalletConfig(answer(200, { ...config, usdcMint: 'not a mint' }))).rejects.toThrow('unexpected body');
  await expect(readWalletConfig(answer(200, { rpcUrl: 'x', cluster: 'devnet', payments: 'solana' }))).rejects.toThrow('unexpected body');
});
