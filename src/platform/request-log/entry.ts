import { limits } from '../../limits.js';
import { redactedMember } from '../audit/redaction.js';
import { maskedJsonText } from './mask.js';

// One request as the request log keeps it (issue 30, "Request log"): what the hook captured (hook.ts) is held by the
// writer (writer.ts), then masked and bounded here with its batch, and inserted (repo.ts).
//
// Masking is the rule of data at rest as the audit log applies it (platform/audit/redaction.ts, over the field
// lists of platform/secrets/sensitive.ts), not a second rule: secrets and sealed values are replaced, account numbers
// and tax ids keep their last four, dates of birth and an identity document's details are replaced (mask.ts applies
// redact to JSON text). It is applied to the request's body, to the answer's (which carries its sealed fields opened,
// as the partner received them), and to the query string's parameters by their names. A body is kept up to
// limits.requestLogBodyMaxBytes: a larger one, or an answer that is not JSON (an attachment's file), is left out,
// with its size and the flag that says so.

/** One entry, as the writer holds it and the repository inserts it. */
export interface RequestLogRow {
  readonly workspaceId: string;
  readonly occurredAtMs: number;
  readonly method: string;
  readonly path: string;
  readonly query: string | null;
  readonly status: number;
  readonly latencyMs: number;
  readonly requestId: string;
  readonly idempotencyKey: string | null;
  readonly errorType: string | null;
  readonly requestBody: string | null;
  readonly requestBodyBytes: number | null;
  readonly requestBodyOmitted: boolean;
  readonly responseBody: string | null;
  readonly responseBodyBytes: number | null;
  readonly responseBodyOmitted: boolean;
}

/** What the hook captured of one answered request. */
export interface CapturedRequest {
  readonly workspaceId: string;
  readonly occurredAtMs: number;
  readonly method: string;
  /** The URL as sent: path and query string. */
  readonly url: string;
  readonly status: number;
  readonly latencyMs: number;
  readonly requestId: string;
  readonly idempotencyKey: string | readonly string[] | undefined;
  /**
   * The request's body as parsed (a /v1 body schema declares no default, so validation adds nothing to it):
   * undefined when there was none, when it was not read (refused before), or when its size was over the bound.
   */
  readonly requestBody: unknown;
  /** The request body's size as sent (Content-Length), when known. */
  readonly requestBytes: number | undefined;
  /** The answer's text as sent, when it was text within the bound (in characters); undefined otherwise. */
  readonly responseText: string | undefined;
  /** Whether the answer's content type is JSON. */
  readonly responseJson: boolean;
  /** The answer's size in bytes when its text is not held (too large, or bytes); undefined when there was none. */
  readonly responseBytes: number | undefined;
}

const bounded = (text: string): string =>
  text.length > limits.requestLogTextLengthMax ? text.slice(0, limits.requestLogTextLengthMax) : text;

/** Only a body's size is kept: too large, or not JSON. */
const omitted = (bytes: number) => ({ body: null, bytes, omitted: true });
const absent = { body: null, bytes: null, omitted: false };

interface KeptBody {
  readonly body: string | null;
  readonly bytes: number | null;
  readonly omitted: boolean;
}

/** A masked body's JSON text, kept when within the bound; `sentBytes` is the size as sent, when known. */
function kept(text: string, sentBytes: number | undefined): KeptBody {
  const bytes = Buffer.byteLength(text);
  if (bytes > limits.requestLogBodyMaxBytes) return omitted(sentBytes ?? bytes);
  return { body: text, bytes: sentBytes ?? bytes, omitted: false };
}

/** A body's JSON text masked and kept; a text that is not JSON is not kept (its size only). */
function masked(text: string, sentBytes: number | undefined): KeptBody {
  let shown: string;
  try {
    shown = maskedJsonText(text);
  } catch {
    return omitted(sentBytes ?? Buffer.byteLength(text));
  }
  return kept(shown, sentBytes);
}

function requestBodyOf(captured: CapturedRequest): KeptBody {
  const sent = captured.requestBytes !== undefined && captured.requestBytes > 0 ? captured.requestBytes : undefined;
  if (captured.requestBody !== undefined) {
    let text: string;
    try {
      text = JSON.stringify(captured.requestBody);
    } catch {
      return sent === undefined ? absent : omitted(sent);
    }
    return masked(text, sent);
  }
  return sent === undefined ? absent : omitted(sent);
}

function responseBodyOf(captured: CapturedRequest): KeptBody {
  const text = captured.responseText;
  if (text === undefined) {
    return captured.responseBytes !== undefined && captured.responseBytes > 0
      ? omitted(captured.responseBytes)
      : absent;
  }
  if (text === '') return absent;
  const bytes = Buffer.byteLength(text);
  return captured.responseJson ? masked(text, bytes) : omitted(bytes);
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error envelope's `error` (the spec's error type) of an error answer. */
function errorTypeOf(status: number, answer: unknown): string | null {
  if (status < 400 || answer === null || typeof answer !== 'object') return null;
  const type = (answer as { error?: unknown }).error;
  return typeof type === 'string' ? bounded(type) : null;
}

/** The query string with each parameter masked by its name; the text as sent when no value changed. */
export function maskedQuery(query: string): string {
  const params = new URLSearchParams(query);
  let changed = false;
  const masked: [string, string][] = [];
  for (const [name, value] of params) {
    const shown = redactedMember(name, value);
    const text = typeof shown === 'string' ? shown : String(shown);
    if (text !== value) changed = true;
    masked.push([name, text]);
  }
  return changed ? new URLSearchParams(masked).toString() : query;
}

function splitUrl(url: string): { readonly path: string; readonly query: string | null } {
  const at = url.indexOf('?');
  if (at < 0) return { path: bounded(url), query: null };
  const query = url.slice(at + 1);
  return { path: bounded(url.slice(0, at)), query: query === '' ? null : bounded(maskedQuery(query)) };
}

const headerText = (value: string | readonly string[] | undefined): string | null =>
  value === undefined ? null : bounded(typeof value === 'string' ? value : value.join(', '));

/** The entry the log keeps of a captured request: masked, bounded, its error type read from the answer. */
export function entryOf(captured: CapturedRequest): RequestLogRow {
  const { path, query } = splitUrl(captured.url);
  const request = requestBodyOf(captured);
  const response = responseBodyOf(captured);
  // Only an error answer is parsed, for its type: an error envelope is small.
  const errorType =
    captured.status >= 400 && captured.responseJson && captured.responseText !== undefined
      ? errorTypeOf(captured.status, parsed(captured.responseText))
      : null;
  return {
    workspaceId: captured.workspaceId,
    occurredAtMs: Math.round(captured.occurredAtMs),
    method: captured.method,
    path,
    query,
    status: captured.status,
    latencyMs: captured.latencyMs,
    requestId: captured.requestId,
    idempotencyKey: headerText(captured.idempotencyKey),
    errorType,
    requestBody: request.body,
    requestBodyBytes: request.bytes,
    requestBodyOmitted: request.omitted,
    responseBody: response.body,
    responseBodyBytes: response.bytes,
    responseBodyOmitted: response.omitted,
  };
}

/**
 * About how much memory a captured request holds: its texts' lengths, and the body's size as sent (its parsed form
 * is held until the batch). What the writer's buffer bound counts.
 */
export const capturedSize = (captured: CapturedRequest): number =>
  captured.url.length +
  captured.requestId.length +
  (captured.requestBody === undefined ? 0 : (captured.requestBytes ?? 0)) +
  (captured.responseText?.length ?? 0);
