// Ceiling A: a bare Fastify route answering a constant JSON, in its own process like the server, with Fastify's
// pino request logging at the server's default level (LOG_LEVEL=info) unless LOG_LEVEL says otherwise, so that the
// cost of request logging can be read from the same run (info vs warn).

import Fastify from 'fastify';

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
const answer = { status: 'ok', service: 'brokerage-bench', version: 1 };

app.get('/constant', async () => answer);
app.get('/health', async () => ({ status: 'ok' }));

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
