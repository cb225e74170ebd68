import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContext } from '../src/context.js';
import { camt054 } from '../test/support/bank-file-builders.js';
import { eurAccount } from '../test/support/bank-providers.js';
import type { Actors } from './actors.js';
import type { Answer, ApiRequest } from './client.js';
import { eurCounterparty, payer } from './fixtures.js';
import { ProductionModel } from './production-model.js';
import { decimal, importFile, sendCallback } from './production-requests.js';
import { runWorkers } from './workers.js';
import { simAdminToken, simEnv, simSecretsKeyring, type World } from './world.js';

// A production sequence's opening, as the production tests open theirs (test/production/*.test.ts): the workspace
// is created and its payer approved by a stage server on the same database (production verifies people by an
// operator's review of the hosted flow, which the simulator does not drive), then everything is production's: 5,000
// EUR arrive by a bank statement line under the deposit's RF reference, 2,000 GBP by the provider's signed callback.

const stageApps = new WeakMap<World, Promise<FastifyInstance>>();

/** The world's stage server: on the run's database directly (no faults), used only to open sequences. */
function stageApp(world: World): Promise<FastifyInstance> {
  let app = stageApps.get(world);
  if (app === undefined) {
    app = (async () => {
      const ctx = await createContext(loadConfig(simEnv), world.db, {
        adminToken: simAdminToken,
        secretsKeyring: simSecretsKeyring,
        clock: world.clock,
        logger: pino({ level: 'silent' }),
        webhookTransport: { post: world.receivers.post, random: () => 0.5 },
      });
      const built = await buildApp(ctx, { logger: false });
      await built.ready();
      return built;
    })();
    stageApps.set(world, app);
  }
  return app;
}

async function onStage(world: World, request: ApiRequest, token: string): Promise<Answer> {
  const response = await (await stageApp(world)).inject({
    method: request.method,
    url: request.url,
    headers: { authorization: `Bearer ${token}` },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown>, lost: false };
}

/** Approves the payer on the stage server, with a token of the workspace it mints. */
async function approvePayer(world: World, workspaceId: string): Promise<void> {
  const [row] = await world.db.query<{ credential_version: number }>(
    'select credential_version from workspaces where id = $1',
    [workspaceId],
  );
  // Tokens are the database's (its signing key): one minted by the production instance is good on the stage one.
  const minted = await world.instance.ctx.tokens.mint(
    workspaceId,
    Number(row?.credential_version ?? 1),
    world.clock.nowMs(),
  );
  const approved = await onStage(
    world,
    { method: 'POST', url: '/v1/simulate/kyc', payload: { userEmail: payer.userEmail, status: 'APPROVED' } },
    minted.token,
  );
  if (approved.status !== 200) throw new Error(`payer not approved: ${approved.status}`);
}

/** A keyed deposit made at set-up; answers its id and RF or provider reference. */
async function setupDeposit(a: Actors, currency: 'EUR' | 'GBP', amount: number) {
  const answer = await a.client.plain(
    { method: 'POST', url: '/v1/deposits', payload: { userData: payer, currency, amount } },
    `setup-${currency}`,
  );
  if (answer.status !== 201) throw new Error(`setup deposit: ${answer.status} ${JSON.stringify(answer.body)}`);
  const depositId = String(answer.body.depositId);
  const reference = String((answer.body.depositInfo as { referenceCode?: string } | undefined)?.referenceCode);
  a.model.acknowledge('deposit', depositId, { amount, currency, reference });
  return { depositId, reference };
}

export async function productionSetUp(a: Actors, name: string): Promise<void> {
  await a.client.open(name, (request) => onStage(a.world, request, simAdminToken));
  const production = new ProductionModel(a.client.workspaceId.replace(/[^A-Za-z0-9]/g, '').slice(-12));
  a.model.production = production;
  await approvePayer(a.world, a.client.workspaceId);

  const eur = await setupDeposit(a, 'EUR', 5_000);
  const line = production.nextId('B');
  production.credit(line, 500_000n, eur.depositId);
  const file = camt054({ iban: eurAccount, currency: 'EUR' }, [
    {
      bankReference: line,
      direction: 'CRDT',
      amount: decimal(500_000n),
      rfReference: eur.reference,
      payerName: eurCounterparty.counterparty.name,
      payerIban: eurCounterparty.counterparty.iban,
    },
  ]);
  const imported = await importFile(a, undefined, file);
  if (imported.status !== 200) throw new Error(`setup import: ${imported.status} ${JSON.stringify(imported.body)}`);

  const gbp = await setupDeposit(a, 'GBP', 2_000);
  const callbackId = production.nextId('C');
  production.credit(callbackId, 200_000n, gbp.depositId);
  const body = { callbackId, depositId: gbp.depositId, currency: 'GBP', amount: decimal(200_000n) };
  const credited = await sendCallback(a, undefined, '/inbound-credits', body);
  if (credited.status !== 200) throw new Error(`setup credit: ${credited.status} ${JSON.stringify(credited.body)}`);
  await runWorkers(a, undefined);
}
