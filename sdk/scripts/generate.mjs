// `npm run generate -w sdk`: writes src/generated/openapi.ts and src/generated/operations.ts from the server's
// OpenAPI document (openapi/openapi.json at the repository's root).

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateOperations, generateTypes } from './codegen.mjs';

const sdk = new URL('..', import.meta.url);
const document = JSON.parse(readFileSync(new URL('../openapi/openapi.json', sdk), 'utf8'));
const out = new URL('src/generated/', sdk);
mkdirSync(out, { recursive: true });
writeFileSync(new URL('openapi.ts', out), await generateTypes(document));
writeFileSync(new URL('operations.ts', out), generateOperations(document));
console.log(`wrote ${fileURLToPath(out)}openapi.ts and operations.ts`);
