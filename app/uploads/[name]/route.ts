import { servePhoto } from '@/lib/uploads/routes';

/** The uploaded photos of the embedded backend, under content-addressed names. */
export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  return servePhoto((await params).name);
}
