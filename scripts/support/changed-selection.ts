/**
 * Which end-to-end specs cover a change (`npm run test:changed`, docs/testing.md "Testing a
 * change"). Pure: it is given the repository's import graph, the URL paths each file names and the
 * changed paths, and reads nothing itself, so a fixture of paths tests it.
 *
 * A spec exercises the files it imports and the files of every route it reaches: the routes whose
 * URL its own files name (`page.goto('/watches')`, `request.post('/api/orders')`, `toHaveURL(/\/orders$/)`),
 * each page with the layouts and metadata files above it, and the API routes the code of a reached
 * route calls by path (`fetch('/api/sol-price')`). What every request passes through (the
 * proxy, the root layout, the server, the Playwright config and the servers it starts) is reached
 * by every spec; a spec that reads the build's files reaches every route. A changed file selects the specs that reach it; a changed file the graph does not
 * know (SQL, images, package.json …) may be read at run time or by the build, so it selects them
 * all.
 */

/** Local files and what each imports (repository-relative paths). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

export interface SelectionInput {
  graph: ImportGraph;
  /** URL paths each file names, as `urlPatterns` gives them. */
  urlsByFile: ReadonlyMap<string, readonly string[]>;
  /** Every e2e spec. */
  specs: readonly string[];
  /** Specs that read the production build's files (`.next/`): they see the code of every route. */
  readsBuild: readonly string[];
  /** Files every spec reaches, with why (`proxy.ts: every request`). */
  everySpec: ReadonlyMap<string, string>;
  changed: readonly string[];
}

export interface Selection {
  /** Set when every spec runs: the changed file and why. */
  all: { file: string; reason: string } | null;
  /** Each selected spec with the reasons, one line per changed file that led to it. */
  specs: Map<string, string[]>;
}

/** Changes that no running shop or spec can see: they select no spec. */
const NOT_SEEN_BY_E2E = [/\.md$/, /^docs\//, /^tests\/unit\//, /^\.ci\//, /^\.gitignore$/, /^\.env\.example$/, /^vitest\.config\.mts$/, /^eslint\.config\.mjs$/, /^\.dependency-cruiser\.cjs$/];

export const isUnseenByE2e = (file: string) => NOT_SEEN_BY_E2E.some((pattern) => pattern.test(file));

export const isSpec = (file: string) => /^e2e\/[^/]+\.spec\.tsx?$/.test(file);

/** Segment files: they wrap every page under their folder (Next's file conventions). */
const WRAPPERS = new Set(['layout', 'template', 'error', 'loading', 'not-found', 'forbidden', 'unauthorized', 'default', 'global-error']);
/** Metadata files: served at their own URL and named in the head of every page under their folder. */
const METADATA = new Set(['opengraph-image', 'twitter-image', 'icon', 'apple-icon', 'sitemap', 'robots', 'manifest']);

interface RouteFile {
  kind: 'page' | 'route' | 'wrapper' | 'metadata';
  /** The folder's URL path, groups and slots left out: `/watches/[id]`. */
  folder: string;
  /** The file's folder as written, for what wraps what. */
  directory: string;
}

/** What a file under app/ is to the router, or null when it is no route file. */
export function routeFile(file: string): RouteFile | null {
  const app = /^app\/(.*?)([^/]+)\.(tsx?|jsx?|mjs|svg|png|jpg|ico)$/.exec(file);
  if (app) {
    const [, directory = '', name = ''] = app;
    const segments = directory.split('/').filter(Boolean);
    if (segments.some((segment) => segment.startsWith('_'))) return null;
    const folder = `/${segments.filter((segment) => !/^\(.*\)$/.test(segment) && !segment.startsWith('@')).join('/')}`;
    const kind = name === 'page' ? 'page' : name === 'route' ? 'route' : WRAPPERS.has(name) ? 'wrapper' : METADATA.has(name) ? 'metadata' : null;
    if (!kind) return null;
    return { kind, folder: kind === 'metadata' ? joinPath(folder, name) : folder, directory: `app/${directory}` };
  }
  return null;
}

const joinPath = (folder: string, name: string) => (folder === '/' ? `/${name}` : `${folder}/${name}`);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The URLs a route file answers, as a regular expression (`[id]` one segment, metadata any suffix). */
export function routeRegExp(route: RouteFile): RegExp {
  const body = route.folder
    .split('/')
    .map((segment) => (/^\[\[\.\.\..+\]\]$/.test(segment) ? '.*' : /^\[\.\.\..+\]$/.test(segment) ? '.+' : /^\[.+\]$/.test(segment) ? '[^/]+' : escape(segment)))
    .join('/');
  const suffix = route.kind === 'metadata' ? '(?:[^/]*|/.*)' : '/?';
  return new RegExp(`^${body || ''}${suffix}$`);
}

/** A URL the route answers, for testing a named URL pattern against it. */
const routeSample = (route: RouteFile) =>
  route.folder.replace(/\[\[\.\.\.[^\]]+\]\]/g, '').replace(/\[\.\.\.[^\]]+\]|\[[^\]]+\]/g, 'x') || '/';

