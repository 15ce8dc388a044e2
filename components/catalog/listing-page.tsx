import type { ReactNode } from 'react';

/** The frame of a listing page: its title (and tagline) above the listing. */
export function ListingPage({ title, tagline, children }: { title: string; tagline?: string; children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-6xl px-5 py-12 sm:py-16">
      <header className="mb-10">
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">{title}</h1>
        {tagline && <p className="mt-3 max-w-2xl text-muted">{tagline}</p>}
      </header>
      {children}
    </main>
  );
}
