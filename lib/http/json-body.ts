import { HttpError } from './errors';

/**
 * A request's parsed JSON body: HttpError 413 past `maxBytes` (counted as the bytes arrive,
 * whatever Content-Length says), 400 when it is not JSON.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const tooLarge = new HttpError(413, `Request body must be at most ${Math.round(maxBytes / 1024)} KB`);
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge;
      }
      chunks.push(chunk.value);
    }
  }
  try {
    return JSON.parse(new TextDecoder().decode(Buffer.concat(chunks)));
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
}

/** True when the body is declared as JSON: a cross-site page cannot send that without a CORS preflight. */
export function isJsonRequest(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json');
}