/**
 * Whether a URL pattern a file names (`*` standing for what the code fills in, as in a payment's
 * verify path) can be a URL the route answers.
 */
export function urlReachesRoute(pattern: string, route: RouteFile): boolean {
  const named = new RegExp(`^${pattern.split('*').map(escape).join('.*')}/?$`);
  return routeRegExp(route).test(pattern.replaceAll('*', 'x')) || named.test(routeSample(route));
}

/** Files reached from `starts` along the import graph, the starts included. */
function reachable(graph: ImportGraph, starts: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(graph.get(file) ?? []));
  }
  return seen;
}

/** A route and the files it runs: its imports, and for a page the wrappers and metadata above it. */
interface Route {
  file: string;
  route: RouteFile;
  files: Set<string>;
}

function routesOf(graph: ImportGraph): Route[] {
  const routeFiles = [...graph.keys()].flatMap((file) => {
    const route = routeFile(file);
    return route ? [{ file, route }] : [];
  });
  const wrappers = routeFiles.filter(({ route }) => route.kind === 'wrapper' || route.kind === 'metadata');
  return routeFiles
    .filter(({ route }) => route.kind === 'page' || route.kind === 'route' || route.kind === 'metadata')
    .map(({ file, route }) => {
      const above = route.kind === 'page' ? wrappers.filter((wrapper) => route.directory.startsWith(wrapper.route.directory)).map((wrapper) => wrapper.file) : [];
      return { file, route, files: reachable(graph, [file, ...above]) };
    });
}

/**
 * Every file reached from the starting files, each with how: the starts' imports, then the routes
 * whose URL they name and those routes' files, and the API routes those call, until nothing new.
 * `apiOnly` starts name only API routes (a page's links are not visits: a spec that follows one
 * names where it lands).
 */
function reach(graph: ImportGraph, urlsByFile: SelectionInput['urlsByFile'], routes: readonly Route[], starts: { files: Iterable<string>; how: string; apiOnly: boolean; followUrls: boolean }[]): Map<string, string> {
  const via = new Map<string, string>();
  const reachedRoutes = new Set<Route>();
  const pending: { names: Set<string>; chain: string; apiOnly: boolean }[] = [];
  for (const start of starts) {
    const files = reachable(graph, start.files);
    for (const file of files) if (!via.has(file)) via.set(file, start.how);
    if (start.followUrls) pending.push({ names: files, chain: `${start.how}: `, apiOnly: start.apiOnly });
  }
  for (let next = pending.shift(); next; next = pending.shift()) {
    for (const file of next.names) {
      for (const pattern of urlsByFile.get(file) ?? []) {
        if (next.apiOnly && !pattern.startsWith('/api/')) continue;
        for (const route of routes) {
          if (reachedRoutes.has(route) || !urlReachesRoute(pattern, route.route)) continue;
          reachedRoutes.add(route);
          const chain = `${next.chain}${file} names ${pattern} → ${route.file}`;
          for (const reached of route.files) if (!via.has(reached)) via.set(reached, reached === route.file ? chain : `${chain}, which imports it`);
          pending.push({ names: route.files, chain: `${chain}; `, apiOnly: true });
        }
      }
    }
  }
  return via;
}

export function selectSpecs(input: SelectionInput): Selection {
  const selection: Selection = { all: null, specs: new Map() };
  const relevant = input.changed.filter((file) => !isUnseenByE2e(file));
  const routes = routesOf(input.graph);
  const everySpecReaches = reach(
    input.graph,
    input.urlsByFile,
    routes,
    // The API routes the proxy, the server or the config call are called for every spec; those a
    // layout calls are reached by the specs that visit its pages.
    [...input.everySpec].map(([entry, reason]) => ({ files: [entry], how: `${entry} (${reason})`, apiOnly: true, followUrls: routeFile(entry) === null })),
  );
  for (const file of relevant) {
    const everywhere = everySpecReaches.get(file);
    if (everywhere) return { all: { file, reason: everywhere }, specs: selection.specs };
    if (!input.graph.has(file) && !isSpec(file)) {
      return { all: { file, reason: 'no import reaches it: it may be read at run time or by the build' }, specs: selection.specs };
    }
  }
  const everyRoute = routes.flatMap((route) => [...route.files]);
  for (const spec of input.specs) {
    const starts = [{ files: [spec], how: 'the spec or its imports', apiOnly: false, followUrls: true }];
    if (input.readsBuild.includes(spec)) starts.push({ files: everyRoute, how: "the spec reads the build, every route's code", apiOnly: true, followUrls: false });
    const via = reach(input.graph, input.urlsByFile, routes, starts);
    const reasons = relevant.flatMap((file) => {
      const how = via.get(file);
      return how ? [`${file}: ${how}`] : [];
    });
    if (reasons.length) selection.specs.set(spec, reasons);
  }
  return selection;
}

/** Every spec, each with the one reason (for printing when everything runs). */
export function everySpecSelected(specs: readonly string[], all: NonNullable<Selection['all']>): Map<string, string[]> {
  return new Map(specs.map((spec) => [spec, [`${all.file}: ${all.reason}`]]));
}
