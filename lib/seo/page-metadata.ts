import type { Metadata } from 'next';

type PageMetadataInput = {
  title: string;
  description: string;
  /** The page's path; the root layout's metadataBase (SITE_URL) makes it absolute. */
  path: string;
  image?: { url: string; alt: string };
};

/** Title, description, canonical URL and OpenGraph data of a public page, consistent everywhere. */
export function pageMetadata({ title, description, path, image }: PageMetadataInput): Metadata {
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: {
      title: `${title} · ORX`,
      description,
      url: path,
      siteName: 'ORX',
      type: 'website',
      locale: 'en_US',
      ...(image ? { images: [image] } : {}),
    },
  };
}

/** A meta description of at most `max` characters, cut at a word boundary. */
export function summarize(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,.;:]+$/, '')}…`;
}
