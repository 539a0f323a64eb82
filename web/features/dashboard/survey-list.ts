import type { SurveyListItem } from '../../../contract/dialogs.ts';
import { roleAllows } from '../../../contract/roles.ts';
import { type ModuleKey, moduleTabs } from '../../components/module-tabs.ts';

export const SORT_KEYS = ['updated', 'name', 'created', 'participants'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

const byName = (a: SurveyListItem, b: SurveyListItem) =>
  a.survey_name.localeCompare(b.survey_name, 'de', { sensitivity: 'base' });

const COMPARE: Record<SortKey, (a: SurveyListItem, b: SurveyListItem) => number> = {
  updated: (a, b) => b.updated_at - a.updated_at,
  name: byName,
  created: (a, b) => b.created_at - a.created_at,
  participants: (a, b) => b.participants - a.participants,
};

/** The role as the dashboard shows it; the server's role_label is German. */
export type RoleLabel = (item: SurveyListItem) => string;
const serverRoleLabel: RoleLabel = (item) => item.role_label;

/** Case-insensitive match of every word of the query in the name or the role label as shown. */
export function matchesQuery(
  item: SurveyListItem,
  query: string,
  roleLabel: RoleLabel = serverRoleLabel,
): boolean {
  const words = query.toLocaleLowerCase('de').split(/\s+/).filter(Boolean);
  const haystack = `${item.survey_name} ${roleLabel(item)}`.toLocaleLowerCase('de');
  return words.every((w) => haystack.includes(w));
}

/** The list as shown: filtered by the search, sorted (ties by name), pending invitations last. */
export function visibleSurveys(
  items: readonly SurveyListItem[],
  query: string,
  sort: SortKey,
  roleLabel: RoleLabel = serverRoleLabel,
) {
  return items
    .filter((item) => matchesQuery(item, query, roleLabel))
    .sort(
      (a, b) => Number(a.pending_invite) - Number(b.pending_invite) || COMPARE[sort](a, b) || byName(a, b),
    );
}

/**
 * The modules a dialog can be opened in from the dashboard: the role must allow it and the dialog's
 * module flag must not switch it off (SPEC §2). A pending invitation opens nothing until accepted.
 */
export function openableModules(item: SurveyListItem): ModuleKey[] {
  if (item.pending_invite) return [];
  return moduleTabs(item)
    .filter((tab) => !tab.disabled)
    .map((tab) => tab.key);
}

/** Duplicating needs the configure right (the server checks the same). */
export const canDuplicate = (item: SurveyListItem) =>
  !item.pending_invite && roleAllows(item.role, 'configure');

/** Only the owner may delete a dialog. */
export const canDelete = (item: SurveyListItem) => item.role === 'owner';
