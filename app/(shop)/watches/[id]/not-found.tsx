import Link from 'next/link';

export default function WatchNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <h1 className="font-serif text-3xl">Watch Not Found</h1>
      <p className="text-muted">This timepiece is not in our catalogue.</p>
      <Link href="/watches" className="mt-2 rounded-full border border-gold/60 px-5 py-2.5 text-sm text-gold hover:bg-gold hover:text-ink">
        Browse All Watches
      </Link>
    </div>
  );
}
