// Preloaded with `node --import ./scripts/ts-hooks.mjs script.ts` (Node 20 has no type stripping of its own): runs a
// TypeScript script as it is, its types erased by the repository's own TypeScript (transpileModule: no type check,
// no new dependency). A relative `./x.js` import that has no .js file resolves to `./x.ts`, as tsc's NodeNext does.
// Used by `npm run lint:tables` (scripts/check-table-ownership.ts).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

// Preloaded on the main thread, it registers itself; Node then loads it again on its hooks thread, as the hooks.
if (isMainThread) register(import.meta.url);

let ts;

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.startsWith('file:')) {
    const url = new URL(specifier, context.parentURL);
    const tsUrl = new URL(`${url.href.slice(0, -3)}.ts`);
    if (!existsSync(fileURLToPath(url)) && existsSync(fileURLToPath(tsUrl))) {
      return { url: tsUrl.href, format: 'module', shortCircuit: true };
    }
  }
  return next(specifier, context);
}

/** @type {import('node:module').LoadHook} */
export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  ts ??= createRequire(import.meta.url)('typescript');
  const path = fileURLToPath(url);
  const { outputText } = ts.transpileModule(readFileSync(path, 'utf8'), {
    fileName: path,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
      sourceMap: false,
      inlineSourceMap: true,
    },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
