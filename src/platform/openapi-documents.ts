// The server generates one OpenAPI document from every documented route, and publishes it as two (issue 30, item 3):
// the partner API's at /openapi.json (openapi/openapi.json: /health, the token endpoint, /v1/..., and the webhooks)
// and the operator API's at /admin/openapi.json (openapi/operator-api.json: /admin/v1/...). Each is cut from the
// whole by path, after the shared schemas were factored into components over the whole (platform/components.ts, so
// that a component means one thing in both), and keeps only the components, security schemes and tags its own
// operations use.

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One published document: whose it is, which paths it takes, and whether it lists the webhooks. */
export interface Audience {
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  /** Whether a path of the whole document belongs to this audience. */
  readonly takes: (path: string) => boolean;
  readonly webhooks: boolean;
}

/** Every `$ref` inside a node. */
function refsIn(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value);
      else refsIn(value, found);
    }
  }
  return found;
}

/** The component schemas the given parts reference, following references between components. */
function referencedSchemas(parts: unknown, schemas: JsonObject): JsonObject {
  const prefix = '#/components/schemas/';
  const kept = new Set<string>();
  const pending = [...refsIn(parts, new Set())];
  for (let ref = pending.pop(); ref !== undefined; ref = pending.pop()) {
    if (!ref.startsWith(prefix)) throw new Error(`The document references ${ref}: only component schemas are shared`);
    const name = ref.slice(prefix.length);
    if (kept.has(name)) continue;
    kept.add(name);
    pending.push(...refsIn(schemas[name], new Set()));
  }
  // In the whole document's order (by name).
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
}

const operationsOf = (paths: JsonObject): JsonObject[] =>
  Object.values(paths).flatMap((item) => (isObject(item) ? Object.values(item).filter(isObject) : []));

/** The part of the whole document that is the audience's: its paths, their components, schemes and tags. */
export function documentFor<T extends object>(whole: T, audience: Audience): JsonObject {
  const doc = whole as unknown as JsonObject;
  const paths = Object.fromEntries(
    Object.entries(isObject(doc.paths) ? doc.paths : {}).filter(([path]) => audience.takes(path)),
  );
  const webhooks = audience.webhooks && isObject(doc.webhooks) ? doc.webhooks : undefined;
  const operations = [...operationsOf(paths), ...operationsOf(webhooks ?? {})];
  const usedTags = new Set(operations.flatMap((operation) => (operation.tags ?? []) as string[]));
  const usedSchemes = new Set(
    operations.flatMap((operation) =>
      ((operation.security ?? []) as JsonObject[]).flatMap((requirement) => Object.keys(requirement)),
    ),
  );
  const components = isObject(doc.components) ? doc.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const replaced: JsonObject = {
    info: audience.info,
    paths,
    webhooks,
    components: {
      ...components,
      securitySchemes: Object.fromEntries(Object.entries(schemes).filter(([name]) => usedSchemes.has(name))),
      schemas: referencedSchemas({ paths, webhooks }, isObject(components.schemas) ? components.schemas : {}),
    },
    tags: ((doc.tags ?? []) as { name: string }[]).filter((tag) => usedTags.has(tag.name)),
  };
  // The whole document's keys in its order, each replaced by the audience's part (no webhooks: none).
  return Object.fromEntries(
    Object.entries(doc)
      .map(([key, value]) => [key, key in replaced ? replaced[key] : value])
      .filter(([, value]) => value !== undefined),
  );
}

/** The whole document cut into one document per audience; a path no audience takes is a mistake, refused. */
export function documentsFor<T extends object, K extends string>(
  whole: T,
  audiences: Readonly<Record<K, Audience>>,
): Record<K, JsonObject> {
  const doc = whole as unknown as JsonObject;
  for (const path of Object.keys(isObject(doc.paths) ? doc.paths : {})) {
    const takers = Object.values<Audience>(audiences).filter((audience) => audience.takes(path));
    if (takers.length !== 1) throw new Error(`${path} belongs to ${takers.length} published documents, not one`);
  }
  return Object.fromEntries(
    Object.entries<Audience>(audiences).map(([key, audience]) => [key, documentFor(whole, audience)]),
  ) as Record<K, JsonObject>;
}
