/**
 * The import rules `npm run lint` checks (`npm run deps`). No folder of lib/ or components/ imports,
 * through any number of others, a folder that imports it back; within lib/checkout, the browser's
 * half and the server's import each other's code in no direction. Each domain can then be read and
 * changed on its own, and the layers of docs/architecture.md stay layers. Type-only imports count:
 * they tie the folders as much as any other. `npm run deps:folders` lists the imports between folders.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment: 'A folder of lib/ or components/ that imports itself back through others (docs/architecture.md: "Folders and their layers").',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(lib|components)/' },
      to: { circular: true },
    },
    {
      name: 'checkout-halves-apart',
      comment: 'lib/checkout/browser and lib/checkout/server share only what sits at the top of lib/checkout/.',
      severity: 'error',
      from: { path: '^lib/checkout/(browser|server)/' },
      to: { path: '^lib/checkout/(browser|server)/', pathNot: '^lib/checkout/$1/' },
    },
    {
      name: 'checkout-shared-below-halves',
      comment: 'What both halves of the checkout use imports neither half.',
      severity: 'error',
      from: { path: '^lib/checkout/[^/]+$' },
      to: { path: '^lib/checkout/(browser|server)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
