import { FIXED_MANAGER_IDS } from '../../../contract/constants.ts';
import type { SurveyListItem } from '../../../contract/dialogs.ts';
import {
  type ConnectedSurvey,
  type DialogLink,
  type Manager,
  type ManagerSelection,
  sortConnectedSurveys,
  type UpdateManagerRequest,
} from '../../../contract/managers.ts';
import { roleAllows } from '../../../contract/roles.ts';

/**
 * The editable state of a manager on the managers screen and what of it goes into update_dialogmanager.
 * connected_surveys is kept in display order; orders are renumbered 1..n whenever the list changes, so
 * the request never repeats an order (the server refuses that).
 */
export interface ManagerDraft {
  name: string;
  game_title: string;
  description: string;
  favicon: string;
  meta_image: string;
  meta_text: string;
  additional_dms: number[];
  connected_surveys: ConnectedSurvey[];
}

const TEXT_FIELDS = ['name', 'game_title', 'description', 'favicon', 'meta_image', 'meta_text'] as const;
export type ManagerTextField = (typeof TEXT_FIELDS)[number];
export const MANAGER_TEXT_FIELDS: readonly ManagerTextField[] = TEXT_FIELDS;

const renumber = (list: readonly ConnectedSurvey[]) => list.map((s, i) => ({ ...s, order: i + 1 }));

/** What the screen holds when a manager is opened: its id, the managers it offers, its dialogs by order. */
export function selectionOf(manager: Manager): ManagerSelection {
  return {
    dialog_manager_id: manager.dialog_manager_id,
    additional_dms: [...manager.additional_dms],
    connected_surveys: sortConnectedSurveys(manager.connected_surveys),
  };
}

export function draftOf(manager: Manager): ManagerDraft {
  return {
    name: manager.name,
    game_title: manager.game_title,
    description: manager.description,
    favicon: manager.favicon,
    meta_image: manager.meta_image,
    meta_text: manager.meta_text,
    additional_dms: [...manager.additional_dms],
    connected_surveys: renumber(sortConnectedSurveys(manager.connected_surveys)),
  };
}

export function addDialog(
  list: readonly ConnectedSurvey[],
  dialog: Pick<ConnectedSurvey, 'survey_id' | 'survey_name'>,
): ConnectedSurvey[] {
  if (list.some((s) => s.survey_id === dialog.survey_id)) return [...list];
  return renumber([...list, { ...dialog, order: list.length + 1 }]);
}

export function removeDialog(list: readonly ConnectedSurvey[], surveyId: string): ConnectedSurvey[] {
  return renumber(list.filter((s) => s.survey_id !== surveyId));
}

/** Moves the dialog at `index` one place up (-1) or down (1); at either end nothing changes. */
export function moveDialog(list: readonly ConnectedSurvey[], index: number, direction: -1 | 1) {
  const other = index + direction;
  if (index < 0 || index >= list.length || other < 0 || other >= list.length) return [...list];
  const next = [...list];
  [next[index], next[other]] = [next[other]!, next[index]!];
  return renumber(next);
}

/** The same dialogs in the same sequence (stored orders may have gaps; the draft's never do). */
const sameConnections = (a: readonly ConnectedSurvey[], b: readonly ConnectedSurvey[]) =>
  a.length === b.length && a.every((s, i) => s.survey_id === b[i]!.survey_id);

/** The update request with only what differs from the stored manager; null when nothing does. */
export function changesOf(manager: Manager, draft: ManagerDraft): UpdateManagerRequest | null {
  const stored = draftOf(manager);
  const request: UpdateManagerRequest = { dialog_manager_id: manager.dialog_manager_id };
  let changed = false;
  for (const key of TEXT_FIELDS) {
    if (draft[key].trim() !== stored[key]) {
      request[key] = draft[key].trim();
      changed = true;
    }
  }
  if (draft.additional_dms.join() !== stored.additional_dms.join()) {
    request.additional_dms = draft.additional_dms;
    changed = true;
  }
  if (!sameConnections(draft.connected_surveys, stored.connected_surveys)) {
    request.connected_surveys = draft.connected_surveys.map(({ survey_id, order }) => ({ survey_id, order }));
    changed = true;
  }
  return changed ? request : null;
}

/** The public game route of the fixed managers 3 and 4 (SPEC §2, §9), else null. */
export function gamePath(managerId: number): string | null {
  if (managerId === FIXED_MANAGER_IDS.flow) return '/flow';
  if (managerId === FIXED_MANAGER_IDS.aufderflucht) return '/aufderflucht';
  return null;
}

/** The inbound call of a waitAPI trigger (built by the multi-chat runtime), as the screen documents it. */
export function inboundCall(origin: string, triggerId: number, secret: string) {
  const url = `${origin}/api/trigger_api/${triggerId}`;
  const example = [
    `curl -X POST '${url}' \\`,
    `  -H 'X-Trigger-Secret: ${secret}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"username_live": "…"}'`,
  ].join('\n');
  return { url, example };
}

/**
 * The names of the managers the caller may open: her own (the list), and those a loaded manager names
 * in additional_managers (the server names only managers she may read), plus the loaded ones themselves.
 */
export function openableNames(own: readonly Manager[], loaded: readonly Manager[]): Map<number, string> {
  const names = new Map<number, string>();
  for (const m of loaded) {
    names.set(m.dialog_manager_id, m.name);
    for (const ref of m.additional_managers ?? []) names.set(ref.dialog_manager_id, ref.name);
  }
  for (const m of own) names.set(m.dialog_manager_id, m.name);
  return names;
}

/** The SPEC §4 switch: the offered managers the caller may open, with their names; others are left out. */
export function switchTargets(
  additional: readonly number[],
  names: ReadonlyMap<number, string>,
): { id: number; name: string }[] {
  return additional.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ id, name }];
  });
}

export interface DialogChoice {
  survey_id: string;
  survey_name: string;
  /** The other manager the dialog belongs to: it cannot be connected here (409) until removed there. */
  taken: { dialog_manager_id: number; manager_name: string } | null;
}

/**
 * What 'Dialog auswählen' offers: my dialogs I may configure (connecting needs it) that are not in the
 * list yet, each marked as taken when it belongs to another manager. A dialog of this manager that the
 * draft removed is free again.
 */
export function dialogChoices(
  surveys: readonly SurveyListItem[],
  value: readonly ConnectedSurvey[],
  links: readonly DialogLink[],
  managerId: number,
): DialogChoice[] {
  const linkOf = new Map(links.map((l) => [l.survey_id, l]));
  return surveys
    .filter(
      (s) =>
        !s.pending_invite &&
        roleAllows(s.role, 'configure') &&
        !value.some((v) => v.survey_id === s.survey_id),
    )
    .map((s) => {
      const link = linkOf.get(s.survey_id);
      const taken =
        link && link.dialog_manager_id !== managerId
          ? { dialog_manager_id: link.dialog_manager_id, manager_name: link.manager_name }
          : null;
      return { survey_id: s.survey_id, survey_name: s.survey_name, taken };
    });
}
