/**
 * Import rules of the portal (design.md, "Rules that keep it easy to see and change"), checked by
 * `npm run lint` and so by `npm test`. Type-only imports count: a cycle or a forbidden import made
 * of types is still a dependency a reader has to follow. tests/integration/structure/ shows each
 * rule failing on a deliberate violation.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles in src: a cycle makes load order matter and hides which module depends on which.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'repository-private',
      severity: 'error',
      comment:
        "A module's repository is imported only by its own module (src/server/modules/<m>/). Another module, the CLI or the seed calls that module's service and passes `tx`.",
      from: { path: '^src/server/modules/([^/]+)/' },
      to: { path: '^src/server/modules/[^/]+/[^/]+\\.repository\\.ts$', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'repository-private',
      severity: 'error',
      comment: "A module's repository is imported only by its own module; code outside src/server/modules calls the module's service.",
      from: { path: '^src/', pathNot: '^src/server/modules/' },
      to: { path: '^src/server/modules/[^/]+/[^/]+\\.repository\\.ts$' },
    },
    {
      name: 'features-not-route-table',
      severity: 'error',
      comment: 'No page or component under src/client/features imports the route table (src/client/routes.tsx); paths, page ids and handles live in a leaf module.',
      from: { path: '^src/client/features/' },
      to: { path: '^src/client/routes\\.tsx$' },
    },
    {
      name: 'shared-is-leaf',
      severity: 'error',
      comment: 'src/shared is used by the server and the client alike, so it imports nothing from either.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|client)/' },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      comment:
        "The client imports nothing from src/server. The one exception is the AppRouter type, imported with `import type` in src/client/trpc.ts: it types the tRPC client and is erased at build, so no server code reaches the browser (the next rule keeps it type-only).",
      from: { path: '^src/client/' },
      to: { path: '^src/server/', pathNot: '^src/server/trpc/router\\.ts$' },
    },
    {
      name: 'client-router-type-only',
      severity: 'error',
      comment: 'The client may import the AppRouter type from src/server/trpc/router.ts, with `import type` only.',
      from: { path: '^src/client/' },
      to: { path: '^src/server/trpc/router\\.ts$', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['\\.test\\.tsx?$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    progress: { type: 'none' },
  },
};
