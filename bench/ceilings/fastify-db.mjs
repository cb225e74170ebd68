// Ceiling D: bare Fastify routes over the store, in their own process like the server, with the server's default
// request logging: GET /rows/:id reads one row by primary key; POST /rows validates a body against a JSON schema
// and inserts one row in a transaction. STORE=postgres uses postgres.js as the server does (pool of
// DATABASE_POOL_SIZE, prepared statements); STORE=pglite opens its own embedded store under DATA_DIR.

import Fastify from 'fastify';
import { openDb } from './open-db.mjs';
import { insertRow, readRow } from './sql.mjs';

const store = process.env.STORE ?? 'postgres';
const db = await openDb({
  store,
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR,
  maxConnections: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
app.get('/health', async () => ({ status: 'ok' }));

app.get('/rows/:id', async (request, reply) => {
  const [row] = await db.query(readRow, [request.params.id]);
  if (!row) return reply.code(404).send({ error: 'not found' });
  return { ...row, amount: Number(row.amount), created_at_ms: Number(row.created_at_ms) };
});

const body = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'workspaceId', 'currency', 'amount', 'data'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    workspaceId: { type: 'string', minLength: 1, maxLength: 64 },
    currency: { type: 'string', pattern: '^[A-Z]{3,5}$' },
    amount: { type: 'integer', minimum: 1 },
    data: { type: 'object' },
  },
};

app.post('/rows', { schema: { body } }, async (request, reply) => {
  const b = request.body;
  const [row] = await db.transaction((tx) =>
    tx.query(insertRow, [b.id, b.workspaceId, b.currency, b.amount, JSON.stringify(b.data), Date.now()]),
  );
  return reply.code(201).send({ id: row.id, createdAt: Number(row.created_at_ms) });
});

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0)),
);
