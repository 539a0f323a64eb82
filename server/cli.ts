import { parseArgs } from 'node:util';
import { newPassword } from '../contract/auth.ts';
import { ADMIN_ERRORS } from './accounts/errors.ts';
import { createAccount, setAccountDisabled } from './accounts/manage.ts';
import { registrationLink } from './accounts/registration.ts';
import { findUserByUsername } from './auth/users-queries.ts';
import { openDatabase } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { ApiError } from './http/errors.ts';
import { nluEvaluate } from './training/nlu-evaluate.ts';

const USAGE = `Dialogwerk CLI

  npm run cli -- user:create --username U --password P --first-name F --last-name L [--email E] [--admin]
  npm run cli -- user:disable --username U [--enable]
  npm run cli -- user:magic-link --email E      prints a single-use registration link (7 days)
  npm run cli -- nlu:evaluate --train TRAIN.csv --test TEST.csv | --corpus CORPUS.json
                                                trains the answer classifier, reports how it routes
`;

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
    },
    strict: true,
  });
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  // Needs no database: it only reads the example files.
  if (command === 'nlu:evaluate') {
    try {
      for (const line of nluEvaluate(values)) console.log(line);
    } catch (err) {
      throw new CliError(err instanceof Error ? err.message : String(err));
    }
    return;
  }
  const config = loadConfig();
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
