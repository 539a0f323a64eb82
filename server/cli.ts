import { parseArgs } from 'node:util';
import { newPassword } from '../contract/auth.ts';
import { findUserByUsername, insertUser, setUserDisabled } from './accounts/queries.ts';
import { createMagicLink } from './auth/magic-links.ts';
import { hashPassword } from './auth/passwords.ts';
import { revokeAllForUser } from './auth/refresh-tokens.ts';
import { openDatabase } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { appLink } from './mail/service.ts';
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
  const { db } = database;
  try {
    switch (command) {
      case 'user:create': {
        const username = required(values, 'username');
        const password = newPassword.safeParse(required(values, 'password'));
        if (!password.success) throw new CliError(`--password: ${password.error.issues[0]?.message}`);
        if (await findUserByUsername(db, username))
          throw new CliError(`Benutzer ${username} existiert bereits`);
        const id = await insertUser(db, {
          username,
          email: values.email?.trim() || null,
          emailVerified: Boolean(values.email),
          firstName: required(values, 'first-name'),
          lastName: required(values, 'last-name'),
          passwordHash: await hashPassword(password.data),
          isAdmin: values.admin === true,
          now: Date.now(),
        });
        console.log(`Benutzer ${username} angelegt (id ${id}${values.admin ? ', Admin' : ''}).`);
        break;
      }
      case 'user:disable': {
        const username = required(values, 'username');
        const user = await findUserByUsername(db, username);
        if (!user) throw new CliError(`Benutzer ${username} nicht gefunden`);
        const enable = values.enable === true;
        await setUserDisabled(db, user.id, !enable, Date.now());
        if (!enable) await revokeAllForUser(db, user.id, Date.now());
        console.log(`Benutzer ${username} ${enable ? 'aktiviert' : 'deaktiviert und abgemeldet'}.`);
        break;
      }
      case 'user:magic-link': {
        const email = required(values, 'email');
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new CliError('--email ist keine gültige E-Mail');
        const token = await createMagicLink(db, { purpose: 'registration', email, now: Date.now() });
        console.log(appLink(config, 'invitation', token));
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
