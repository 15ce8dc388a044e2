import { adminRoute, recordAction } from '@/lib/admin/route';
import { uploadPhoto } from '@/lib/uploads/routes';

/** An operator's photo upload (issue 14); the session and Origin checks of every admin route. */
export const POST = adminRoute('catalogue', async (request, _, session) => {
  const response = await uploadPhoto(request);
  const { url } = (await response.clone().json()) as { url: string };
  await recordAction(request, session, { kind: 'photo.upload', subject: null, after: { url } });
  return response;
});
