import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { isShownLine } from '@/lib/validation/shown-line';
import { describeOnPostgresServer, type PostgresDatabase } from '../support/postgres-server';

/**
 * A staff name passes the zod rule (lib/validation/shown-line.ts) exactly when it passes the
 * database's check (`public.is_shown_line`, behind the CHECKs on staff.name and staff.email): nothing
 * the route accepts is refused by the database, and the database refuses what the route does. Once
 * per database engine: the embedded store and the stand-in share PGlite and one migration, so they
 * share the answer too; a PostgreSQL server is the other engine Supabase's stores meet.
 */

type Database = Pick<PostgresDatabase, 'query'>;

const SURROGATES = { from: 0xd800, to: 0xdfff };

/** Code points as the database can hold them: no NUL, no lone surrogate (neither can be text in Postgres). */
function* storableCodePoints() {
  for (let code = 1; code <= 0x10ffff; code++) if (code < SURROGATES.from || code > SURROGATES.to) yield code;
}

type CodeRange = { from: number; to: number };

/** Runs of consecutive code points, as the SQL below folds them: the database sends a few dozen runs, not a million rows. */
function consecutiveRuns(codes: Iterable<number>): CodeRange[] {
  const runs: CodeRange[] = [];
  for (const code of codes) {
    const last = runs.at(-1);
    if (last && last.to === code - 1) last.to = code;
    else runs.push({ from: code, to: code });
  }
  return runs;
}

function runAgreement(target: { open: () => Promise<Database> }) {
  let database: Database;

  beforeAll(async () => {
    database = await target.open();
  });

  it('agrees with the zod rule for staff names on every single character', async () => {
    const { rows } = await database.query<{ from: number; to: number }>(
      `select min(code) as "from", max(code) as "to"
         from (select code, code - row_number() over (order by code) as run
                 from generate_series(1, 1114111) as code
                where (code < 55296 or code > 57343) and public.is_shown_line(chr(code))) as shown
        group by run order by 1`,
    );
    const shownInSql = rows.map((row) => ({ from: Number(row.from), to: Number(row.to) }));
    const shownInZod = consecutiveRuns([...storableCodePoints()].filter((code) => isShownLine(String.fromCodePoint(code))));
    expect(shownInSql).toEqual(shownInZod);
    // A million calls of the SQL function and of the rule: on a machine whose cores are shared, more
    // than the suite's usual 30 s, which would end it half-way.
  }, 180_000);

  it('agrees with the zod rule for staff names made of the characters that matter', async () => {
    const tricky = fc.constantFrom(...'A z9-😀李\t\n\r\u0007\u001B\u007F\u0085\u00A0\u00AD\u061C\u200B\u200D\u200E\u202A\u202E\u2066\u2069\u2028\u3000\u3164\uFE0F\uFEFF', '\u{E0041}', '\u{1D173}');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: tricky, maxLength: 8 }), { minLength: 1, maxLength: 50 }), async (names) => {
        const { rows } = await database.query<{ shown: boolean }>(`select public.is_shown_line(name) as shown from unnest($1::text[]) with ordinality as t(name, n) order by n`, [names]);
        expect(rows.map((row) => row.shown)).toEqual(names.map((name) => isShownLine(name)));
      }),
      { numRuns: 40 },
    );
  });
}

describe('on PGlite (the embedded store, and the stand-in of the Supabase store)', () => {
  runAgreement({ open: () => openEmbeddedDatabase(IN_MEMORY) });
});
describeOnPostgresServer('on a PostgreSQL server', (db) => db, runAgreement);
