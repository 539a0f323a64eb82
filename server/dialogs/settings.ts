import { type BlockContent, endNodeId, startNodeId } from '../../contract/blocks.ts';
import {
  type Connection,
  followDefaultFixMessages,
  OPTION_HANDLE_PREFIX,
  type Settings,
  type UpdateSurveySettingsRequest,
} from '../../contract/dialogs.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { changeField } from './block-fields.ts';
import { validateContent } from './block-validation.ts';
import { uniqueBlocks, type WriteCtx, writeDialog } from './dialog-write.ts';
import { BLOCK_NOT_FOUND } from './errors.ts';
import { findBlock, listBlocks, updateBlock, updateSurvey } from './queries.ts';
import {
  type BlockRow,
  columnsFromContent,
  contentFromRow,
  settingsFromRow,
  storedSettings,
} from './rows.ts';

/**
 * POST /api/update_survey_settings: config (any settings keys), fixmessages (welcome, ending) and
 * survey_list_isEnd (a block's is_end, with the same rules as a block update).
 */
export function updateSurveySettings(ctx: WriteCtx, access: DialogAccess, req: UpdateSurveySettingsRequest) {
  return writeDialog(ctx, access.survey.id, async (w) => {
    let settings: Settings = settingsFromRow(w.survey);
    let blocks: BlockRow[] = [];
    if (req.action === 'survey_list_isEnd') {
      const row = await findBlock(w.db, w.survey.id, req.changed_values.unique_question_id);
      if (!row) throw notFound(BLOCK_NOT_FOUND);
      blocks = await changeField(w, row, 'is_end', req.changed_values.is_end, 'changed_values');
    } else {
      const changed = { ...settings, ...req.changed_values } as Settings;
      settings = req.action === 'config' ? followDefaultFixMessages(settings, changed) : changed;
      await updateSurvey(w.db, w.survey.id, {
        survey_name: settings.survey_name,
        welcome: settings.welcome,
        ending: settings.ending,
        settings: storedSettings(settings),
      });
    }
    return {
      msg: 'success' as const,
      version: w.survey.version,
      settings,
      blocks: uniqueBlocks(blocks, w.survey.survey_id),
    };
  });
}

function optionIndex(handle: string, options: number, at: string): number {
  const raw = handle.slice(OPTION_HANDLE_PREFIX.length);
  const index = Number(raw);
  if (!/^\d+$/.test(raw) || index >= options) {
    throw badRequest(`${at}.sourceHandle: ${handle} ist keine Option dieses Blocks`);
  }
  return index;
}

/**
 * POST /api/surveys/{id}/structure: edges drawn in the graph become jumps (see connectionSchema). All
 * connections are checked first and applied together, or none is.
 */
export function saveStructure(ctx: WriteCtx, access: DialogAccess, connections: readonly Connection[]) {
  return writeDialog(ctx, access.survey.id, async (w) => {
    const start = startNodeId(w.survey.survey_id);
    const end = endNodeId(w.survey.survey_id);
    const rows = await listBlocks(w.db, w.survey.id);
    const byId = new Map(rows.map((r) => [r.unique_question_id, { row: r, content: contentFromRow(r) }]));
    const touched = new Set<string>();
    const set = (id: string, content: BlockContent) => {
      byId.get(id)!.content = content;
      touched.add(id);
    };

    connections.forEach((c, n) => {
      const at = `connections.${n}`;
      if (c.source === end) throw badRequest(`${at}.source: vom Ende gehen keine Verbindungen aus`);
      if (c.target !== null && c.target !== end && !byId.has(c.target)) {
        throw badRequest(`${at}.target: unbekannter Knoten ${c.target}`);
      }
      if (c.source === start) {
        if (c.target === end) throw badRequest(`${at}.target: nach dem Start muss ein Block folgen`);
        for (const [id, { content }] of byId) {
          const want = id === c.target ? 1 : 0;
          if (content.start_page !== want) set(id, { ...content, start_page: want });
        }
        return;
      }
      const entry = byId.get(c.source);
      if (!entry) throw badRequest(`${at}.source: unbekannter Knoten ${c.source}`);
      const { content } = entry;
      const handle = c.sourceHandle ?? '';
      if (handle.startsWith(OPTION_HANDLE_PREFIX)) {
        const index = optionIndex(handle, content.options.length, at);
        const jumpIds = [...content.jump_to_ids];
        jumpIds[index] = c.target;
        set(c.source, { ...content, jump_to_ids: jumpIds });
      } else if (c.target === end) {
        set(c.source, { ...content, is_end: 1, jump_to_question: null });
      } else {
        set(c.source, { ...content, jump_to_question: c.target, is_end: content.type === 'end' ? 1 : 0 });
      }
    });

    const written: BlockRow[] = [];
    for (const id of touched) {
      const { row, content } = byId.get(id)!;
      const valid = validateContent(content, `connections (${id})`);
      written.push(
        await updateBlock(w.db, row.id, {
          ...columnsFromContent(valid),
          version: row.version + 1,
          updated_at: w.now,
        }),
      );
    }
    return {
      msg: 'success' as const,
      version: w.survey.version,
      blocks: uniqueBlocks(written, w.survey.survey_id),
    };
  });
}

/** POST /api/switch_activate_link: sets the dialog live (active) or inactive. */
export function switchActive(ctx: WriteCtx, access: DialogAccess, active: boolean) {
  return writeDialog(ctx, access.survey.id, async (w) => {
    await updateSurvey(w.db, w.survey.id, { active: active ? 1 : 0 });
    return { msg: 'success' as const, active, version: w.survey.version };
  });
}
