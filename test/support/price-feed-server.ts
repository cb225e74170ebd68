// A price feed on the loopback interface for tests: serves whatever body and status the test sets, after an optional
// delay, and counts the requests it receives.

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';

export const priceFixture = (name: string): string =>
  readFileSync(new URL(`../fixtures/prices/${name}`, import.meta.url), 'utf8');

export class PriceFeedServer {
  body = '';
  status = 200;
  delayMs = 0;
  contentType = 'application/xml';
  requests = 0;
  /** The Authorization header of the last request. */
  authorization: string | undefined;
  private server: Server | undefined;
  private port = 0;

  /** The address of a path on this server (any path serves the same body). */
  url(path = '/stats/eurofxref/eurofxref-daily.xml'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      this.requests += 1;
      this.authorization = request.headers.authorization;
      const answer = () => {
        response.writeHead(this.status, { 'content-type': this.contentType });
        response.end(this.body);
      };
      if (this.delayMs > 0) setTimeout(answer, this.delayMs).unref();
      else answer();
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.server = undefined;
  }
}
