import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  /** The exact bytes, as a signature must be computed over them. */
  readonly raw: Buffer;
  readonly body: { id: string; type: string; api_version: string; data: Record<string, unknown> };
}

/** A webhook receiver on loopback: records every POST, answers with the status its path asks for (/status/500). */
export async function aReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({ path: req.url ?? '', headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) });
      const status = Number(/\/status\/(\d{3})/.exec(req.url ?? '')?.[1] ?? 200);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
