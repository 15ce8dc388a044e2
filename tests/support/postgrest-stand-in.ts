/**
 * A stand-in for a hosted Supabase project's REST interface (PostgREST), which these machines
 * cannot reach. It answers the calls supabase-js makes by running the equivalent SQL on a real
 * Postgres that has the project's migrations (PGlite, or a PostgreSQL server through a pool of
 * connections, tests/support/postgres-server.ts), each request in a transaction of its own under
 * the role the request's API key maps to, as PostgREST does, so row-level security and grants
 * decide as they would on Supabase. Every request is recorded for the tests to check; a request
 * shape it does not know is answered 400 so that a change in what the store sends cannot pass
 * unnoticed.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Headers;
  body: unknown;
};

export type StandInKeys = { anon: string; serviceRole: string };

type Result<T> = { rows: T[]; fields: { name: string; dataTypeID: number }[] };
type Queries = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Result<T>>;
  exec(sql: string): Promise<unknown>;
};
/** What the stand-in asks of its database: PGlite has it, and so has a pool of server connections. */
export type StandInDatabase = Pick<Queries, 'query'> & { transaction<T>(work: (tx: Queries) => Promise<T>): Promise<T> };

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const RESERVED_PARAMS = new Set(['select', 'order', 'on_conflict', 'columns', 'limit', 'offset']);
const NUMERIC_TYPE_ID = 1700;

class BadRequest extends Error {}

export function createPostgrestStandIn(db: StandInDatabase, keys: StandInKeys) {
  const requests: RecordedRequest[] = [];

  const roleFor = (headers: Headers): string | null => {
    const apikey = headers.get('apikey');
    if (headers.get('authorization') !== `Bearer ${apikey}`) return null;
    if (apikey === keys.anon) return 'anon';
    if (apikey === keys.serviceRole) return 'service_role';
    return null;
  };

  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    requests.push({ method: request.method, path: url.pathname, params: url.searchParams, headers: request.headers, body });

    const role = roleFor(request.headers);
    if (!role) return json(401, { message: 'Invalid API key' });
    try {
      const { sql, values } = translate(request.method, url, request.headers, body);
      const result = await db.transaction(async (tx) => {
        await tx.exec(`set local role ${role}`);
        // As PostgREST: the request's headers, for SQL to read (the audit trail's actor).
        await tx.query("select set_config('request.headers', $1, true)", [JSON.stringify(Object.fromEntries(request.headers))]);
        return tx.query<Record<string, unknown>>(sql, values);
      });
      const rows = result.rows.map((row) => toJsonRow(row, result.fields));
      const scalar = await scalarFunction(db, url);
      // As PostgREST: a function returning a plain value answers that value, a set of them an array.
      if (scalar) return json(200, scalar.set ? rows.map((row) => Object.values(row)[0]) : (Object.values(rows[0] ?? {})[0] ?? null));
      return respond(request, rows);
    } catch (error) {
      if (error instanceof BadRequest) return json(400, { code: 'STAND-IN', message: error.message });
      const { code, message } = error as { code?: string; message: string };
      const status = code === '42501' ? (role === 'anon' ? 401 : 403) : code === '23505' ? 409 : 400;
      return json(status, { code, message, details: null, hint: null });
    }
  };

  return { fetch: fetchImpl as typeof fetch, requests };
}

/** For an rpc of a function returning a plain (not a row) type: whether it returns a set of them. */
async function scalarFunction(db: StandInDatabase, url: URL): Promise<{ set: boolean } | null> {
  const name = /^\/rest\/v1\/rpc\/([a-z_]+)$/.exec(url.pathname)?.[1];
  if (!name) return null;
  const { rows } = await db.query<{ set: boolean; kind: string }>(
    `select p.proretset as set, t.typtype as kind from pg_proc p join pg_type t on t.oid = p.prorettype
     where p.proname = $1 and p.pronamespace = 'public'::regnamespace
       -- A function with OUT or TABLE columns answers rows, even with one column.
       and not coalesce(p.proargmodes && array['o', 't', 'b']::"char"[], false)
     limit 1`,
    [name],
  );
  const found = rows[0];
  return found && ['b', 'd', 'e', 'r'].includes(found.kind) ? { set: found.set } : null;
}

