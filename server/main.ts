import { buildApp } from './app.ts';
import { jwtSecretFor, openDatabase, startupFailure } from './bootstrap.ts';
import { type Config, loadConfig } from './config.ts';
import { seedDemo } from './seed/demo.ts';
import { DEMO_EXPOSED_WARNING, demoAccountExposed } from './seed/demo-exposed.ts';
import { preloadLexicon } from './training/morphology.ts';
import { preloadThesaurus } from './training/thesaurus.ts';

let config: Config | undefined;
try {
  config = loadConfig();
  // German routing's word lists, read now rather than on the first German answer (about half a second),
  // and before the app exists, so its event-loop watch (503 when busy) never sees the pause.
  preloadLexicon();
  preloadThesaurus();
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, jwtSecret: jwtSecretFor(config) });
  if (database.kind === 'postgres' && config.JWT_SECRET === undefined) {
    app.log.warn(
      'JWT_SECRET is unset: this process signs with the secret in its DATA_DIR; give every process that serves this database the same JWT_SECRET, or their tokens are refused by each other',
    );
  }

  if (config.SEED_DEMO) {
    const demo = await seedDemo({ db: database.db, now: Date.now, dbKind: database.kind, config });
    if (demo) {
      console.log('\n  Demo-Konto angelegt (wird nur einmal angezeigt):');
      console.log(`    Benutzername: ${demo.username}`);
      console.log(`    Passwort:     ${config.DEMO_PASSWORD ? '(aus DEMO_PASSWORD)' : demo.password}\n`);
    }
  }

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  if (await demoAccountExposed(database, config.HOST)) app.log.warn(DEMO_EXPOSED_WARNING);
  const shown = config.PUBLIC_URL ?? address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  console.log(`\n  Dialogwerk läuft: ${shown}\n`);
} catch (error) {
  console.error(`\n  Dialogwerk startet nicht: ${startupFailure(error, config)}\n`);
  process.exit(1);
}
