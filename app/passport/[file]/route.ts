import { passportRoute } from '@/lib/certificate/routes';

/** A certificate's public passport: GET /passport/{mint}.json (issue 53, docs/passport.md). */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  return passportRoute(request, (await params).file);
}
