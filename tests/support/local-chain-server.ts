import { serveLocalChain } from './local-chain';
import { loopbackUrl } from './loopback';

/**
 * Runs the local chain (local-chain.ts, standing in for Devnet) as a process of its own, for the
 * end-to-end run's shop and browser and for the unit tests. Port from LOCAL_CHAIN_PORT (0: any
 * free port); it prints "listening on <url>" once it answers. `npx tsx tests/support/local-chain-server.ts`.
 */

async function main() {
  const server = await serveLocalChain(Number(process.env.LOCAL_CHAIN_PORT ?? 8899));
  console.log(`Local chain listening on ${loopbackUrl(server)}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    });
  }
}

void main();
