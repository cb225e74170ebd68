import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { errorResponses, Obj, StringEnum, titled } from '../../platform/schema.js';
import {
  type SandboxOutcomes,
  sandboxOutcomeModes,
  sandboxOutcomes,
  setSandboxOutcomes,
} from '../../workspaces/sandbox-outcomes.js';

// The workspace's sandbox settings (docs/decisions/sandbox-and-simulator.md, "Sandbox outcomes that wait for the helpers"): today one, who decides the outcomes the sandbox
// would otherwise settle by itself after its delay. Stored in the workspace's row (migrations/0032) and read from it
// by each scheduled outcome when it runs, so every process agrees at once; registered inside simulateRoutes, so
// stage only (production answers 404) and behind the workspace's simulation switch (403 AllowanceError).

const tags = ['Sandbox simulation'];

export const SandboxSettings = titled(
  'Sandbox settings',
  Obj({
    outcomes: StringEnum(sandboxOutcomeModes, {
      description:
        "automatic (the default): the sandbox settles each payout, as its amount asks, and activates each deposit method after its delay. manual: they wait for the helpers by id (a withdrawal stays Pending, an order's payout Withdrawn, a method PENDING); magic amounts then decide nothing",
    }),
  }),
);

interface Settings {
  readonly outcomes: SandboxOutcomes;
}

export async function simulateSettingsRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/simulate/settings',
    {
      schema: {
        operationId: 'simulate.settings',
        tags,
        summary: "The workspace's sandbox settings: whether outcomes settle by themselves or wait for the helpers",
        response: { 200: SandboxSettings, ...errorResponses('read', [401, 403]) },
      },
    },
    async (request): Promise<Settings> => ({
      outcomes: await sandboxOutcomes(ctx.config, ctx.db, request.workspace.id),
    }),
  );

  app.put(
    '/simulate/settings',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'simulate.updateSettings',
        tags,
        summary:
          "Set the workspace's sandbox settings; with outcomes manual, payouts and deposit methods wait for the helpers",
        body: SandboxSettings,
        response: { 200: SandboxSettings, ...errorResponses('create', [400, 401, 403]) },
      },
    },
    async (request): Promise<Settings> => {
      await setSandboxOutcomes(ctx.db, request.workspace.id, request.body.outcomes, ctx.clock.nowMs());
      return { outcomes: request.body.outcomes };
    },
  );
}
