// The import rules of docs/architecture.md, enforced by `npm run lint:imports` (run by `npm test`). Each rule's
// name is what a failing CI run prints: look it up in docs/architecture.md, "What each layer may import".

/** The composition root: builds and starts the process. Nothing but itself (and tests) imports it. */
const compositionRoot = '^src/(app|main|cluster|context|secrets-command)[.]ts$';
/** Root files every layer may read: the typed configuration, the limits, and the context interface (types). */
const kernelRoot = '^src/(config|limits|app-context)[.]ts$';
/** Shared capabilities: used by several resources, never an HTTP resource themselves. */
const shared = '^src/(events|ledger|jobs|payouts|accounts|workspaces|partner-users|verification)/';
/**
 * The homes of the audiences other than partners' programs, beside resources/ (the partner API): the operator's
 * console and API, the partner's engineers' dashboard, the customer's hosted pages, the provider service's protocol.
 * Each stands above resources/ and calls them.
 */
const audiences = '^src/(operator|dashboard|hosted|provider-protocol)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-import-cycles',
      comment: 'Modules form layers; a cycle means two of them are one idea or a layer leaks upwards.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'catalogue-is-data',
      comment: 'src/catalogue/ is data reviewed like config: it imports nothing outside itself.',
      severity: 'error',
      from: { path: '^src/catalogue/', pathNot: '[.]test[.]ts$' },
      to: { pathNot: '^src/catalogue/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'domain-is-pure',
      comment: 'src/domain/ is pure logic: it imports only the catalogue, the limits, ibantools and itself (no IO, no framework).',
      severity: 'error',
      from: { path: '^src/domain/', pathNot: '[.]test[.]ts$' },
      // ibantools: the IBAN registry's lengths and BBAN formats, pure functions with no IO (docs/decisions.md).
      to: { pathNot: ['^src/(domain|catalogue)/', '^src/limits[.]ts$', '^node:crypto$', '^crypto$', '(^|/)node_modules/ibantools/'] },
    },
    {
      name: 'storage-is-a-driver',
      comment: 'src/storage/ opens databases and runs statements; it knows nothing of the business above it.',
      severity: 'error',
      from: { path: '^src/storage/', pathNot: '[.]test[.]ts$' },
      // config.ts and limits.ts only: the settings it is opened with, and its bounds (retries, grace).
      to: { path: '^src/', pathNot: ['^src/storage/', '^src/(config|limits)[.]ts$'] },
    },
    {
      name: 'providers-stay-outside',
      comment:
        'src/providers/ wraps the outside world behind small interfaces; it may use domain, catalogue and storage, ' +
        'never the HTTP layer, the shared capabilities or a resource. One file of platform/ is the exception: ' +
        "ajv.ts, the server's one Ajv configuration, which checks the providers file and the provider service's answers.",
      severity: 'error',
      from: { path: '^src/providers/', pathNot: '[.]test[.]ts$' },
      to: { path: '^src/', pathNot: ['^src/(providers|domain|catalogue|storage)/', kernelRoot, '^src/platform/ajv[.]ts$'] },
    },
    {
      name: 'platform-is-cross-cutting',
      comment:
        'src/platform/ holds the HTTP pieces every route uses (auth, errors, idempotency, limits, tokens, logging); ' +
        'it may use domain, catalogue, storage and the workspace cache, never events, ledger, jobs or providers.',
      severity: 'error',
      from: { path: '^src/platform/', pathNot: '[.]test[.]ts$' },
      to: { path: '^src/', pathNot: ['^src/(platform|domain|catalogue|storage|workspaces)/', kernelRoot] },
    },
    {
      name: 'shared-capabilities-below-resources',
      comment:
        'Shared capabilities (events, ledger, jobs, accounts, workspaces, verification, hosted) serve resources; ' +
        'they may use platform, domain, catalogue, storage and each other, and a provider only through its ' +
        'interface (a type), handed to them by a resource: never a provider implementation.',
      severity: 'error',
      from: { path: shared, pathNot: '[.]test[.]ts$' },
      to: { path: '^src/providers/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'nothing-below-imports-resources',
      comment:
        'Only the composition root registers resources, and the other audiences\' homes call them; no lower layer ' +
        'may reach up into src/resources/.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/resources/', audiences, compositionRoot, '[.]test[.]ts$'] },
      to: { path: '^src/resources/' },
    },
    {
      name: 'only-the-root-registers-an-audience',
      comment:
        'operator/, dashboard/, hosted/ and provider-protocol/ are the top of the house under the composition root: nothing ' +
        'else imports them (a resource that needs what one holds takes it from the layer below, where it belongs).',
      severity: 'error',
      from: { path: '^src/', pathNot: [audiences, compositionRoot, '[.]test[.]ts$'] },
      to: { path: audiences },
    },
    {
      name: 'audiences-stay-apart',
      comment:
        "One audience's home never imports another's: what two of them share (HTML escaping, a session's look) " +
        'lives in domain/, catalogue/ or platform/.',
      severity: 'error',
      from: { path: audiences },
      to: { path: audiences, pathNot: '^src/$1/' },
    },
    {
      name: 'routes-are-private',
      comment:
        "A resource, or another audience's home, may call a resource's service, repo or view, never its routes: " +
        'HTTP wiring is registered once, by the partner API (resources/routes.ts) under the composition root.',
      severity: 'error',
      from: { path: '^src/(resources/[^/]+|operator|dashboard|hosted|provider-protocol)/' },
      to: { path: '^src/resources/.*routes[.]ts$', pathNot: '^src/$1/' },
    },
    {
      name: 'composition-root-on-top',
      comment: 'src/app.ts, main.ts, cluster.ts and context.ts build the process; nothing in src/ imports them.',
      severity: 'error',
      from: { path: '^src/', pathNot: [compositionRoot, '[.]test[.]ts$'] },
      to: { path: compositionRoot },
    },
    {
      name: 'cli-talks-http',
      comment: 'The operator CLI drives the operator API over HTTP; it imports no server code but the catalogue.',
      severity: 'error',
      from: { path: '^src/cli/', pathNot: '[.]test[.]ts$' },
      to: { path: '^src/', pathNot: ['^src/(cli|catalogue)/'] },
    },
    {
      name: 'no-missing-modules',
      comment: 'An import that resolves to nothing.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
