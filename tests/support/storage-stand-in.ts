import type { StandInKeys } from './postgrest-stand-in';

/**
 * A stand-in for a hosted Supabase project's Storage API, which these machines cannot reach. It
 * answers the calls supabase-js's storage client makes (upload, download, remove) and the public
 * URL a browser loads, keeping objects in memory. As Supabase does, only the service-role key may
 * write and anyone may read a public bucket. A request shape it does not know is answered 400, so
 * a change in what the store sends cannot pass unnoticed.
 */
export function createStorageStandIn(keys: StandInKeys, publicBuckets: string[]) {
  const objects = new Map<string, { bytes: Buffer; contentType: string; cacheControl: string }>();
  const requests: { method: string; path: string }[] = [];

  const isServiceRole = (headers: Headers) =>
    headers.get('apikey') === keys.serviceRole && headers.get('authorization') === `Bearer ${keys.serviceRole}`;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const notFound = () => json(404, { statusCode: '404', error: 'not_found', message: 'Object not found' });

  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push({ method: request.method, path: url.pathname });
    const publicObject = /^\/storage\/v1\/object\/public\/([^/]+)\/(.+)$/.exec(url.pathname);
    if (publicObject && request.method === 'GET') {
      const [, bucket, name] = publicObject;
      const object = publicBuckets.includes(bucket!) ? objects.get(`${bucket}/${name}`) : undefined;
      if (!object) return notFound();
      return new Response(new Uint8Array(object.bytes), {
        headers: { 'content-type': object.contentType, 'cache-control': object.cacheControl },
      });
    }
    if (!isServiceRole(request.headers)) {
      return json(403, { statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' });
    }

    const object = /^\/storage\/v1\/object\/([^/]+)\/(.+)$/.exec(url.pathname);
    if (object && request.method === 'POST') {
      const key = `${object[1]}/${object[2]}`;
      if (objects.has(key) && request.headers.get('x-upsert') !== 'true') {
        return json(409, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
      }
      objects.set(key, {
        bytes: Buffer.from(await request.arrayBuffer()),
        contentType: request.headers.get('content-type') ?? 'application/octet-stream',
        cacheControl: request.headers.get('cache-control') ?? 'no-cache',
      });
      return json(200, { Id: key, Key: key });
    }
    if (object && request.method === 'GET') {
      const stored = objects.get(`${object[1]}/${object[2]}`);
      return stored ? new Response(new Uint8Array(stored.bytes)) : notFound();
    }
    const bucket = /^\/storage\/v1\/object\/([^/]+)$/.exec(url.pathname);
    if (bucket && request.method === 'DELETE') {
      const { prefixes } = (await request.json()) as { prefixes: string[] };
      const removed = prefixes.filter((name) => objects.delete(`${bucket[1]}/${name}`));
      return json(200, removed.map((name) => ({ name })));
    }
    return json(400, { statusCode: '400', error: 'STAND-IN', message: `Unknown request ${request.method} ${url.pathname}` });
  };

  return { fetch: fetchImpl, objects, requests };
}
