import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTemplates, embeddedTarget, fillCatalogue } from '@/lib/catalog/catalogue-fill';
import { UNSEEDED_ORDERS } from '@/lib/catalog/pages';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';

/**
 * Issue 34: what the kept pages read does not grow with the catalogue. The plans the embedded
 * database makes for them, on a generated catalogue large enough that reading every watch is not
 * the planner's cheapest way (20261126001100_listing_pages_at_any_size.sql,
 * 20261126001200_featured_at_any_size.sql). The embedded database runs in the server's thread: a
 * scan of every watch there holds every other request.
 */

const SIZE = 6_000;

let db: PGlite;

beforeAll(async () => {
  db = await openEmbeddedDatabase(IN_MEMORY);
  await fillCatalogue(embeddedTarget(db), await demoTemplates(), SIZE);
  // As the shop's database is when it opens (lib/db/embedded.ts).
  await db.exec('analyze public.watches');
}, 120_000);

afterAll(async () => {
  await db.close();
});

async function planOf(sql: string): Promise<string> {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

async function listingPlan(listing: string, brand: string, seed: number, sort = 'shuffle'): Promise<string> {
  const sql = 'select page_query from public.listing_page_queries($1, $2, $3, $4, $5, 0, 24)';
  const { rows } = await db.query<{ page_query: string }>(sql, [listing, '', brand, sort, seed]);
  return planOf(rows[0]!.page_query);
}

describe('the kept pages read the page, not the catalogue', () => {
  it("reads each unseeded order's first page from that order's index", async () => {
    for (let seed = 1; seed <= UNSEEDED_ORDERS; seed++) {
      const plan = await listingPlan('all', '', seed);
      expect(plan).toMatch(new RegExp(`Index (Only )?Scan using watches_shuffle_${seed}_idx`));
      expect(plan).not.toContain('Seq Scan');
    }
    expect(await listingPlan('crypto', '', 3)).toMatch(/Index (Only )?Scan using watches_shuffle_3_idx/);
  });

  it("reads a brand's kept page without a pass over every watch", async () => {
    expect(await listingPlan('all', 'Rolex', 2)).not.toContain('Seq Scan');
  });

  it('orders every watch only for what no kept page asks: another seed, another sort', async () => {
    // The contrast that shows the checks above can fail: no index serves these.
    expect(await listingPlan('all', '', UNSEEDED_ORDERS + 1)).toContain('Seq Scan');
    expect(await listingPlan('all', '', 1, 'price-asc')).toContain('Seq Scan');
  });

  it("finds the newest featured watch of each brand by one probe of the featured watches' index", async () => {
    const plan = await planOf('select * from public.featured_watches()');
    expect(plan).toContain('watches_featured_newest_idx');
    expect(plan).not.toMatch(/Seq Scan on watches/);
  });

  it('counts a listing and lists its brands from the kept counts, which agree with the watches', async () => {
    const countQuery = async (query: string) =>
      (await db.query<{ count_query: string | null }>("select count_query from public.listing_page_queries('all', $1, '', 'shuffle', 1, 0, 24)", [query])).rows[0]!
        .count_query;
    // Only a search counts its matches: a listing without one takes the kept count.
    expect(await countQuery('')).toBeNull();
    expect(await countQuery('rolex')).toContain('count(*)');
    const counted = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0]!.n;
    expect(await counted("select public.listing_total('all', '')::int as n")).toBe(await counted('select count(*)::int as n from public.watches'));
    expect(await counted("select public.listing_total('crypto', 'Rolex')::int as n")).toBe(
      await counted("select count(*)::int as n from public.watches where crypto_edition and brand = 'Rolex'"),
    );
    const brands = (await db.query<{ brand: string }>("select public.listing_brands('all') as brand")).rows.map((row) => row.brand);
    expect(brands).toEqual((await db.query<{ brand: string }>('select distinct brand from public.watches order by brand')).rows.map((row) => row.brand));
  });
});

