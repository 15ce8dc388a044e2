import { isDataRefusal } from '@/lib/db/refusal';
import { HttpError } from './errors';

/** The 400 a route answers for a database refusal (lib/db/refusal.ts), naming what could not be stored; null for anything else. */
export function refusalAsHttpError(error: unknown, what: string): HttpError | null {
  return isDataRefusal(error) ? new HttpError(400, `${what} has a value that cannot be stored. Check it and send it again.`) : null;
}
