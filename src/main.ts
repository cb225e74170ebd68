// The only file with process side effects: configuration, storage, listening and signals.
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createContext } from './context.js';
import { limits } from './limits.js';
import { resolveLocalSecrets } from './platform/local-secrets.js';
import { createLogger } from './platform/logger.js';
import { ProvidersFileError } from './providers/providers-file.js';
import { DataDirInUseError } from './storage/data-dir-lock.js';
import { openStore } from './storage/open-store.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const secrets = resolveLocalSecrets(config);
  const logger = createLogger(config.logLevel);
  const store = await openStore(config, logger);
  const ctx = await createContext(config, store.db, {
    adminToken: secrets.adminToken,
    secretsKeyring: secrets.secretsKeyring,
    logger,
  });
  const app = await buildApp(ctx, { logger });
  for (const path of secrets.generated) {
    app.log.warn(
      { path },
      'generated a secret into DATA_DIR (readable only by its owner); set it in the environment to manage it yourself',
    );
  }
  if (config.adminToken === undefined) app.log.info({ path: `${config.dataDir}/admin-token` }, 'operator token file');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const closed = app.close();
    // Node closes the keep-alive connections that are idle when the close begins; one whose request was still in
    // flight goes idle afterwards and would hold the process until keepAliveTimeout (72 s). Close those as they
    // go idle, so a stop takes as long as the slowest request (docs/deployment.md, "Health checks and shutdown").
    const sweep = setInterval(() => app.server.closeIdleConnections(), limits.shutdownIdleSweepMs);
    await closed;
    clearInterval(sweep);
    ctx.providers.stop();
    await ctx.jobs.stop();
    await ctx.webhooks.stop();
    await store.close();
    await new Promise<void>((resolve) => logger.flush(() => resolve()));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // The start's lines (a generated secret's path, the operator token file) are out before the port answers: the
  // logger writes in batches (platform/logger.ts), and whoever waits for /health may read them next.
  await new Promise<void>((resolve) => logger.flush(() => resolve()));
  await app.listen({ port: config.port, host: config.host });
  ctx.jobs.start();
  await ctx.webhooks.start();
  await ctx.providers.start();
  app.log.info(
    {
      store: store.description,
      env: config.brokerageEnv,
      url: config.publicBaseUrl,
      // Ids, never keys: what a rotation's operator checks on each process (docs/reliability/rotation.md).
      secretsKeyId: secrets.secretsKeyring.current.id,
      secretsDecryptKeyIds: secrets.secretsKeyring.ids.slice(1),
    },
    'brokerage partner API ready',
  );
  // One line an operator reads at start-up: what is live, and what production does not offer.
  const report = ctx.capabilities.report();
  app.log.info(
    {
      live: report.filter((c) => c.live).map((c) => `${c.capability}: ${c.detail}`),
      notOffered: report.filter((c) => !c.live).map((c) => c.capability),
    },
    'capabilities',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof ProvidersFileError) {
    process.stderr.write(`brokerage: ${error.message}\n`);
  } else {
    process.stderr.write(
      `brokerage: could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
