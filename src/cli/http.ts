// One HTTP exchange of the CLI with the server, and the failures it can end in. Both the operator API (brokerage.ts)
// and the partner API (partner-session.ts) go through `exchange`, so a refusal, an unreachable server, a timeout and
// an interruption (Ctrl-C) read the same whichever API a command uses.

export const requestTimeoutMs = 30_000;

/** The server answered a refusal: printed as `<status> <type>: <message>`, exit code 1. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** A failure already worded for the person at the terminal; exit code 1. */
export class CliFailure extends Error {}

/**
 * The server (or a proxy in front of it) closed the connection while a large request body was still being sent, so
 * its answer (often 413) was lost: undici then reports only EPIPE or ECONNRESET, which used to read "not reachable"
 * although the server was reached (issue #27). A command that sends a file words it for that file.
 */
export class BodyNotReceived extends CliFailure {
  constructor(
    readonly server: string,
    readonly bodyBytes: number,
    readonly code: string,
  ) {
    super(
      `the server at ${server} closed the connection while the request body (${sizeText(bodyBytes)}) was being sent (${code}): the body is most likely larger than the server, or a proxy in front of it, accepts`,
    );
  }
}

/**
 * From this size on, a connection closed while sending is read as the body being refused: the server's smallest
 * body limit (1 MiB, src/limits.ts bodyLimitBytes) and nginx's default client_max_body_size are both 1 MiB, and a
 * smaller body is usually written whole before any answer could cut it short.
 */
const refusableBodyBytes = 1024 * 1024;

/** "40.0 MiB", "512 KiB", "900 bytes": a size as an operator reads it. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

/** The user pressed Ctrl-C while a request was in flight: no message; a command that follows a stream ends cleanly. */
export class Interrupted extends Error {}

export interface Exchange {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  readonly headers: Record<string, string>;
  readonly body?: string | undefined;
}

/** The answer of a request that succeeded: its body parsed as JSON when it is JSON, else the text. */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * Sends one request. A 2xx answer resolves; any other throws HttpError with the body's `error` and `message` (the
 * API's error bodies) or `error_description` (the token endpoint's RFC 6749 bodies).
 */
export async function exchange(
  doFetch: typeof fetch,
  server: string,
  path: string,
  request: Exchange,
  interrupt: AbortSignal | undefined,
): Promise<Answer> {
  const timeout = AbortSignal.timeout(requestTimeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await doFetch(`${server}${path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      signal: interrupt === undefined ? timeout : AbortSignal.any([timeout, interrupt]),
    });
    text = await response.text();
  } catch (error) {
    if (interrupt?.aborted) throw new Interrupted('interrupted');
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new CliFailure(`the server at ${server} did not answer within ${requestTimeoutMs / 1000} s`);
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
    const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
    const bodyBytes = request.body === undefined ? 0 : Buffer.byteLength(request.body);
    if ((code === 'EPIPE' || code === 'ECONNRESET') && bodyBytes >= refusableBodyBytes) {
      throw new BodyNotReceived(server, bodyBytes, code);
    }
    throw new CliFailure(`the server at ${server} is not reachable${code === undefined ? '' : ` (${code})`}`);
  }
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  if (!response.ok) {
    const fields = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    const type = typeof fields.error === 'string' ? fields.error : 'HttpError';
    const detail = fields.message ?? fields.error_description;
    const message = typeof detail === 'string' ? detail : response.statusText || 'no details';
    throw new HttpError(response.status, type, message);
  }
  return { status: response.status, body: parsed };
}
