// Resolving the local $refs of an OpenAPI document, to compare it with the same document written inline.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The document with every `{ $ref: '#/...', ...siblings }` replaced by the schema it points to, the siblings (a use
 * site's own description) laid over it, and components.schemas dropped: what the references stood for.
 */
export function resolveRefs(document: unknown): unknown {
  const doc = document as Json;
  const at = (ref: string): Json =>
    ref
      .slice(2)
      .split('/')
      .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((node, key) => {
        const next = node !== null && typeof node === 'object' && !Array.isArray(node) ? node[key] : undefined;
        if (next === undefined) throw new Error(`$ref ${ref} points at nothing`);
        return next;
      }, doc);
  const resolve = (node: Json, depth: number): Json => {
    if (depth > 64) throw new Error('$ref cycle');
    if (Array.isArray(node)) return node.map((n) => resolve(n, depth));
    if (node === null || typeof node !== 'object') return node;
    const { $ref, ...rest } = node;
    const own = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, resolve(v, depth)]));
    if (typeof $ref !== 'string') return $ref === undefined ? own : { ...own, $ref };
    if (!$ref.startsWith('#/')) throw new Error(`$ref ${$ref} is not local`);
    const target = resolve(at($ref), depth + 1);
    if (target === null || typeof target !== 'object' || Array.isArray(target)) return target;
    return { ...target, ...own };
  };
  const resolved = resolve(doc, 0) as { components?: { schemas?: unknown } };
  const { schemas: _schemas, ...components } = resolved.components ?? {};
  return { ...resolved, components };
}
