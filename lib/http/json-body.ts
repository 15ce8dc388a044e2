import { HttpError } from './errors';

/**
 * A request's body, counted as the bytes arrive (whatever Content-Length says): `tooLarge` is
 * thrown, and the rest of the upload cancelled, as soon as it passes `maxBytes`, so no more than
 * the limit is ever held in memory.
 */
export async function readLimitedBody(request: Request, maxBytes: number, tooLarge: HttpError): Promise<Buffer> {
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
  return Buffer.concat(chunks);
}

/** A request's parsed JSON body: HttpError 413 past `maxBytes`, 400 when it is not JSON. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const tooLarge = new HttpError(413, `Request body must be at most ${Math.round(maxBytes / 1024)} KB`);
  const body = await readLimitedBody(request, maxBytes, tooLarge);
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
}

/** True when the body is declared as JSON: a cross-site page cannot send that without a CORS preflight. */
export function isJsonRequest(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json');
}
