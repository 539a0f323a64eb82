import type { ManagerStatusResponse } from '../../contract/managers.ts';
import { type Capability, ROLES, type Role, roleAllows } from '../../contract/roles.ts';
import type { ApiClient } from '../api/client.ts';
import type { DialogFlags } from '../state/dialog.ts';

export type ModuleKey = 'configurator' | 'training' | 'assess' | 'share' | 'analyse';

export interface ModuleTab {
  key: ModuleKey;
  /** Route name the tab stands for. */
  route: string;
  flag: keyof DialogFlags;
  disabled: boolean;
}

/** SPEC §2: in this order; the dialog flag 0 disables the tab. */
const TABS: readonly { key: ModuleKey; route: string; flag: keyof DialogFlags }[] = [
  { key: 'configurator', route: 'configurator', flag: 'bearbeiten' },
  { key: 'training', route: 'Intrance', flag: 'intrance' },
  { key: 'assess', route: 'Assess', flag: 'testen' },
  { key: 'share', route: 'Share', flag: 'live_switch' },
  { key: 'analyse', route: 'Analyse', flag: 'analyse' },
];

const ROUTE_TO_TAB: Record<string, ModuleKey> = {
  configurator: 'configurator',
  Intrance: 'training',
  Intrance_ai: 'training',
  Assess: 'assess',
  Share: 'share',
  Analyse: 'analyse',
  AnalyseMultiChat: 'analyse',
};

/** Which capability of the role matrix (contract/roles.ts) each module needs. */
export const MODULE_CAPABILITY: Record<ModuleKey, Capability> = {
  configurator: 'configure',
  training: 'train',
  assess: 'test',
  share: 'share',
  analyse: 'analyse',
};

const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/**
 * A tab is disabled when the dialog's flag switches the module off, or when the caller's role (if the
 * dialog data carries it) does not allow the module: the server would answer 403, which signs out.
 */
export function moduleTabs(dialog: (DialogFlags & { role?: unknown }) | null): ModuleTab[] {
  const role = isRole(dialog?.role) ? dialog.role : null;
  return TABS.map((t) => ({
    ...t,
    disabled: dialog?.[t.flag] === 0 || (role !== null && !roleAllows(role, MODULE_CAPABILITY[t.key])),
  }));
}

/** Whether the module may be used on the dialog (its tab is not disabled). */
export function moduleAllowed(dialog: (DialogFlags & { role?: unknown }) | null, key: ModuleKey): boolean {
  return moduleTabs(dialog).some((t) => t.key === key && !t.disabled);
}

/**
 * The live/inactive toggle: the dialog's live_switch flag must be on and the caller's role (if the
 * dialog data carries it) must allow configuring, as the server's switch_activate_link demands; a 403
 * would sign the author out.
 */
export function liveToggleAllowed(dialog: (DialogFlags & { role?: unknown }) | null): boolean {
  const role = isRole(dialog?.role) ? dialog.role : null;
  return dialog !== null && dialog.live_switch !== 0 && (role === null || roleAllows(role, 'configure'));
}

export function activeModule(routeName: string): ModuleKey | null {
  return ROUTE_TO_TAB[routeName] ?? null;
}

const enc = encodeURIComponent;

/** Where a tab leads (Analyse is resolved by resolveAnalysePath first). */
export function modulePath(key: Exclude<ModuleKey, 'analyse'>, surveyId: string): string {
  const prefix = { configurator: '/configurator', training: '/intrance', assess: '/assess', share: '/share' }[
    key
  ];
  return `${prefix}/${enc(surveyId)}`;
}

/**
 * Analyse first asks whether the dialog is linked to a dialog manager (SPEC §2): linked dialogs go to
 * the multi-chat analysis, others to the dialog's own. A failed call counts as "not linked" and is
 * only logged (SPEC §8).
 */
export async function resolveAnalysePath(api: ApiClient, surveyId: string): Promise<string> {
  try {
    // The endpoint table (every call's schemas) is loaded on this click, not with the app's frame that
    // imports this module: the login page never needs it.
    const { endpoints } = await import('../../contract/endpoints/index.ts');
    // Typed by the contract; read defensively all the same, as any answer counts as "not linked".
    const status: Partial<ManagerStatusResponse> | undefined = await api.call(
      endpoints.findDialogManagerStatus,
      { id: surveyId },
    );
    const managerId = status?.connected_status?.dialog_manager_id;
    if (status?.msg === 'success' && managerId !== undefined) return `/analyse_multichat/${managerId}`;
  } catch (error) {
    console.warn('find_dialogmanager_status failed; opening the dialog analysis', error);
  }
  return `/analyse/${enc(surveyId)}`;
}
