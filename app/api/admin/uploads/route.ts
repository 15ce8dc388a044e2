import { adminRoute } from '@/lib/admin/route';
import { uploadPhoto } from '@/lib/uploads/routes';

/** An operator's photo upload (issue 14); the session and Origin checks of every admin route. */
export const POST = adminRoute(uploadPhoto);
