/**
 * JSON text with every object's members sorted by name (in UTF-16 code unit order, as `<` compares strings), so
 * that two payloads differing only in member order give one text: what a keyed request's fingerprint
 * (platform/idempotency.ts) and a provider callback's (provider-protocol/service.ts) hash. Members whose value is
 * undefined are left out and such array items are null, as JSON.stringify does (a parsed body has none). Written as
 * one string per level rather than entries sorted, mapped and joined: it runs on every keyed write.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${text}]`;
  }
  const members = value as Record<string, unknown>;
  let text = '{';
  for (const name of Object.keys(members).sort()) {
    const member = members[name];
    if (member === undefined) continue;
    text += `${text.length === 1 ? '' : ','}${JSON.stringify(name)}:${canonicalJson(member)}`;
  }
  return `${text}}`;
}
