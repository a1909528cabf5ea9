import { buildApp } from './app.ts';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { openDatabase, pgliteDirFor } from './db/open-database.ts';
import { createClock } from './platform/clock.ts';
import { runFirstStart } from './platform/first-start.ts';

/** loadConfig → openDatabase (+ migrations) → app → first-start seeding → sweeper → listen. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
  const clock = createClock(config.clock);
  const app = await buildApp({ config, database, clock });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const firstStart = await runFirstStart(app);
  await app.listen({ port: config.port, host: config.host });
  if (config.sweepIntervalMs > 0) app.platform.sweeper.start(config.sweepIntervalMs);

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  NameBourse is running at http://${shownHost}:${config.port}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite (${pgliteDirFor(config.dataDir)})` : 'PostgreSQL'}`,
    `  API docs: http://${shownHost}:${config.port}/api/docs`,
  ];
  if (config.devTools) lines.push(`  Dev tools: on (clock: ${clock.mode})`);
  if (firstStart.accounts.length > 0) {
    lines.push('  Demo accounts:');
    for (const a of firstStart.accounts) lines.push(`    ${a.role.padEnd(7)} ${a.email}  /  ${a.password}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
