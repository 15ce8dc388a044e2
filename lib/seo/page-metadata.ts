import type { Metadata } from 'next';

type PageSeo = {
  /** The page's own title; the root layout's template adds the shop's name. */
  title: string;
  description: string;
  /** Root-relative; the root layout's metadataBase makes it absolute. */
  path: string;
};

/** Title, description, canonical URL and OpenGraph card of a public page, kept in step. */
export function pageMetadata({ title, description, path }: PageSeo): Metadata {
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: { title, description, url: path, siteName: 'ORX', type: 'website', locale: 'en_US' },
  };
}
