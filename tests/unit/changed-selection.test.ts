import { describe, expect, it } from 'vitest';
import { buildReaders, e2eSpecs, everySpecEntries, importGraph, urlsByFile } from '@/scripts/support/changed-inputs';
import { routeFile, selectSpecs, urlReachesRoute, type SelectionInput } from '@/scripts/support/changed-selection';
import { urlPatterns } from '@/scripts/support/url-literals';

/** A shop in miniature: what each file imports, and the URLs each names. */
const graph = new Map<string, string[]>([
  ['proxy.ts', ['lib/http/headers.ts']],
  ['lib/http/headers.ts', []],
  ['app/layout.tsx', ['components/layout/header.tsx']],
  ['components/layout/header.tsx', []],
  ['app/(shop)/layout.tsx', ['components/layout/shop-footer.tsx']],
  ['components/layout/shop-footer.tsx', []],
  ['app/(shop)/page.tsx', ['components/home/hero.tsx']],
  ['components/home/hero.tsx', []],
  ['app/(shop)/watches/[id]/page.tsx', ['components/purchase/buy.tsx']],
  ['app/(shop)/watches/[id]/opengraph-image.tsx', []],
  ['components/purchase/buy.tsx', ['lib/checkout/payment-api.ts']],
  ['lib/checkout/payment-api.ts', []],
  ['app/api/payments/[id]/verify/route.ts', ['lib/payments/verify.ts']],
  ['lib/payments/verify.ts', []],
  ['app/admin/page.tsx', ['components/admin/grid.tsx']],
  ['components/admin/grid.tsx', []],
  ['lib/only-unit-tested.ts', []],
  ['e2e/home.spec.ts', []],
  ['e2e/watch-page.spec.ts', []],
  ['e2e/admin.spec.ts', ['e2e/support/admin.ts']],
  ['e2e/support/admin.ts', []],
  ['e2e/payments-api.spec.ts', []],
  ['e2e/bundle.spec.ts', []],
]);

const input = (changed: string[]): SelectionInput => ({
  graph,
  urlsByFile: new Map([
    ['components/layout/header.tsx', ['/watches', '/brands']],
    // A link on the home page: a spec that visits the home page does not visit where it leads.
    ['components/home/hero.tsx', ['/admin']],
    ['lib/checkout/payment-api.ts', ['/api/payments/*/verify', '/api/payments']],
    ['e2e/home.spec.ts', ['/']],
    ['e2e/watch-page.spec.ts', ['/watches/*']],
    ['e2e/support/admin.ts', ['/admin']],
    ['e2e/payments-api.spec.ts', ['/api/payments/not-an-order/verify']],
  ]),
  specs: ['e2e/admin.spec.ts', 'e2e/bundle.spec.ts', 'e2e/home.spec.ts', 'e2e/payments-api.spec.ts', 'e2e/watch-page.spec.ts'],
  readsBuild: ['e2e/bundle.spec.ts'],
  everySpec: new Map([
    ['proxy.ts', 'every request'],
    ['app/layout.tsx', 'wraps every page'],
  ]),
  changed,
});

const selected = (changed: string[]) => {
  const selection = selectSpecs(input(changed));
  return selection.all ? 'all' : [...selection.specs.keys()].sort();
};

