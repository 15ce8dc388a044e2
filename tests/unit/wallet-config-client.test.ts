import { expect, it, vi } from 'vitest';
import { fetchWalletConfig } from '@/lib/wallet/wallet-config';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch;

it("reads the browser's chain settings from GET /api/wallet-config, uncached", async () => {
  const config = { rpcUrl: 'http://127.0.0.1:14100', cluster: 'custom', payments: 'solana' };
  const fetchConfig = answer(200, { ...config, extra: 'ignored' });
  await expect(fetchWalletConfig(fetchConfig)).resolves.toEqual(config);
  expect(fetchConfig).toHaveBeenCalledWith('/api/wallet-config', { cache: 'no-store' });
});

it('refuses a failed or malformed answer, so the wallet runtime is loaded again later', async () => {
  await expect(fetchWalletConfig(answer(503, { error: 'down' }))).rejects.toThrow('answered 503');
  await expect(fetchWalletConfig(answer(200, { rpcUrl: 'x', cluster: 'localnet', payments: 'solana' }))).rejects.toThrow('unexpected body');
  await expect(fetchWalletConfig(answer(200, { rpcUrl: 'x', cluster: 'devnet', payments: 'real' }))).rejects.toThrow('unexpected body');
  await expect(fetchWalletConfig(answer(200, null))).rejects.toThrow('unexpected body');
});
