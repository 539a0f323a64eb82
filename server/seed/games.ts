import { GAME_META } from '../../contract/routes.ts';
import { formatTrigger, type TriggerType } from '../../contract/triggers.ts';
import type { AppContext } from '../context.ts';
import { insertManager } from '../managers/queries.ts';
import { updateManagerFields } from '../managers/service.ts';
import { createTrigger } from '../managers/triggers.ts';
import { buildDialog, type SeedDialog } from './build.ts';
import { advanceManagerIdSequence } from './queries.ts';

/**
 * The two public demo games (/flow and /aufderflucht, SPEC §2): short crime stories of three dialogs
 * each, played in one chat. Each has a start dialog (init_survey), moveTo triggers that hand the chat to
 * another character, waitFor triggers that hold the story until the other character's question is
 * answered, and one waitAPI step that waits for an external system (the lab, the lawyer). That step has a
 * timeout, so the public games play to their end alone: without the call the story goes on after
 * LAB_SECONDS.
 */

type GameCtx = Pick<AppContext, 'db' | 'now' | 'dbKind' | 'config'>;

interface SeedTrigger {
  /** Dialog index and block key the trigger is attached to. */
  from: [number, string];
  type: TriggerType;
  /** Dialog index and block key of the target. */
  to: [number, string];
  init?: boolean;
  /** waitAPI: seconds without the call after which the chat goes on at the dialog index and block key. */
  timeout?: { seconds: number; to: [number, string] };
}

/** How long the seeded games wait for their external system before the story goes on by itself. */
const LAB_SECONDS = 15;

interface SeedGame {
  meta: (typeof GAME_META)[keyof typeof GAME_META];
  name: string;
  dialogs: SeedDialog[];
  triggers: SeedTrigger[];
}

const GAME_SETTINGS = { welcome: '', ending: '', du_sie: 'du' } as const;

const choice = (key: string, context: string, options: string[], reactions: string[]) => ({
  key,
  type: 'single_choice' as const,
  fields: { context, options, jump_to_ids: options.map(() => null), jump_to_reactions: reactions },
});
const message = (key: string, context: string) => ({ key, type: 'message' as const, fields: { context } });

