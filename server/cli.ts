import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { newPassword } from '../contract/auth.ts';
import { setPassword } from './accounts/email-flows.ts';
import { ADMIN_ERRORS } from './accounts/errors.ts';
import { createAccount, setAccountDisabled } from './accounts/manage.ts';
import { registrationLink } from './accounts/registration.ts';
import { recordAudit } from './audit/service.ts';
import { findUserByUsername } from './auth/users-queries.ts';
import { openDatabase } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { ApiError } from './http/errors.ts';
import { BackupError, backupDataDir, restoreDataDir } from './ops/backup.ts';
import { readPassword } from './ops/read-password.ts';

const USAGE = `Dialogwerk CLI

  npm run cli -- user:create --username U --password P --first-name F --last-name L [--email E] [--admin]
  npm run cli -- user:disable --username U [--enable]
  npm run cli -- user:magic-link --email E      prints a single-use registration link (7 days)
  npm run cli -- user:password --username U    sets a new password (prompted, or the first line of
                                                stdin) and ends the user's sessions
  npm run cli -- backup --to FILE               SQLite database, media and token secret as one archive,
                                                while the server runs
  npm run cli -- restore --from FILE            into an empty DATA_DIR (PostgreSQL: pg_dump/pg_restore)
  npm run cli -- media:to-s3                    moves DATA_DIR/media into the bucket (MEDIA_STORE=s3 settings)
  npm run cli -- nlu:evaluate --train TRAIN.csv --test TEST.csv | --corpus CORPUS.json
                                                trains the answer classifier, reports how it routes
                                                (with EMBEDDINGS_MODEL and LLM_* set: as the chat does)
`;

const PG_BACKUP_HINT =
  'backup/restore sichern DATA_DIR (SQLite). Für PostgreSQL: pg_dump -Fc / pg_restore und eine Kopie des Buckets (README, Betrieb).';

class CliError extends Error {}

function required(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v.trim() === '') throw new CliError(`--${name} fehlt`);
  return v.trim();
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      email: { type: 'string' },
      admin: { type: 'boolean', default: false },
      enable: { type: 'boolean', default: false },
      train: { type: 'string' },
      test: { type: 'string' },
      corpus: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
    },
    strict: true,
  });
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  // Needs no database: it reads the example files, and asks the embeddings and language model configured.
  if (command === 'nlu:evaluate') {
    try {
      const config = loadConfig();
      // Loaded here: the classifier and the OpenAI client are no start-up cost of the other commands.
      const [{ createEmbedder }, { createLlmProvider }, { nluEvaluate }] = await Promise.all([
        import('./llm/embeddings.ts'),
        import('./llm/provider.ts'),
        import('./training/nlu-evaluate.ts'),
      ]);
      const services = {
        embedder: createEmbedder(config),
        llm: createLlmProvider(config),
        parallel: config.LLM_MAX_PARALLEL,
      };
      for (const line of await nluEvaluate(values, services)) console.log(line);
    } catch (err) {
      throw new CliError(err instanceof Error ? err.message : String(err));
    }
    return;
  }
  const config = loadConfig();
  // Both work on DATA_DIR's files; restore must not create a database before it unpacks one.
  if (command === 'backup' || command === 'restore') {
    if (config.DATABASE_URL !== undefined) throw new CliError(PG_BACKUP_HINT);
    try {
      if (command === 'backup') {
        const to = required(values, 'to');
        const { pages } = await backupDataDir(config.DATA_DIR, to);
        console.log(`Sicherung ${to} geschrieben (${pages} Datenbankseiten, Medien, Schlüssel).`);
      } else {
        const from = required(values, 'from');
        const { files } = await restoreDataDir(from, config.DATA_DIR);
        console.log(`${from} nach ${config.DATA_DIR} wiederhergestellt (${files} Einträge).`);
      }
    } catch (err) {
      if (err instanceof BackupError) throw new CliError(err.message);
      throw err;
    }
    return;
  }
  if (command === 'media:to-s3') {
    // Loaded here only: the AWS SDK is large.
    const { moveMediaToBucket } = await import('./media/move-to-bucket.ts');
    const { moved, bytes } = await moveMediaToBucket(config).catch((err: unknown) => {
      throw new CliError(err instanceof Error ? err.message : String(err));
    });
    console.log(`${moved} Mediendateien (${bytes} Bytes) in den Bucket ${config.S3_BUCKET} verschoben.`);
    return;
  }
  const database = await openDatabase(config);
  // What the account services need of the app's context; the CLI has no token signer or model.
  const ctx = { db: database.db, config, now: () => Date.now() };
  try {
    switch (command) {
      case 'user:create': {
        const username = required(values, 'username');
        const password = newPassword.safeParse(required(values, 'password'));
        if (!password.success) throw new CliError(`--password: ${password.error.issues[0]?.message}`);
        const id = await createAccount(ctx, {
          username,
          email: values.email?.trim() || null,
          first_name: required(values, 'first-name'),
          last_name: required(values, 'last-name'),
          password: password.data,
          is_admin: values.admin === true,
        }).catch((err: unknown) => {
          if (!(err instanceof ApiError)) throw err;
          throw new CliError(
            err.msg === ADMIN_ERRORS.usernameTaken ? `Benutzer ${username} existiert bereits` : err.msg,
          );
        });
        console.log(`Benutzer ${username} angelegt (id ${id}${values.admin ? ', Admin' : ''}).`);
        break;
      }
      case 'user:disable': {
        const username = required(values, 'username');
        const user = await findUserByUsername(ctx.db, username);
        if (!user) throw new CliError(`Benutzer ${username} nicht gefunden`);
        const enable = values.enable === true;
        await setAccountDisabled(ctx, user.id, !enable);
        console.log(`Benutzer ${username} ${enable ? 'aktiviert' : 'deaktiviert und abgemeldet'}.`);
        break;
      }
      case 'user:password': {
        const username = required(values, 'username');
        const user = await findUserByUsername(ctx.db, username);
        if (!user) throw new CliError(`Benutzer ${username} nicht gefunden`);
        const password = newPassword.safeParse(await readPassword(`Neues Passwort für ${username}: `));
        if (!password.success) throw new CliError(`Passwort: ${password.error.issues[0]?.message}`);
        await setPassword(ctx, user, password.data);
        await recordAudit(ctx, {
          action: 'password_reset',
          actorId: null,
          actorName: `cli:${userInfo().username}`,
          address: '',
          details: { username, by: 'npm run cli -- user:password' },
        });
        console.log(`Passwort von ${username} gesetzt; alle Sitzungen sind beendet.`);
        break;
      }
      case 'user:magic-link': {
        const email = required(values, 'email');
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new CliError('--email ist keine gültige E-Mail');
        console.log(await registrationLink(ctx, email));
        break;
      }
      default:
        throw new CliError(`Unbekannter Befehl: ${command}\n\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof CliError || (err instanceof TypeError && 'code' in err) ? err.message : err);
  process.exitCode = 1;
});
