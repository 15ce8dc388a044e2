import { ShopLink } from '@/components/ui/shop-link';

/** What an address with nothing behind it shows, in the shop's look, with the way to the watches. */
export function NotFoundPanel({ title, message }: { title: string; message: string }) {
  return (
    <main className="mx-auto flex max-w-md flex-col items-center gap-3 px-5 py-16 text-center">
      <h1 className="font-serif text-3xl">{title}</h1>
      <p className="text-muted">{message}</p>
      <ShopLink href="/watches" className="mt-2 rounded-full border border-gold/60 px-5 py-2.5 text-sm text-gold hover:bg-gold hover:text-ink">
        Browse All Watches
      </ShopLink>
    </main>
  );
}
