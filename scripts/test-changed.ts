/**
 * `npm run test:changed [-- --base REV] [-- --list]`: the tests that cover a change, before a
 * commit. The change is the working tree against HEAD plus untracked files, or everything since REV
 * (a branch's fork point: `--base $(git merge-base main HEAD)`). It runs the Vitest files that
 * import a changed file (Vitest's own import graph, `vitest related`) next to a PostgreSQL server
 * as the test command does, then builds once and runs the e2e specs that reach a changed file
 * (scripts/support/changed-selection.ts) five times each. `--list` prints the selection and stops.
 * docs/testing.md, "Testing a change", says how the selection works and where it stops.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildReaders, changedFiles, e2eSpecs, everySpecEntries, importGraph, urlsByFile } from './support/changed-inputs';
import { everySpecSelected, selectSpecs } from './support/changed-selection';

/** Each e2e spec runs this many times: a test that fails one run in five shows here, not in CI. */
const REPEAT_EACH = 5;
/** The project Playwright runs after all others, alone (playwright.config.ts). */
const LAST_ALONE = 'instances';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The environment the commands run in, as this process got it: Vitest's API sets NODE_ENV=test and
 * its own variables here, and a build made with NODE_ENV=test fails.
 */
const environment = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

const { values: options } = parseArgs({ options: { base: { type: 'string' }, list: { type: 'boolean', default: false } } });

function run(command: string, args: string[]): boolean {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: environment }).status === 0;
}

/** The Vitest files whose imports reach a changed file, or that changed themselves. */
async function relatedUnitTests(changed: string[]): Promise<string[]> {
  // Vitest's Node API is an ES module only: tsx runs this file as CommonJS.
  const { createVitest } = await import('vitest/node');
  const vitest = await createVitest('test', { watch: false, run: true, related: changed.map((file) => path.join(root, file)), passWithNoTests: true }, {}, {});
  try {
    const specifications = await vitest.getRelevantTestSpecifications();
    return [...new Set(specifications.map((specification) => path.relative(root, specification.moduleId)))].sort();
  } finally {
    await vitest.close();
  }
}

/** The Playwright projects each spec runs in, as the config says (listed, nothing started). */
function projectsOf(specs: string[]): Map<string, Set<string>> {
  const listed = spawnSync('npx', ['playwright', 'test', '--list', '--reporter=json', '--no-deps', ...specs], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: environment });
  if (listed.status !== 0) throw new Error(`playwright test --list failed:\n${listed.stderr}`);
  interface Suite {
    file: string;
    specs?: { tests: { projectName: string }[] }[];
    suites?: Suite[];
  }
  const report = JSON.parse(listed.stdout) as { config: { rootDir: string }; suites: Suite[] };
  const projects = new Map<string, Set<string>>();
  const walk = (suite: Suite, file: string) => {
    for (const spec of suite.specs ?? []) for (const test of spec.tests) projects.set(test.projectName, (projects.get(test.projectName) ?? new Set()).add(file));
    for (const inner of suite.suites ?? []) walk(inner, file);
  };
  for (const suite of report.suites) walk(suite, path.relative(root, path.join(report.config.rootDir, suite.file)));
  return projects;
}

async function main(): Promise<number> {
  const changed = changedFiles(options.base);
  const against = options.base ? `since ${options.base}` : 'against HEAD';
  if (!changed.length) {
    console.log(`Nothing changed ${against}: no test to run.`);
    return 0;
  }
  console.log(`Changed ${against} (with untracked files):\n${changed.map((file) => `  ${file}`).join('\n')}`);

  const units = await relatedUnitTests(changed);
  const graph = importGraph();
  const specs = e2eSpecs(graph);
  const selection = selectSpecs({ graph, urlsByFile: urlsByFile(graph), specs, readsBuild: buildReaders(specs), everySpec: everySpecEntries(graph), changed });
  const selected = selection.all ? everySpecSelected(specs, selection.all) : selection.specs;

  console.log(`\nVitest files whose imports reach a changed file (vitest related): ${units.length || 'none'}`);
  for (const file of units) console.log(`  ${file}`);
  if (selection.all) console.log(`\nEvery e2e spec (${specs.length}): ${selection.all.file}: ${selection.all.reason}`);
  else {
    console.log(`\nE2e specs that reach a changed file: ${selected.size || 'none'}`);
    for (const [spec, reasons] of selected) console.log(`  ${spec}\n${reasons.map((reason) => `      ${reason}`).join('\n')}`);
  }
  if (!units.length && !selected.size) {
    console.log('\nNo test covers this change.');
    return 0;
  }
  if (options.list) return 0;

  let passed = true;
  if (units.length) passed = run('bash', ['scripts/support/postgres-cluster.sh', 'npx', 'vitest', 'run', ...units]) && passed;
  if (selected.size) {
    const projects = projectsOf([...selected.keys()]);
    const alone = projects.get(LAST_ALONE);
    projects.delete(LAST_ALONE);
    const repeat = ['--repeat-each', String(REPEAT_EACH)];
    if (!run('npm', ['run', 'build:e2e'])) return 1;
    if (projects.size) {
      const files = [...new Set([...projects.values()].flatMap((set) => [...set]))];
      passed = run('npx', ['playwright', 'test', ...files, ...repeat, ...[...projects.keys()].flatMap((project) => ['--project', project])]) && passed;
    }
    if (alone) passed = run('npx', ['playwright', 'test', ...alone, ...repeat, '--project', LAST_ALONE, '--no-deps']) && passed;
  }
  console.log(passed ? '\nEvery selected test passed.' : '\nSome selected tests failed (above).');
  return passed ? 0 : 1;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
