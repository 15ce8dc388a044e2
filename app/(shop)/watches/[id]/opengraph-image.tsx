import { watchCardPng } from '@/components/sharing/card-images';
import { getWatch } from '@/lib/catalog/cached';
import { CARD_CONTENT_TYPE, CARD_SIZE } from '@/lib/seo/social-card';

/** One card per watch, its alt text the watch's name (a static `alt` export could not name it). */
export async function generateImageMetadata({ params }: { params: { id: string } }) {
  const watch = await getWatch(params.id).catch(() => null);
  return [{ id: 'card', alt: watch ? `${watch.brand} ${watch.model}` : 'A watch at ORX', size: CARD_SIZE, contentType: CARD_CONTENT_TYPE }];
}

/** A watch's social card (Next names it in the page's og:image): drawn from the cached catalogue, redrawn after an edit. */
export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  let card;
  try {
    card = await watchCardPng((await params).id);
  } catch (cause) {
    console.error('Failed to draw the card of a watch', cause);
    return new Response('Service unavailable', { status: 503 });
  }
  if (!card) return new Response('Not found', { status: 404 });
  // Browsers and link-preview caches ask again each time, so an edit shows at their next request.
  return new Response(card, { headers: { 'content-type': CARD_CONTENT_TYPE, 'cache-control': 'public, max-age=0, must-revalidate' } });
}
