import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { WatchPageBreadcrumb, WatchPageSection } from '@/components/catalog/watch-page-content';
import { getWatch } from '@/lib/catalog/cached';
import { pageMetadata, summarize } from '@/lib/seo/page-metadata';

type WatchPageProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: WatchPageProps): Promise<Metadata> {
  const { id } = await params;
  let watch;
  try {
    watch = await getWatch(id);
  } catch (cause) {
    // The page shows its error state; the metadata falls back to the layout's.
    console.error('Failed to load the watch for its metadata', cause);
    return {};
  }
  if (!watch) notFound();
  return pageMetadata({
    title: `${watch.brand} ${watch.model}`,
    description: summarize(watch.description),
    path: `/watches/${watch.id}`,
    ownCard: true,
  });
}

/** A page per watch (beyond the spec), so that crawlers index each one. */
export default function WatchPage({ params }: WatchPageProps) {
  return (
    <main className="mx-auto w-full max-w-6xl px-5 py-10 sm:py-14">
      <WatchPageBreadcrumb />
      <WatchPageSection id={params.then((p) => p.id)} />
    </main>
  );
}
