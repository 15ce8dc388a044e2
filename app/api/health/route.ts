import { connection } from 'next/server';
import { jsonError } from '@/lib/http/errors';
import { getStores } from '@/lib/shop/stores';

/**
 * For load balancers and start-up scripts: 200 once the catalogue can be read (the embedded
 * database is created on first use, so this also opens it), 503 while it cannot.
 */
export async function GET() {
  await connection();
  try {
    await getStores().catalog.listFeatured();
    return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    console.error('Health check: the catalogue cannot be read', error);
    return jsonError(503, 'The catalogue cannot be read');
  }
}
