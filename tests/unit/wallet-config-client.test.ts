import { expect, it } from 'vitest';
import { readWalletConfig } from '@/lib/wallet/wallet-config';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

it("reads the browser's chain settings from GET /api/wallet-config's answer", async () => {
  const config = { rpcUrl: 'http://127.0.0.1:14100', cluster: 'custom', payments: 'solana' };
  await expect(readWalletConfig(answer(200, { ...config, extra: 'ignored' }))).resolves.toEqual(config);
});

it('refuses a failed or malformed answer, so the wallet runtime is loaded again later', async () => {
  await expect(readWalletConfig(answer(503, { error: 'down' }))).rejects.toThrow('answered 503');
  await expect(readWalletConfig(answer(200, { rpcUrl: 'x', cluster: 'localnet', payments: 'solana' }))).rejects.toThrow('unexpected body');
  await expect(readWalletConfig(answer(200, { rpcUrl: 'x', cluster: 'devnet', payments: 'real' }))).rejects.toThrow('unexpected body');
  await expect(readWalletConfig(answer(200, null))).rejects.toThrow('unexpected body');
});
