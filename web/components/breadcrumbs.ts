import type { CurrentDialog } from '../state/dialog.ts';

/** What the breadcrumb bar shows on a route (SPEC §2, "Breadcrumb bar"). */
export type BreadcrumbModel =
  /** The logo leading to the dashboard; `reload` when we are on / or /dashboard already. */
  | { kind: 'logo'; reload: boolean }
  /** 'Dashboard' back link, a slash and the dialog name (name null: hidden). */
  | { kind: 'back'; name: BreadcrumbName | null };

/** A name to show: a dialog's own name, or one of the fixed labels. */
export type BreadcrumbName = { text: string } | { label: 'newDialog' | 'tatortGame' | 'loadingName' };

const BACK_LINK_ROUTES = new Set([
  'configurator',
  'Intrance',
  'Intrance_ai',
  'Share',
  'Analyse',
  'Account',
  'AnalyseMultiChat',
]);

/**
 * The dialog name: survey_name when the held dialog is the route's survey_id, else 'Neuer Dialog'.
 * On AnalyseMultiChat: 'Tatort-Game' with no dialog held, otherwise 'loading...'.
 */
export function dialogName(
  routeName: string,
  surveyId: string | undefined,
  dialog: Pick<CurrentDialog, 'survey_id' | 'survey_name'> | null,
): BreadcrumbName {
  if (routeName === 'AnalyseMultiChat') return { label: dialog ? 'loadingName' : 'tatortGame' };
  if (dialog && surveyId !== undefined && dialog.survey_id === surveyId) return { text: dialog.survey_name };
  return { label: 'newDialog' };
}

export function breadcrumbModel(input: {
  routeName: string;
  pathname: string;
  surveyId?: string;
  dialog: Pick<CurrentDialog, 'survey_id' | 'survey_name'> | null;
}): BreadcrumbModel {
  const { routeName, pathname, surveyId, dialog } = input;
  if (BACK_LINK_ROUTES.has(routeName)) {
    return { kind: 'back', name: routeName === 'Account' ? null : dialogName(routeName, surveyId, dialog) };
  }
  const path = pathname.replace(/\/+$/, '') || '/';
  // Assess: only the logo. Dashboard, Root, Impressum: the product logo, reloading on / and /dashboard.
  // Other admin routes SPEC leaves open get the same logo link.
  return { kind: 'logo', reload: path === '/' || path === '/dashboard' };
}
