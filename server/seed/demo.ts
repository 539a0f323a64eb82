import { randomBytes } from 'node:crypto';
import type { BlockType } from '../../contract/blocks.ts';
import { insertUser } from '../accounts/queries.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { AppContext } from '../context.ts';
import { newBlockId, updateSurveyBlocks } from '../dialogs/blocks.ts';
import { createSurvey } from '../dialogs/dashboard.ts';
import { switchActive } from '../dialogs/settings.ts';
import { authorizeDialog } from '../sharing/permissions.ts';

export interface DemoAccount {
  username: string;
  password: string;
}

type Ctx = Pick<AppContext, 'db' | 'now'>;

/** The demo dialog's blocks in order; `end` marks the block that "Nein" jumps to. */
const DEMO_BLOCKS: { type: BlockType; fields: Record<string, unknown> }[] = [
  {
    type: 'message',
    fields: {
      context:
        'Hallo! Ich bin Lotte und möchte kurz wissen, wie Ihnen unser Workshop gefallen hat.§§#1200#§§Es dauert nur zwei Minuten.',
    },
  },
  {
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
    type: 'email',
    fields: {
      context:
        'Möchten Sie über neue Termine informiert werden? Dann nennen Sie mir gern Ihre E-Mail-Adresse.',
      variable: 'email',
      short_name: 'E-Mail',
    },
  },
  {
    type: 'link',
    fields: {
      context: 'Hier finden Sie die Unterlagen zum Workshop.',
      link: 'https://example.org/unterlagen',
      link_klick_name: 'Unterlagen öffnen',
    },
  },
  {
    type: 'end',
    fields: { context: 'Vielen Dank für Ihr Feedback!§§#800#§§Bis zum nächsten Mal.' },
  },
];

/** A small German dialog using several block types, live, so the demo shows every screen with data. */
async function seedDemoDialog(ctx: Ctx, userId: number): Promise<void> {
  const { survey_id } = await createSurvey(ctx, userId, 'Workshop-Feedback (Demo)');
  const ids = DEMO_BLOCKS.map(() => newBlockId());
  for (const [i, block] of DEMO_BLOCKS.entries()) {
    const access = await authorizeDialog(ctx, userId, survey_id, 'configure');
    await updateSurveyBlocks(ctx, access, {
      survey_id,
      action: 'recreate',
      unique_question_id: ids[i]!,
      type: block.type,
      position: { x: 0, y: 150 * (i + 1) },
      ...block.fields,
    });
  }
  const access = await authorizeDialog(ctx, userId, survey_id, 'configure');
  await updateSurveyBlocks(ctx, access, {
    survey_id,
    action: 'update',
    unique_question_id: ids[1]!,
    changed_values: { jump_to_ids: [null, null, ids.at(-1)!] },
  });
  await switchActive(ctx, await authorizeDialog(ctx, userId, survey_id, 'live_switch'), true);
}

/**
 * On an empty database: a demo author with a random password (returned so it can be printed once) and
 * a demo dialog of that author.
 */
export async function seedDemo(ctx: Ctx): Promise<DemoAccount | undefined> {
  const anyUser = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return undefined;
  const account = { username: 'demo', password: randomBytes(12).toString('base64url') };
  const userId = await insertUser(ctx.db, {
    username: account.username,
    email: 'demo@dialogwerk.local',
    emailVerified: true,
    firstName: 'Demo',
    lastName: 'Autorin',
    passwordHash: await hashPassword(account.password),
    isAdmin: true,
    now: ctx.now(),
  });
  await seedDemoDialog(ctx, userId);
  return account;
}