const FLOW: SeedGame = {
  meta: GAME_META.flow,
  name: 'Flow – Demo-Krimi',
  dialogs: [
    {
      name: 'Flow 1 – Kommissarin Berg',
      settings: { ...GAME_SETTINGS, avatar_name: 'Kommissarin Berg' },
      blocks: [
        message(
          'intro',
          'Gut, dass du da bist! Ich bin Kommissarin Berg.§§#1200#§§Heute Nacht ist aus dem Büro des Clubs „Flow“ ' +
            'die Kasse verschwunden: 8.000 Euro. Der Tresor war nicht aufgebrochen – jemand kannte den Code.' +
            '§§#1500#§§Nach Mitternacht waren nur noch drei Leute im Club: Barkeeperin Mia, Türsteher Tom und DJ Kai.',
        ),
        choice(
          'go',
          'Fang mit Mia an, sie stand die ganze Nacht hinter der Bar. Bereit?',
          ['Ich schreibe Mia'],
          ['Gut. Ich warte hier auf dich.'],
        ),
        choice(
          'report',
          'Da bist du ja wieder. Wen hat Mia am Büro gesehen?',
          ['DJ Kai', 'Türsteher Tom', 'Niemanden'],
          [
            'Kai also. Interessant – er hatte zwischen zwei Sets eine Pause.',
            'Tom? Der stand laut Kamera die ganze Zeit an der Tür. Mia sprach von Kai.',
            'Doch, Mia hat jemanden gesehen: Kai.',
          ],
        ),
        message(
          'lab',
          'Ich habe die Fingerabdrücke vom Tastenfeld des Tresors ins Labor geschickt. Sobald das Ergebnis da ist, ' +
            'melde ich mich …',
        ),
        message(
          'result',
          'Das Labor hat geantwortet: Auf dem Tastenfeld sind nur die Fingerabdrücke von DJ Kai.§§#1200#§§' +
            'Kai legt noch auf. Stell ihn zur Rede!',
        ),
        choice(
          'verdict',
          'Du hast mit allen gesprochen. Wer hat die Kasse genommen?',
          ['DJ Kai', 'Barkeeperin Mia', 'Türsteher Tom'],
          [
            'Richtig! Zeugin, Fingerabdrücke und Geständnis – das reicht für eine Festnahme.',
            'Mia? Sie hat uns doch erst auf die Spur gebracht. Es war Kai.',
            'Tom stand die ganze Nacht an der Tür, das zeigt die Kamera. Es war Kai.',
          ],
        ),
        {
          key: 'end',
          type: 'end',
          fields: {
            context:
              'Fall gelöst! Die 8.000 Euro lagen in Kais Plattenkiste.§§#1000#§§Danke für deine Hilfe, Partner. ' +
              'Bis zum nächsten Fall!',
          },
        },
      ],
    },
    {
      name: 'Flow 2 – Barkeeperin Mia',
      settings: { ...GAME_SETTINGS, avatar_name: 'Mia' },
      blocks: [
        message(
          'hello',
          'Hi, ich bin Mia. Die Kommissarin hat gesagt, dass du mir schreibst.§§#1000#§§Von der Bar aus sieht man ' +
            'die Bürotür.',
        ),
        choice(
          'time',
          'Willst du wissen, wann es passiert ist?',
          ['Ja, wann?', 'Erzähl einfach, was du gesehen hast.'],
          ['Kurz nach Mitternacht, gerade lief Kais Lieblingslied.', 'Okay. Kurz nach Mitternacht war das.'],
        ),
        choice(
          'seen',
          'Da ist DJ Kai ins Büro gegangen, obwohl er da nichts zu suchen hat. Nach zwei Minuten kam er mit seiner ' +
            'Plattenkiste wieder raus. Sagst du das der Kommissarin?',
          ['Mach ich, danke Mia!'],
          ['Gern. Pass auf dich auf.'],
        ),
      ],
    },
    {
      name: 'Flow 3 – DJ Kai',
      settings: { ...GAME_SETTINGS, avatar_name: 'DJ Kai' },
      blocks: [
        message('hello', 'Yo. Ich hab gleich mein nächstes Set, mach’s kurz.'),
        choice(
          'confront',
          'Was willst du?',
          ['Deine Fingerabdrücke sind am Tresor.', 'Mia hat dich am Büro gesehen.'],
          [
            '… Mist. Okay. Ich hab Spielschulden. Ich wollte mir das Geld nur leihen.',
            'Mia sieht viel, wenn die Nacht lang ist … Na gut, ich war drin. Ich hab Spielschulden.',
          ],
        ),
        choice(
          'give',
          'Das Geld ist in meiner Plattenkiste. Sagst du der Kommissarin, dass ich freiwillig mitkomme?',
          ['Ich sag’s ihr.'],
          ['Danke. Ehrlich.'],
        ),
      ],
    },
  ],
  triggers: [
    { from: [0, 'go'], type: 'moveTo', to: [1, 'hello'], init: true },
    { from: [0, 'report'], type: 'waitFor', to: [1, 'seen'] },
    {
      from: [0, 'lab'],
      type: 'waitAPI',
      to: [0, 'result'],
      timeout: { seconds: LAB_SECONDS, to: [0, 'result'] },
    },
    { from: [0, 'result'], type: 'moveTo', to: [2, 'hello'] },
    { from: [0, 'verdict'], type: 'waitFor', to: [2, 'give'] },
  ],
};

