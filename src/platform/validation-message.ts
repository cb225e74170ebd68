import type { FastifySchemaValidationError } from 'fastify';

type SchemaErrorDataVar = 'body' | 'headers' | 'params' | 'querystring';

const partNames: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/** Turns the first schema violation into a message that names the field, e.g. "originAmount must be a number". */
export function validationMessage(errors: readonly FastifySchemaValidationError[], part: SchemaErrorDataVar): string {
  const first = errors[0];
  if (first === undefined) return `Invalid ${partNames[part] ?? part}`;
  const path = first.instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
    .join('')
    .replace(/^\./, '');
  const params = first.params as Record<string, unknown>;
  const at = (name: string) => (path ? `${path}.${name}` : name);
  const where = part === 'querystring' ? 'query parameter ' : part === 'params' ? 'path parameter ' : '';
  switch (first.keyword) {
    case 'required':
      return `${where}${at(String(params.missingProperty))} is required`;
    case 'additionalProperties':
      return part === 'querystring'
        ? `Unknown query parameter ${String(params.additionalProperty)}`
        : `${where}${at(String(params.additionalProperty))} is not a recognised field`;
    case 'type':
      return `${where}${path || 'body'} must be ${article(String(params.type))}`;
    case 'enum':
      return `${where}${path} must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `${where}${path} must be ${JSON.stringify(params.allowedValue)}`;
    case 'format':
      return `${where}${path} must be a valid ${String(params.format)}`;
    case 'anyOf':
    case 'oneOf':
      return `${where}${path || 'body'} does not match any accepted shape`;
    default:
      return `${where}${path || (partNames[part] ?? part)} ${first.message ?? 'is invalid'}`;
  }
}

function article(type: string): string {
  const readable = type.replace(/,/g, ' or ');
  if (readable === 'integer') return 'an integer';
  if (readable === 'object') return 'an object';
  if (readable === 'array') return 'an array';
  return `a ${readable}`;
}
