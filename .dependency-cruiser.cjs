// Dependency directions, checked by `npm run lint` (part of `npm test`). See docs/decisions.md,
// 'Dependency directions, checked'. Paths are relative to the repository root.
//
// Type-only imports (`import type`, `import { type X }`, `import('x').T`) count for every direction rule:
// tsPreCompilationDeps keeps them in the graph. They count for the cycle rule too (see its comment).

/** Our code, as far as this check goes: what `npm run lint` cruises. */
const OURS = '^(src|base|resources|providers|server|domain)/';
const BROWSER = '^(src|base|resources|providers)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'browser-not-to-server',
      severity: 'error',
      comment:
        'Browser code (src/, base/, resources/, providers/) must never import server/: it would pull server code ' +
        '(and its secrets, node built-ins, database drivers) into the bundle. Share through domain/ instead.',
      from: { path: BROWSER },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-to-browser',
      severity: 'error',
      comment:
        'server/ must not import browser code (src/, base/, resources/, providers/). What both sides need belongs in ' +
        "domain/. One exception: a resource folder's description.ts (plain data, see " +
        "resource-description-plain-data), so a resource lives in one folder (docs/decisions.md, 'Resource folders').",
      from: { path: '^server/' },
      to: { path: BROWSER, pathNot: '^resources/[^/]+/description\\.ts$' },
    },
    {
      name: 'resource-description-plain-data',
      severity: 'error',
      comment:
        'resources/<name>/description.ts is read by the server and the browser alike: it may import only ' +
        'domain/resourceDescription.ts (and that file only domain/permissions.ts, domain/constants.ts, ' +
        'the field types of domain/fieldDescription.ts and the kinds of domain/fieldKinds.ts, ' +
        'which takes zod as types only), never zod ' +
        'nor anything of the browser or server.',
      from: { path: ['^resources/[^/]+/description\\.ts$', '^domain/resourceDescription\\.ts$'] },
      to: { pathNot: ['^domain/(resourceDescription|permissions|constants|fieldDescription|fieldKinds)\\.ts$'] },
    },
    {
      name: 'core-not-to-http',
      severity: 'error',
      comment:
        'server/core holds the rules and must not know about HTTP: no fastify (nor @fastify/* or fastify-* plugins), ' +
        'nothing under server/routes or server/http. Routes translate HTTP to core calls, not the other way round.',
      from: { path: '^server/core/' },
      to: { path: ['^server/(routes|http)/', '(^|/)node_modules/(fastify|@fastify|fastify-[^/]+)/'] },
    },
    {
      name: 'domain-only-domain',
      severity: 'error',
      comment:
        'domain/ is shared by browser and server: it may import only other domain/ files and npm packages (like ' +
        'zod), never src/, resources/, providers/, server/ or anything else of ours.',
      from: { path: '^domain/' },
      to: { pathNot: ['^domain/', '(^|/)node_modules/'], dependencyTypesNot: ['core'], couldNotResolve: false },
    },
    {
      name: 'domain-no-node-builtins',
      severity: 'error',
      comment:
        'domain/ runs in the browser too: no node: built-ins (node:crypto, node:path, ...). Keep such code in server/.',
      from: { path: '^domain/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-lib-self-contained',
      severity: 'error',
      comment:
        'server/lib is generic helpers: it may import other server/lib files, npm packages and node built-ins, ' +
        'but nothing else of ours (not core, db, routes, domain, ...).',
      from: { path: '^server/lib/' },
      to: { pathNot: ['^server/lib/', '(^|/)node_modules/'], dependencyTypesNot: ['core'], couldNotResolve: false },
    },
    {
      name: 'base-is-the-bottom',
      severity: 'error',
      comment:
        "base/ is the browser's bottom layer (the chosen language, lazy pages, errors, Busy, the back-end contract " +
        'in base/backend.ts): everything in the browser may use it, so it may import only base/, domain/ and npm ' +
        'packages, never src/, resources/ or providers/.',
      from: { path: '^base/' },
      to: { path: '^(src|resources|providers|server)/' },
    },
    {
      name: 'resources-and-providers-not-to-src',
      severity: 'error',
      comment:
        'src/ is the app on top (shell, pages, gate) and assembles resources/ and providers/; they must not import ' +
        'it back. What both need belongs in base/ (or domain/ when the server needs it too).',
      from: { path: '^(resources|providers)/' },
      to: { path: '^src/' },
    },
    {
      name: 'resources-not-to-providers',
      severity: 'error',
      comment:
        'resources/ reach data only through react-admin hooks (useDataProvider, useGetList, ...), never by importing ' +
        'providers/ directly; the contract they type those hooks with is base/backend.ts.',
      from: { path: '^resources/' },
      to: { path: '^providers/' },
    },
    {
      name: 'providers-not-to-resources',
      severity: 'error',
      comment: 'providers/ know the back end, not the screens: they never import resources/.',
      from: { path: '^providers/' },
      to: { path: '^resources/' },
    },
    {
      name: 'providers-given-the-language',
      severity: 'error',
      comment:
        'A provider set is handed the language when it is made (providers/shared/locale.ts); it never reads the ' +
        "app's own language module, base/locale.ts.",
      from: { path: '^providers/' },
      to: { path: '^base/locale\\.ts$' },
    },
    {
      name: 'firebase-sdk-only-in-providers-firebase',
      severity: 'error',
      comment:
        'The Firebase SDK (firebase, @firebase/*) is used only inside providers/firebase: anywhere else it would ' +
        'reach the default build, which must hold none of it (docs/firebase.md). Share what both sets need through ' +
        'domain/ or providers/shared.',
      from: { path: OURS, pathNot: '^providers/firebase/' },
      to: { path: '(^|/)node_modules/(firebase|@firebase)/' },
    },
    {
      name: 'firebase-provider-only-lazily',
      severity: 'error',
      comment:
        'src/ may load providers/firebase only with import() behind the build-time switch (src/main.tsx): a static ' +
        'import would put it in every bundle.',
      from: { path: '^(src|resources)/' },
      to: { path: '^providers/firebase/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'provider-sets-apart',
      severity: 'error',
      comment:
        'A provider set (providers/local, providers/firebase) does not import another one: each stands alone behind ' +
        'base/backend.ts. What they share lives in providers/shared.',
      from: { path: '^providers/(local|firebase)/' },
      to: { path: '^providers/(local|firebase)/', pathNot: '^providers/$1/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'This import is part of a cycle among our files. Move the shared piece (often a type) into the lower module ' +
        'or a new one both can import. Type-only imports count: a type cycle is still two modules that cannot be ' +
        'understood or moved apart, and the fix (moving the type down) is cheap.',
      from: { path: OURS },
      to: { path: OURS, circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import the checker cannot resolve: the rules above cannot see where it goes, so they would pass ' +
        'without checking it. Fix the import, or teach this config how to resolve it.',
      from: { path: OURS },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // `npm run lint` starts from src, resources, providers, server and domain; tests/, bench/ and scripts/ are left
    // out. `exclude` rather than `includeOnly`: includeOnly would also drop node built-ins and unresolvable imports
    // from the graph, and the rules about those would pass without seeing anything.
    exclude: { path: '^(tests|bench|scripts)/' },
    doNotFollow: { path: 'node_modules' },
    // Keep imports TypeScript erases (type-only) in the graph, so the direction rules see them.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve packages through their package.json `exports`, as Node and Vite do (better-auth/api,
    // better-auth/db/migration exist only there).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
