/**
 * What `npm run test:changed` reads from the repository for the selection: the changed paths
 * (git), the import graph (dependency-cruiser, with the config `npm run deps` uses), the URL paths
 * each file names, and the files every spec reaches. Nothing runs at import.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isSpec, type ImportGraph } from './changed-selection';
import { stringLiterals, urlPatterns } from './url-literals';

const root = path.resolve(import.meta.dirname, '../..');

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\n')
    .filter(Boolean);

/**
 * The working tree's changes against HEAD (staged or not, both names of a rename) and the untracked
 * files, or with `base` everything since that revision as well.
 */
export function changedFiles(base = 'HEAD'): string[] {
  const tracked = git('diff', '--name-only', '--no-renames', base, '--');
  const untracked = git('ls-files', '--others', '--exclude-standard');
  return [...new Set([...tracked, ...untracked])].sort();
}

/** Where the code the shop and its tests run lives, and the loose files at the root that are code. */
const CODE_ROOTS = ['app', 'components', 'lib', 'e2e', 'tests/support', 'scripts'];

interface CruisedModule {
  source: string;
  coreModule?: boolean;
  dependencies: { resolved: string; coreModule: boolean; couldNotResolve: boolean }[];
}

/** Local modules and what each imports (type-only and dynamic imports included), node_modules left out. */
export function importGraph(): ImportGraph {
  const rootCode = fs.readdirSync(root).filter((name) => /\.(ts|tsx|mjs|cjs|js)$/.test(name) && !name.endsWith('.d.ts'));
  const roots = [...CODE_ROOTS.filter((folder) => fs.existsSync(path.join(root, folder))), ...rootCode];
  const json = execFileSync('npx', ['depcruise', ...roots, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const local = (file: string) => !file.startsWith('node_modules/') && fs.existsSync(path.join(root, file));
  const graph = new Map<string, string[]>();
  for (const cruised of (JSON.parse(json) as { modules: CruisedModule[] }).modules) {
    if (cruised.coreModule || !local(cruised.source)) continue;
    graph.set(
      cruised.source,
      cruised.dependencies.filter((dependency) => !dependency.coreModule && !dependency.couldNotResolve && local(dependency.resolved)).map((dependency) => dependency.resolved),
    );
  }
  return graph;
}

export const e2eSpecs = (graph: ImportGraph) => [...graph.keys()].filter(isSpec).sort();

/** The URL paths each TypeScript or JavaScript file of the graph names. */
export function urlsByFile(graph: ImportGraph): Map<string, string[]> {
  const urls = new Map<string, string[]>();
  for (const file of graph.keys()) {
    if (!/\.(tsx?|mjs|js)$/.test(file)) continue;
    const found = urlPatterns(file, fs.readFileSync(path.join(root, file), 'utf8'));
    if (found.length) urls.set(file, found);
  }
  return urls;
}

/** The specs whose own files name the build's folder (`.next`): they read what the build made. */
export function buildReaders(specs: readonly string[]): string[] {
  return specs.filter((spec) => stringLiterals(spec, fs.readFileSync(path.join(root, spec), 'utf8')).some((text) => /(^|\/)\.next(\/|$)/.test(text)));
}

/**
 * Files a command or a string names by path (`npx tsx e2e/support/usdc-mint.ts`, `'./e2e/support/x.ts'`), and those
 * of the npm scripts it runs.
 */
function filesNamedIn(text: string, graph: ImportGraph, scripts: Record<string, string>): string[] {
  const named = [...text.matchAll(/[\w@()[\].\/-]+\.(?:tsx?|mjs|cjs|js)\b/g)].map(([token]) => path.normalize(token));
  const viaScripts = [...text.matchAll(/npm run (?:--silent )?([\w:-]+)/g)].flatMap(([, name]) => {
    const script = name ? scripts[name] : undefined;
    return script ? filesNamedIn(script, graph, {}) : [];
  });
  return [...new Set([...named, ...viaScripts])].filter((file) => graph.has(file));
}

/**
 * What every spec reaches, with why: Next's files for every request and every page, the Playwright
 * config with the servers and scripts it starts, the build the runner makes (`build:e2e`) and ORX's
 * server.
 */
export function everySpecEntries(graph: ImportGraph): Map<string, string> {
  const entries = new Map<string, string>();
  for (const file of graph.keys()) {
    if (/^(proxy|middleware|instrumentation|instrumentation-client)\.[jt]s$/.test(file)) entries.set(file, 'Next runs it for every request');
    if (/^next\.config\./.test(file)) entries.set(file, "Next's configuration");
    if (/^app\/(layout|template|global-error|not-found|error)\.[jt]sx?$/.test(file)) entries.set(file, 'wraps every page');
  }
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  // Only what its strings name: a comment that mentions a file does not run it.
  const named = (file: string) => stringLiterals(file, fs.readFileSync(path.join(root, file), 'utf8')).flatMap((text) => filesNamedIn(text, graph, scripts));
  for (const configFile of [...entries.keys()].filter((file) => /^next\.config\./.test(file))) {
    for (const file of named(configFile)) entries.set(file, `named by ${configFile}`);
  }
  if (graph.has('playwright.config.ts')) {
    entries.set('playwright.config.ts', 'the Playwright configuration');
    for (const file of named('playwright.config.ts')) entries.set(file, 'started or run by playwright.config.ts');
  }
  for (const file of filesNamedIn(scripts['build:e2e'] ?? '', graph, {})) entries.set(file, 'makes the build the specs run (build:e2e)');
  // ORX's server, which every spec's shop runs on, is built from the entry points its build names.
  for (const builder of filesNamedIn(scripts.build ?? '', graph, {})) {
    entries.set(builder, "builds ORX's server (npm run build)");
    for (const file of named(builder)) entries.set(file, `built by ${builder} into the server every shop runs`);
  }
  return entries;
}