describe("the collector's filters (issue 50)", () => {
  const facetQueries = async (facets: Record<string, unknown>, brand = '') =>
    (
      await db.query<{ query: string }>("select public.listing_facet_queries('all', '', $1, $2::jsonb) as query", [brand, JSON.stringify(facets)])
    ).rows.map((row) => row.query);
  const pageQuery = async (facets: Record<string, unknown>) =>
    (await db.query<{ page_query: string }>("select page_query from public.listing_page_queries('all', '', '', 'shuffle', 1, 0, 24, $1::jsonb)", [JSON.stringify(facets)]))
      .rows[0]!.page_query;

  it('reads a reference, exactly or by its beginning, from its index', async () => {
    for (const ref of ['126610LN', '1266', '57111A']) {
      const plan = await planOf(await pageQuery({ ref }));
      expect(plan, ref).toContain('watches_reference_key_idx');
      expect(plan, ref).not.toContain('Seq Scan');
    }
    for (const query of await facetQueries({ ref: '126610LN' })) expect(await planOf(query)).toContain('watches_reference_key_idx');
  });

  it('counts every choice of the facets not chosen from in one pass, and each facet chosen from in one more', async () => {
    expect(await facetQueries({})).toHaveLength(1);
    expect(await planOf((await facetQueries({}))[0]!)).toMatch(/MixedAggregate|GroupAggregate|HashAggregate/);
    expect(await facetQueries({ condition: ['unworn'], year_from: 2020 })).toHaveLength(2);
    expect(await facetQueries({ condition: ['unworn'], papers: ['both'], material: ['steel'], movement: ['manual'] })).toHaveLength(4);
  });

  it("counts a brand's choices from the brand's index, not a pass over every watch", async () => {
    for (const query of await facetQueries({}, 'Rolex')) expect(await planOf(query)).not.toContain('Seq Scan');
  });

  it('counts a listing without a search or a filter from the kept counts, which agree with count(*)', async () => {
    const kept = async (listing: string, brand: string) =>
      (await db.query<{ counts: Record<string, Record<string, number>> }>('select public.listing_facets($1, \'\', $2) as counts', [listing, brand])).rows[0]!
        .counts;
    const counted = async (where: string) => {
      const counts: Record<string, Record<string, number>> = { condition: {}, papers: {}, material: {}, movement: {} };
      for (const [facet, column] of [['condition', 'condition'], ['papers', 'box_papers'], ['material', 'case_material'], ['movement', 'movement_type']] as const) {
        const { rows } = await db.query<{ value: string; n: number }>(
          `select ${column} as value, count(*)::int as n from public.watches w where ${where} and ${column} is not null group by 1`,
        );
        for (const row of rows) counts[facet]![row.value] = row.n;
      }
      return counts;
    };
    expect(await kept('all', '')).toEqual(await counted('true'));
    expect(await kept('all', 'Rolex')).toEqual(await counted("brand = 'Rolex'"));
    expect(await kept('crypto', '')).toEqual(await counted('crypto_edition'));
    // Read from the kept counts: the answer follows them, not a count of the watches.
    const row = "(brand, crypto_edition, facet, value) = (select brand, crypto_edition, facet, value from public.watch_facet_counts where facet = 'condition' and value = 'fair' and brand = 'Rolex' limit 1)";
    await db.query(`update public.watch_facet_counts set watches = watches + 1000 where ${row}`);
    try {
      expect((await kept('all', 'Rolex')).condition!.fair).toBe(((await counted("brand = 'Rolex'")).condition!.fair ?? 0) + 1000);
    } finally {
      await db.query(`update public.watch_facet_counts set watches = watches - 1000 where ${row}`);
    }
  });

  it('agrees with a count(*) of the watches each choice leaves', async () => {
    const { rows } = await db.query<{ counts: Record<string, Record<string, number>> }>(
      "select public.listing_facets('all', '', '', $1::jsonb) as counts",
      [JSON.stringify({ condition: ['unworn'], papers: ['both'] })],
    );
    const count = async (where: string) => (await db.query<{ n: number }>(`select count(*)::int as n from public.watches w where ${where}`)).rows[0]!.n;
    expect(rows[0]!.counts.condition!.excellent ?? 0).toBe(await count("box_papers = 'both' and condition = 'excellent'"));
    expect(rows[0]!.counts.papers!.box ?? 0).toBe(await count("condition = 'unworn' and box_papers = 'box'"));
    expect(rows[0]!.counts.material!.steel ?? 0).toBe(await count("condition = 'unworn' and box_papers = 'both' and case_material = 'steel'"));
  });
});
