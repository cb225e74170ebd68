import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { errorResponses, titled } from '../../platform/schema.js';
import { databaseRole } from '../../storage/database-role.js';
import { groupFigures } from '../../storage/group-commit.js';
import { urlsPerHost } from '../../storage/postgres-hosts.js';

const DatabaseReport = titled(
  'DatabaseReport',
  Type.Object({
    store: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')], {
      description: 'The embedded store, or the PostgreSQL of DATABASE_URL',
    }),
    hosts: Type.Integer({ minimum: 1, description: 'How many hosts DATABASE_URL lists (1 for the embedded store)' }),
    primary: Type.Boolean({ description: 'Whether the server the pool reached is the writable primary' }),
    server: Type.Union([Type.String(), Type.Null()], {
      description: 'address:port of the server the pool reached; null for the embedded store',
    }),
    synchronousStandbyNames: Type.String({
      description: "The primary's synchronous_standby_names: empty when no commit waits for a standby",
    }),
    synchronousCommit: Type.String({ description: "The primary's synchronous_commit" }),
    groupCommit: Type.Record(
      Type.String({ description: 'The kind of write: deposits, orders' }),
      Type.Object({
        statements: Type.Integer({
          description: 'Statements this process sent for that kind of write since it started',
        }),
        writes: Type.Integer({ description: 'Writes those statements carried' }),
        sizes: Type.Array(
          Type.Object({
            writes: Type.Integer({ description: 'Writes in one statement' }),
            statements: Type.Integer({ description: 'Statements that carried that many' }),
          }),
          { description: 'How many writes the statements carried: the batch sizes under the load so far' },
        ),
      }),
      {
        description:
          "This process's group commit (keyed deposits, and keyed orders funded by a rail, written together in one statement; docs/performance.md): empty until a write went, or when GROUP_COMMIT_ENABLED is off",
      },
    ),
    standbys: Type.Array(
      Type.Object({
        name: Type.String({ description: "The standby's application_name" }),
        state: Type.String({ description: 'streaming, catchup, …' }),
        sync: Type.String({ description: 'sync, quorum, potential or async: whether a commit waits for it' }),
        replayLagMs: Type.Union([Type.Integer(), Type.Null()], { description: 'How far behind it replays' }),
      }),
    ),
  }),
);

/**
 * The database's role and replication (issue 31, "Operators' part"), as the server sees it: `brokerage doctor`
 * prints it with the capabilities, and warns when no commit waits for a standby.
 */
export async function databaseAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/database',
    {
      schema: {
        operationId: 'admin.database.get',
        tags: ['Operators'],
        summary: "The database's role and replication: the primary the server writes to, and its standbys",
        response: { 200: DatabaseReport, ...errorResponses('read', [401]) },
      },
    },
    async () => ({
      store: ctx.db.kind,
      hosts: ctx.config.databaseUrl === undefined ? 1 : urlsPerHost(ctx.config.databaseUrl).length,
      ...(await databaseRole(ctx.db)),
      groupCommit: Object.fromEntries(
        Object.entries(groupFigures(ctx.db)).map(([kind, figures]) => [
          kind,
          {
            statements: figures.statements,
            writes: figures.parts,
            sizes: figures.sizes.flatMap((statements, writes) => (statements ? [{ writes, statements }] : [])),
          },
        ]),
      ),
    }),
  );
}
