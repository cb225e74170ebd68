// `npm run generate -w sdk`: writes src/generated/ from the server's OpenAPI documents at the repository's root: the
// partner API's (openapi/openapi.json: openapi.ts and operations.ts, the BrokerageClient's) and the operator API's
// (openapi/operator-api.json: admin-openapi.ts and admin-operations.ts, the BrokerageAdmin's).

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generatedFiles, generateOperations, generateTypes } from './codegen.mjs';

const sdk = new URL('..', import.meta.url);
const out = new URL('src/generated/', sdk);
mkdirSync(out, { recursive: true });
for (const { source, types, operations, name } of generatedFiles) {
  const document = JSON.parse(readFileSync(new URL(`../${source}`, sdk), 'utf8'));
  writeFileSync(new URL(types, out), await generateTypes(document));
  writeFileSync(new URL(operations, out), generateOperations(document, { name, source }));
  console.log(`wrote ${fileURLToPath(out)}${types} and ${operations} from ${source}`);
}
