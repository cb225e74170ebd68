import type { Socket } from 'node:net';
import { ApiError } from '../domain/errors.js';
import { renderError } from './error-envelope.js';
import { securityHeaderValues } from './security-headers.js';

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refuses some requests before Fastify has a request or a route
 * (a malformed request line or header, headers over the size limit, a request that does not arrive in time), and
 * Fastify's default handler writes its own body (`{"error":"Bad Request","message":"Client Error",...}`, or a 408 or
 * 431). Here they are the contract's refusal (spec, Errors): 400 ValidationError, the catalogue's status for a
 * malformed request (408 and 431 are not in it), in the read shape, since no route was matched (as the not-found
 * answer). The connection is closed after it: the parser cannot find the next request on it.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const refusal = new ApiError('ValidationError', messageOf(error.code));
    const body = JSON.stringify(renderError('read', refusal, Date.now()));
    // The headers every answer carries (security-headers.ts), written by hand as the rest of this answer is.
    const headers = Object.entries(securityHeaderValues)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n${headers}` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function messageOf(code: string | undefined): string {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return 'The request headers are larger than the server accepts';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'The request did not arrive in full in time';
    default:
      return 'The request is not well-formed HTTP';
  }
}
