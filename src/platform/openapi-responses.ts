import { STATUS_CODES } from 'node:http';

// Each success answer of the published document is described in one place (issue 30, item 1): @fastify/swagger
// writes "Default Response" wherever a response schema gives no description, which the reference showed 130 times.
// A route's response schema may give its own `description` (a file download says what the file is); otherwise the
// description is generated from the status and what the answer is: the schema's `title`, or the name of the shared
// component it references, through an `{ ok, value }` envelope or an array, e.g. "201 Created: the order",
// "200 OK: a page of deposits", "200 OK: the banking account, in { ok, value }". A schema with neither is a gap the
// document's test names (test/api/openapi.test.ts): give the route's response schema a title.

/** What @fastify/swagger writes when a response schema gives no description. */
export const generatorDefaultDescription = 'Default Response';

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Words that keep their capitals inside a phrase. */
const acronyms = new Map(['AML', 'KYC', 'IBAN', 'OAuth', 'SEPA', 'ACH'].map((word) => [word.toLowerCase(), word]));

/** A component's name as words: `ConversationSummary` → "conversation summary", `AmlScreening` → "AML screening". */
export function nameAsWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((word) => acronyms.get(word.toLowerCase()) ?? word.toLowerCase())
    .join(' ');
}

/** A title as it reads inside a sentence: "Deposit method" → "deposit method"; "AML screening" stays. */
const inSentence = (title: string) => (/^[A-Z][a-z]/.test(title) ? title[0]?.toLowerCase() + title.slice(1) : title);

/** The plural of a noun phrase's last word (English's regular rules: enough for the resources' names). */
export function plural(phrase: string): string {
  if (/(s|x|ch|sh)$/.test(phrase)) return `${phrase}es`;
  if (/[^aeiou]y$/.test(phrase)) return `${phrase.slice(0, -1)}ies`;
  return `${phrase}s`;
}

interface Subject {
  /** The noun phrase, without an article. */
  readonly noun: string;
  readonly many: boolean;
  readonly enveloped: boolean;
}

function subjectOf(schema: unknown, schemas: Record<string, unknown>): Subject | undefined {
  if (!isObject(schema)) return undefined;
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (properties.ok !== undefined && properties.value !== undefined) {
    // An envelope says what it holds by its own title or by its value's.
    const value = subjectOf(typeof schema.title === 'string' ? { title: schema.title } : properties.value, schemas);
    return value === undefined ? undefined : { ...value, enveloped: true };
  }
  if (typeof schema.title === 'string') return { noun: inSentence(schema.title), many: false, enveloped: false };
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop() ?? '';
    const target = schemas[name];
    const title = isObject(target) && typeof target.title === 'string' ? inSentence(target.title) : undefined;
    return { noun: title ?? nameAsWords(name), many: false, enveloped: false };
  }
  if (schema.type === 'array') {
    const item = subjectOf(schema.items, schemas);
    return item === undefined ? undefined : { ...item, noun: plural(item.noun), many: true };
  }
  return undefined;
}

/** "201 Created", and what the answer is when the schema says: "201 Created: the order". */
export function describeAnswer(
  status: string,
  schema: unknown,
  schemas: Record<string, unknown>,
  paged: boolean,
): string {
  const line = `${status} ${STATUS_CODES[Number(status)] ?? ''}`.trim();
  const subject = subjectOf(schema, schemas);
  if (subject === undefined) return line;
  const phrase = subject.many ? `${paged ? 'a page of' : 'the'} ${subject.noun}` : `the ${subject.noun}`;
  return `${line}: ${phrase}${subject.enveloped ? ', in { ok, value }' : ''}`;
}

type Operations = Record<string, Record<string, JsonObject>>;

/** The document with each response the generator left undescribed given its generated description. */
export function describeResponses<T extends object>(document: T): T {
  const doc = document as unknown as { paths?: Operations; components?: { schemas?: Record<string, unknown> } };
  const schemas = doc.components?.schemas ?? {};
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      const parameters = Array.isArray(operation.parameters) ? (operation.parameters as JsonObject[]) : [];
      // Paged by number (page) or by cursor (the events API's startingAfter).
      const paged = parameters.some((p) => p.in === 'query' && (p.name === 'page' || p.name === 'startingAfter'));
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!isObject(response) || response.description !== generatorDefaultDescription) continue;
        const content = isObject(response.content) ? response.content : {};
        const media = Object.values(content).find(isObject);
        response.description = describeAnswer(status, media?.schema, schemas, paged);
      }
    }
  }
  return document;
}
