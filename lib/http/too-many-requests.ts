import { jsonError } from './errors';

/** A 429 with the message the page shows and Retry-After, the whole seconds to wait. */
export function tooManyRequests(message: string, retryAfterSeconds: number): Response {
  const response = jsonError(429, message);
  response.headers.set('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return response;
}