const AUF_DER_FLUCHT: SeedGame = {
  meta: GAME_META.aufderflucht,
  name: 'Auf der Flucht – Demo-Krimi',
  dialogs: [
    {
      name: 'Auf der Flucht 1 – Unbekannte Nummer',
      settings: { ...GAME_SETTINGS, avatar_name: 'Unbekannte Nummer' },
      blocks: [
        message(
          'intro',
          'Hör zu, keine Zeit für Erklärungen. Die Polizei hält dich für den Juwelendieb vom Marktplatz.' +
            '§§#1200#§§Ich weiß, dass du es nicht warst. Aber du musst jetzt untertauchen.',
        ),
        choice(
          'jana',
          'Deine Freundin Jana hat eine Gartenlaube. Schreibst du ihr?',
          ['Ja, sofort'],
          ['Gut. Melde dich, wenn du in Sicherheit bist.'],
        ),
        choice(
          'safe',
          'Du bist in der Laube? Gut. Jetzt brauchen wir Beweise. Ich kenne eine Anwältin, Dr. Weiss. Soll ich ihr ' +
            'schreiben?',
          ['Ja, bitte', 'Ich weiß nicht …'],
          ['Mach ich.', 'Vertrau mir. Allein schaffst du das nicht. Ich schreibe ihr.'],
        ),
        message(
          'wait',
          'Ich habe Dr. Weiss die Aufnahmen der Überwachungskamera geschickt. Warte, bis sie sich meldet …',
        ),
        message(
          'news',
          'Dr. Weiss hat die Aufnahmen geprüft: Der Dieb trägt eine Jacke wie deine, aber er schreibt mit links. ' +
            'Du nicht.§§#1000#§§Sie will dich selbst sprechen.',
        ),
        choice(
          'who',
          'Die Polizei sucht nicht mehr nach dir. Willst du wissen, wer ich bin?',
          ['Ja!', 'Lieber nicht.'],
          [
            'Ich bin der Wachmann vom Juwelier. Ich habe den echten Dieb gesehen – und wusste, dass man mir allein ' +
              'nicht glaubt.',
            'Verstehe. Dann bleibe ich eine unbekannte Nummer.',
          ],
        ),
        { key: 'end', type: 'end', fields: { context: 'Du bist frei. Danke, dass du durchgehalten hast!' } },
      ],
    },
    {
      name: 'Auf der Flucht 2 – Jana',
      settings: { ...GAME_SETTINGS, avatar_name: 'Jana' },
      blocks: [
        message('hello', 'Hey! Ich hab’s in den Nachrichten gesehen. Ich glaube dir, keine Sorge.'),
        choice(
          'where',
          'Wo willst du hin?',
          ['In deine Gartenlaube', 'Zum Bahnhof'],
          [
            'Gute Idee. Der Schlüssel liegt unter dem Blumentopf.',
            'Zu gefährlich, da hängen überall Kameras. Geh lieber in meine Gartenlaube, der Schlüssel liegt unter ' +
              'dem Blumentopf.',
          ],
        ),
        choice(
          'arrived',
          'Bist du angekommen?',
          ['Ja, ich bin in der Laube.'],
          ['Super. Bleib da, ich bringe dir später etwas zu essen.'],
        ),
      ],
    },
    {
      name: 'Auf der Flucht 3 – Dr. Weiss',
      settings: { ...GAME_SETTINGS, du_sie: 'sie', avatar_name: 'Dr. Weiss' },
      blocks: [
        message('hello', 'Guten Tag, hier spricht Dr. Weiss. Ich vertrete Sie ab sofort.'),
        choice(
          'police',
          'Mit den Aufnahmen sind Sie entlastet. Kommen Sie morgen mit mir zur Polizei?',
          ['Ja, ich komme mit.', 'Ich habe Angst.'],
          [
            'Gut. Morgen um neun vor dem Präsidium.',
            'Das verstehe ich. Ich bin die ganze Zeit an Ihrer Seite. Morgen um neun vor dem Präsidium.',
          ],
        ),
      ],
    },
  ],
  triggers: [
    { from: [0, 'jana'], type: 'moveTo', to: [1, 'hello'], init: true },
    { from: [0, 'safe'], type: 'waitFor', to: [1, 'arrived'] },
    {
      from: [0, 'wait'],
      type: 'waitAPI',
      to: [0, 'news'],
      timeout: { seconds: LAB_SECONDS, to: [0, 'news'] },
    },
    { from: [0, 'news'], type: 'moveTo', to: [2, 'hello'] },
    { from: [0, 'who'], type: 'waitFor', to: [2, 'police'] },
  ],
};

async function seedGame(ctx: GameCtx, userId: number, managerId: number, game: SeedGame) {
  const built: Awaited<ReturnType<typeof buildDialog>>[] = [];
  for (const dialog of game.dialogs) built.push(await buildDialog(ctx, userId, dialog));
  const now = ctx.now();
  // The public routes use fixed manager ids (MULTICHAT_FLOW_ID, MULTICHAT_AUFDERFLUCHT_ID), so the id is set here.
  await insertManager(ctx.db, {
    id: managerId,
    owner_id: userId,
    name: game.name,
    game_title: game.meta.title,
    description: game.meta.description,
    favicon: game.meta.favicon,
    meta_image: game.meta.image,
    meta_text: game.meta.description,
    additional_dms: '[]',
    created_at: now,
    updated_at: now,
  });
  await updateManagerFields(ctx, userId, {
    dialog_manager_id: managerId,
    connected_surveys: built.map((d, i) => ({ survey_id: d.survey_id, order: i + 1 })),
  });
  const block = ([dialog, key]: [number, string]) => ({
    survey_id: built[dialog]!.survey_id,
    question_id: built[dialog]!.ids.get(key)!,
  });
  const timeoutOf = (t: SeedTrigger) =>
    t.timeout ? { timeout: { seconds: t.timeout.seconds, ...block(t.timeout.to) } } : {};
  for (const t of game.triggers) {
    const from = block(t.from);
    await createTrigger(ctx, userId, {
      dialog_manager_id: managerId,
      survey_id: from.survey_id,
      unique_question_id: from.question_id,
      trigger: formatTrigger({ type: t.type, ...block(t.to), ...timeoutOf(t) }),
      init_survey: t.init ?? false,
    });
  }
}

/** Both demo games under their fixed ids, owned by the demo author. */
export async function seedGames(ctx: GameCtx, userId: number): Promise<void> {
  const { MULTICHAT_FLOW_ID: flow, MULTICHAT_AUFDERFLUCHT_ID: aufderflucht } = ctx.config;
  await seedGame(ctx, userId, flow, FLOW);
  if (aufderflucht !== flow) await seedGame(ctx, userId, aufderflucht, AUF_DER_FLUCHT);
  if (ctx.dbKind === 'postgres') await advanceManagerIdSequence(ctx.db);
}
