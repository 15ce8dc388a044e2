import { expect, test } from './support/failure-report';
import { E2E_ADMIN_ENV } from './support/admin-credentials';
import { startShop } from './support/processes';
import { PRICE_SERVICE_URL } from './support/servers';
import { freePorts } from '../scripts/support/production-server';

/**
 * ORX's server whose log reader has gone: the pipe its output went to is closed, as when the log
 * shipper or the supervisor reading it ends. Every line it logs then fails to be written, and it
 * must go on answering. Its database address answers nothing, so each health check logs an error.
 */
test('a shop whose log reader has gone keeps answering', async () => {
  const [port] = await freePorts(1);
  const shop = await startShop(
    port!,
    {
      ...E2E_ADMIN_ENV,
      PRICE_API_URL: PRICE_SERVICE_URL,
      PRICE_API_KEY: 'e2e-price-key',
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_ANON_KEY: 'unreachable-anon-key',
      SUPABASE_SERVICE_ROLE_KEY: 'unreachable-service-key',
    },
    // The catalogue cannot be read here, so the health check never answers 200; the SOL price does.
    '/api/sol-price',
  );
  try {
    shop.child.stdout!.destroy();
    shop.child.stderr!.destroy();
    for (let check = 0; check < 3; check++) {
      const health = await fetch(`${shop.url}/api/health`, { signal: AbortSignal.timeout(10_000) });
      expect(health.status, 'the health check answers, and logs why it failed').toBe(503);
    }
    const price = await fetch(`${shop.url}/api/sol-price`, { signal: AbortSignal.timeout(10_000) });
    expect(await price.json()).toMatchObject({ price: 150, stale: false });
  } finally {
    await shop.kill('SIGKILL');
  }
});
