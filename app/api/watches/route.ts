import { NextResponse } from 'next/server';
import { readListingPage } from '@/lib/catalog/listing-data';
import { listingRequestFromParams } from '@/lib/catalog/listing-request';

/**
 * GET /api/watches?listing=all|crypto&q=&brand=&sort=&seed=&page=: one page of a listing as JSON,
 * `{ request, watches, total, page, pageCount }`, for the listing's client (Show more, search, brand, sort,
 * Shuffle without reloading the page). The brand cards ask /api/watches/count.
 */
export async function GET(request: Request) {
  const parsed = listingRequestFromParams(new URL(request.url).searchParams);
  if (!parsed.ok) return NextResponse.json({ error: parsed.message }, { status: 400 });
  try {
    return NextResponse.json(await readListingPage(parsed.request));
  } catch (error) {
    console.error('Reading a page of a listing failed', error);
    return NextResponse.json({ error: 'Failed to load watches' }, { status: 503 });
  }
}
