/** JSON answers and request bodies of the admin route handlers. */

export const MAX_BODY_BYTES = 64 * 1024;

/** An answer other than success, with the message the panel shows. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function jsonError(status: number, message: string): Response {
  return Response.json({ error: message }, { status, headers: { 'cache-control': 'no-store' } });
}

/**
 * The parsed JSON object of the body: 413 past MAX_BODY_BYTES (counted as it arrives, whatever
 * Content-Length says), 400 when it is not JSON or not an object.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const tooLarge = new HttpError(413, `Request body must be at most ${MAX_BODY_BYTES / 1024} KB`);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        throw tooLarge;
      }
      chunks.push(chunk.value);
    }
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
