import { certificateImageRoute } from '@/lib/certificate/routes';

/** The certificate's picture: a PNG card of the watch with a QR code to its /verify page. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return certificateImageRoute((await params).id);
}
