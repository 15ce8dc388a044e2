/**
 * Reads a request's JSON body with a size limit, for route handlers. Requiring a JSON content type
 * also means a cross-site page cannot post here without a CORS preflight, which this shop never
 * grants.
 */
export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413 | 415; message: string };

export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
    return { ok: false, status: 415, message: 'Send the body as application/json' };
  }
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) return tooLarge(maxBytes);
  const bytes = await readAtMost(request, maxBytes);
  if (!bytes) return tooLarge(maxBytes);
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { ok: false, status: 400, message: 'The body is not valid JSON' };
  }
}

function tooLarge(maxBytes: number): JsonBody {
  return { ok: false, status: 413, message: `The body is larger than ${Math.round(maxBytes / 1024)} KB` };
}

/** The body's bytes, or null as soon as it passes the limit (a missing content-length is not trusted). */
async function readAtMost(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
