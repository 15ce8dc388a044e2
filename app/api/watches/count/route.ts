import { NextResponse } from 'next/server';
import { parseBrandQuery } from '@/lib/catalog/brand-query';
import { catalogStore } from '@/lib/catalog/server-store';

/** GET /api/watches/count?brand=<name>: `{ count }` of the brand's available watches, for the brand cards. */
export async function GET(request: Request) {
  const query = parseBrandQuery(new URL(request.url).searchParams);
  if (!query.ok) return NextResponse.json({ error: query.message }, { status: 400 });
  try {
    return NextResponse.json({ count: await catalogStore().availableBrandCount(query.brand) });
  } catch (error) {
    console.error(`Counting the watches of ${query.brand} failed`, error);
    return NextResponse.json({ error: 'Failed to load watches' }, { status: 503 });
  }
}