function translate(method: string, url: URL, headers: Headers, body: unknown): { sql: string; values: unknown[] } {
  const match = /^\/rest\/v1\/(rpc\/)?([a-z_]+)$/.exec(url.pathname);
  if (!match) throw new BadRequest(`unknown path ${url.pathname}`);
  const [, rpc, name] = match;
  const relation = `public.${identifier(name!)}`;

  if (rpc) {
    const args =
      method === 'GET'
        ? Object.fromEntries([...url.searchParams].filter(([key]) => !RESERVED_PARAMS.has(key)))
        : ((body ?? {}) as Record<string, unknown>);
    const names = Object.keys(args).map(identifier);
    const call = names.map((arg, index) => `${arg} => $${index + 1}`).join(', ');
    if (method !== 'GET' && method !== 'POST') throw new BadRequest(`rpc by ${method}`);
    return { sql: `select * from ${relation}(${call})${orderBy(url)}`, values: Object.values(args) };
  }

  const { where, values } = filters(url);
  const returning = prefers(headers, 'return=representation') ? ` returning ${selectList(url)}` : '';
  switch (method) {
    case 'GET':
      return { sql: `select ${selectList(url)} from ${relation}${where}${orderBy(url)}`, values };
    case 'POST': {
      const rows = Array.isArray(body) ? body : [body];
      const columns = columnsOf(rows);
      const conflict = url.searchParams.get('on_conflict');
      const onConflict = prefers(headers, 'resolution=ignore-duplicates')
        ? ` on conflict${conflict ? ` (${conflict.split(',').map(identifier).join(', ')})` : ''} do nothing`
        : '';
      return {
        sql:
          `insert into ${relation} (${columns.join(', ')}) select ${columns.join(', ')} ` +
          `from json_populate_recordset(null::${relation}, $1::json)${onConflict}${returning}`,
        values: [JSON.stringify(rows)],
      };
    }
    case 'PATCH': {
      const columns = columnsOf([body]);
      const next = values.length + 1;
      return {
        sql:
          `update ${relation} set (${columns.join(', ')}) = (select ${columns.join(', ')} ` +
          `from json_populate_record(null::${relation}, $${next}::json))${where}${returning}`,
        values: [...values, JSON.stringify(body)],
      };
    }
    case 'DELETE':
      return { sql: `delete from ${relation}${where}${returning}`, values };
    default:
      throw new BadRequest(`method ${method}`);
  }
}

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new BadRequest(`not an identifier: ${name}`);
  return name;
}

function columnsOf(rows: unknown[]): string[] {
  const first = rows[0];
  if (typeof first !== 'object' || first === null) throw new BadRequest('body is not an object');
  return Object.keys(first).map(identifier);
}

function selectList(url: URL): string {
  const select = url.searchParams.get('select') ?? '*';
  return select === '*' ? '*' : select.split(',').map(identifier).join(', ');
}

function filters(url: URL): { where: string; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  for (const [key, value] of url.searchParams) {
    if (RESERVED_PARAMS.has(key)) continue;
    if (!value.startsWith('eq.')) throw new BadRequest(`filter ${key}=${value}`);
    values.push(value.slice(3));
    conditions.push(`${identifier(key)} = $${values.length}`);
  }
  return { where: conditions.length ? ` where ${conditions.join(' and ')}` : '', values };
}

function orderBy(url: URL): string {
  const order = url.searchParams.get('order');
  if (!order) return '';
  const terms = order.split(',').map((term) => {
    const [column, direction = 'asc'] = term.split('.');
    if (direction !== 'asc' && direction !== 'desc') throw new BadRequest(`order ${term}`);
    return `${identifier(column ?? '')} ${direction}`;
  });
  return ` order by ${terms.join(', ')}`;
}

function prefers(headers: Headers, preference: string): boolean {
  return (headers.get('prefer') ?? '').split(',').some((part) => part.trim() === preference);
}

/** PostgREST sends numerics as JSON numbers and times as ISO text. */
function toJsonRow(row: Record<string, unknown>, fields: { name: string; dataTypeID: number }[]) {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = row[field.name];
    out[field.name] =
      value instanceof Date ? value.toISOString() : field.dataTypeID === NUMERIC_TYPE_ID && value !== null ? Number(value) : value;
  }
  return out;
}

function respond(request: Request, rows: Record<string, unknown>[]): Response {
  if ((request.headers.get('accept') ?? '').startsWith('application/vnd.pgrst.object+json')) {
    if (rows.length !== 1) {
      return json(406, {
        code: 'PGRST116',
        message: 'JSON object requested, multiple (or no) rows returned',
        details: `The result contains ${rows.length} rows`,
        hint: null,
      });
    }
    return json(200, rows[0]);
  }
  if (request.method !== 'GET' && !prefers(request.headers, 'return=representation') && !request.url.includes('/rpc/')) {
    return new Response(null, { status: 204 });
  }
  return json(200, rows);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
