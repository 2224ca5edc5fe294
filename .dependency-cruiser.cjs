/* global module */
// `npm run lint:deps` (part of `npm test`): no import cycle in app/. A type-only import is
// erased by the compiler and cannot form a cycle at run time (React Router's
// `typeof loader` from root.tsx is one), so it is not counted.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Areas never import each other in a cycle: a multi-step operation that spans areas is a flow (app/server/flows).',
      from: { path: '^app/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