describe('the e2e specs a change selects', () => {
  it("a component of one page: the specs that visit it, and the one that reads the build, not those of the pages that link to it", () => {
    expect(selected(['components/admin/grid.tsx'])).toEqual(['e2e/admin.spec.ts', 'e2e/bundle.spec.ts']);
    expect(selectSpecs(input(['components/admin/grid.tsx'])).specs.get('e2e/admin.spec.ts')).toEqual([
      'components/admin/grid.tsx: the spec or its imports: e2e/support/admin.ts names /admin → app/admin/page.tsx, which imports it',
    ]);
  });

  it("an API route: the specs that call it, and those that visit a page whose code calls it (not a page's links)", () => {
    expect(selected(['lib/payments/verify.ts'])).toEqual(['e2e/bundle.spec.ts', 'e2e/payments-api.spec.ts', 'e2e/watch-page.spec.ts']);
  });

  it('a layout of a group: the specs of the pages under it, not the others', () => {
    expect(selected(['components/layout/shop-footer.tsx'])).toEqual(['e2e/bundle.spec.ts', 'e2e/home.spec.ts', 'e2e/watch-page.spec.ts']);
  });

  it("a page's metadata image: the specs that visit the page", () => {
    expect(selected(['app/(shop)/watches/[id]/opengraph-image.tsx'])).toEqual(['e2e/bundle.spec.ts', 'e2e/watch-page.spec.ts']);
  });

  it('a spec or its support: the specs that import it', () => {
    expect(selected(['e2e/home.spec.ts'])).toEqual(['e2e/home.spec.ts']);
    expect(selected(['e2e/support/admin.ts'])).toEqual(['e2e/admin.spec.ts']);
  });

  it('what every request or page passes through, and files no import reaches: every spec', () => {
    expect(selectSpecs(input(['lib/http/headers.ts'])).all).toEqual({ file: 'lib/http/headers.ts', reason: 'proxy.ts (every request)' });
    expect(selected(['components/layout/header.tsx'])).toBe('all');
    expect(selected(['supabase/migrations/20260101000000_x.sql'])).toBe('all');
    expect(selected(['package.json'])).toBe('all');
  });

  it('documentation, unit tests and code no spec reaches: none', () => {
    expect(selected(['docs/testing.md', 'README.md', 'tests/unit/x.test.ts', 'lib/only-unit-tested.ts'])).toEqual([]);
  });
});

describe('routes and the URLs that reach them', () => {
  it('maps files under app/ to the URLs they answer, groups and private folders left out', () => {
    expect(routeFile('app/(shop)/watches/[id]/page.tsx')).toMatchObject({ kind: 'page', folder: '/watches/[id]' });
    expect(routeFile('app/llms.txt/route.ts')).toMatchObject({ kind: 'route', folder: '/llms.txt' });
    expect(routeFile('app/sitemap.ts')).toMatchObject({ kind: 'metadata', folder: '/sitemap' });
    expect(routeFile('app/(shop)/layout.tsx')).toMatchObject({ kind: 'wrapper', directory: 'app/(shop)/' });
    expect(routeFile('app/_parts/page.tsx')).toBeNull();
    expect(routeFile('app/fonts.ts')).toBeNull();
  });

  it('matches named URLs, with the parts code fills in, against dynamic segments', () => {
    const verify = routeFile('app/api/payments/[id]/verify/route.ts')!;
    expect(urlReachesRoute('/api/payments/*/verify', verify)).toBe(true);
    expect(urlReachesRoute('/api/payments/abc/verify', verify)).toBe(true);
    expect(urlReachesRoute('/api/payments', verify)).toBe(false);
    expect(urlReachesRoute('/sitemap.xml', routeFile('app/sitemap.ts')!)).toBe(true);
    expect(urlReachesRoute('/', routeFile('app/(shop)/watches/page.tsx')!)).toBe(false);
  });

  it('reads URL paths from strings, templates and regular expressions, not from comments', () => {
    const text = [
      "// page.goto('/commented')",
      "await page.goto('/watches?brand=Omega');",
      'await request.get(`${BASE_URL}/api/payments/${id}/verify`);',
      'await expect(page).toHaveURL(/\\/orders$/);',
      'const match = html.match(/href="(\\/watches\\/[0-9a-f-]{36})"/);',
      "const notAUrl = '//cdn.example'; const relative = `/${id}`;",
    ].join('\n');
    expect(urlPatterns('x.spec.ts', text).sort()).toEqual(['/api/payments/*/verify', '/orders', '/watches', '/watches/*']);
  });
});

describe('on the repository', () => {
  it('a change to an admin component selects the admin specs and not the home page spec', () => {
    const repository = importGraph();
    const specs = e2eSpecs(repository);
    const selection = selectSpecs({
      graph: repository,
      urlsByFile: urlsByFile(repository),
      specs,
      readsBuild: buildReaders(specs),
      everySpec: everySpecEntries(repository),
      changed: ['components/admin/watch-search-form.tsx'],
    });
    expect(selection.all).toBeNull();
    const adminSpecs = specs.filter((spec) => /^e2e\/admin[^/]*\.spec\.ts$/.test(spec));
    expect(adminSpecs.length).toBeGreaterThan(5);
    expect([...selection.specs.keys()]).toEqual(expect.arrayContaining(adminSpecs));
    expect(selection.specs.has('e2e/home.spec.ts')).toBe(false);
  }, 180_000);
});
