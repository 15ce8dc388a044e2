import { NextResponse } from 'next/server';
import { parseBrandQuery } from '@/lib/catalog/brand-query';
import { getStores } from '@/lib/stores';

/** GET /api/watches?brand=<name>: the available watches of one brand, for the brand cards. */
export async function GET(request: Request) {
  const query = parseBrandQuery(new URL(request.url).searchParams);
  if (!query.ok) return NextResponse.json({ error: query.message }, { status: 400 });
  try {
    const watches = await getStores().catalog.listByBrand(query.brand);
    return NextResponse.json({ watches });
  } catch (error) {
    console.error(`Listing the watches of ${query.brand} failed`, error);
    return NextResponse.json({ error: 'Failed to load watches' }, { status: 503 });
  }
}
