import { randomBytes } from 'node:crypto';
import { createAccount } from '../accounts/manage.ts';
import type { AppContext } from '../context.ts';
import { buildDialog, type SeedBlock } from './build.ts';
import { seedGames } from './games.ts';
import { hasNoAccounts } from './queries.ts';

export interface DemoAccount {
  username: string;
  password: string;
}

type Ctx = Pick<AppContext, 'db' | 'now' | 'dbKind' | 'config'>;

/** The demo dialog's blocks in order; "Nein" jumps to the last one. */
const DEMO_BLOCKS: SeedBlock[] = [
  {
    key: 'welcome',
    type: 'message',
    fields: {
      context:
        'Hallo! Ich bin Lotte und möchte kurz wissen, wie Ihnen unser Workshop gefallen hat.§§#1200#§§Es dauert nur zwei Minuten.',
    },
  },
  {
    key: 'participation',
    type: 'single_choice',
    fields: {
      context: 'Haben Sie am ganzen Workshop teilgenommen?',
      options: ['Ja', 'Nur teilweise', 'Nein'],
      jump_to_ids: [null, null, null],
      jump_to_reactions: ['Super!', 'Danke, dass Sie trotzdem antworten.', ''],
      variable: 'teilnahme',
      short_name: 'Teilnahme',
    },
  },
  {
    key: 'satisfaction',
    type: 'likert',
    fields: {
      context: 'Wie zufrieden waren Sie mit dem Workshop insgesamt?',
      options: ['Sehr unzufrieden', 'Eher unzufrieden', 'Teils, teils', 'Eher zufrieden', 'Sehr zufrieden'],
      jump_to_ids: [null, null, null, null, null],
      jump_to_reactions: ['', '', '', '', ''],
      likert_na: 1,
      variable: 'zufriedenheit',
      short_name: 'Zufriedenheit',
    },
  },
  {
    key: 'highlight',
    type: 'open_text',
    fields: {
      context: 'Was hat Ihnen am besten gefallen?',
      options: ['Inhalte', 'Referentin', 'Organisation'],
      jump_to_ids: [null, null, null],
      jump_to_reactions: ['Das freut mich!', 'Das gebe ich gern weiter.', 'Danke, das hören wir gern.'],
      nachfrage: 'Können Sie ein Beispiel nennen?',
      acknowledgement: 'Danke für Ihre Antwort!',
      variable: 'highlight',
      short_name: 'Highlight',
    },
  },
  {
    key: 'count',
    type: 'number',
    fields: {
      context: 'Wie viele Workshops haben Sie in diesem Jahr schon besucht?',
      min: 0,
      max: 50,
      integer: 1,
      variable: 'anzahl',
      short_name: 'Anzahl Workshops',
    },
  },
  {
    key: 'topics',
    type: 'multiple_choice',
    fields: {
      context: 'Zu welchen Themen wünschen Sie sich weitere Workshops?',
      options: ['KI im Alltag', 'Datenschutz', 'Projektmanagement', 'Kommunikation'],
      jump_to_ids: [null, null, null, null],
      jump_to_reactions: ['', '', '', ''],
      short_name: 'Themenwünsche',
    },
  },
  {
    key: 'email',
    type: 'email',
    fields: {
      context:
        'Möchten Sie über neue Termine informiert werden? Dann nennen Sie mir gern Ihre E-Mail-Adresse.',
      variable: 'email',
      short_name: 'E-Mail',
    },
  },
  {
    key: 'material',
    type: 'link',
    fields: {
      context: 'Hier finden Sie die Unterlagen zum Workshop.',
      link: 'https://example.org/unterlagen',
      link_klick_name: 'Unterlagen öffnen',
    },
  },
  {
    key: 'end',
    type: 'end',
    fields: { context: 'Vielen Dank für Ihr Feedback!§§#800#§§Bis zum nächsten Mal.' },
  },
];

/**
 * On an empty database: a demo author with a random password (returned so it can be printed once) or
 * DEMO_PASSWORD when set, a demo dialog of that author and the two demo games (server/seed/games.ts).
 */
export const DEMO_USERNAME = 'demo';

export async function seedDemo(ctx: Ctx): Promise<DemoAccount | undefined> {
  if (!(await hasNoAccounts(ctx.db))) return undefined;
  const account = {
    username: DEMO_USERNAME,
    password: ctx.config.DEMO_PASSWORD ?? randomBytes(12).toString('base64url'),
  };
  const userId = await createAccount(ctx, {
    username: account.username,
    email: 'demo@dialogwerk.local',
    first_name: 'Demo',
    last_name: 'Autorin',
    password: account.password,
    is_admin: true,
  });
  // A small German dialog using several block types, live, so the demo shows every screen with data.
  await buildDialog(ctx, userId, {
    name: 'Workshop-Feedback (Demo)',
    blocks: DEMO_BLOCKS,
    jumps: { participation: [null, null, 'end'] },
    // Lotte greets in the first block: the default welcome would greet (and say how long) a second time.
    settings: { welcome: '', avatar_name: 'Lotte' },
  });
  await seedGames(ctx, userId);
  return account;
}
