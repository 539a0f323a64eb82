import type { ClientConfig, CurrentDialog, LanguageFragments, PopupTexts } from '../state/dialog.ts';
import { pickLogoValue } from './logo.ts';

/**
 * The respondent top bar's content (SPEC §2), shared by the author app's bar (MUI) and the light
 * respondent entry's bar (web/live/): logo, restart and cancel with their confirm popups, privacy link.
 */
export interface LivePopup {
  title: string;
  text: string;
  cancelLabel: string;
  confirmLabel: string;
}

/** Popup texts from the language fragments (restart_pop_up, delete_pop_up); null until they are loaded. */
export function livePopup(
  texts: PopupTexts | undefined,
  confirmKey: 'btn_restart' | 'btn_delete',
): LivePopup | null {
  if (!texts) return null;
  return {
    title: texts.header ?? '',
    text: texts.text ?? '',
    cancelLabel: texts.btn_back ?? '',
    confirmLabel: texts[confirmKey] ?? '',
  };
}

/** The dialog's privacy page, opened in a new tab from the information menu. */
export const privacyHref = (surveyId: string | undefined): string | null =>
  surveyId ? `/privacy/${encodeURIComponent(surveyId)}` : null;

export interface LiveTopBarModel {
  surveyId: string | undefined;
  logo: string | null;
  logoAlt: string;
  restart: { title: string; popup: LivePopup | null };
  remove: { title: string; popup: LivePopup | null };
  privacy: { label: string; href: string | null };
}

export function liveTopBarModel(input: {
  routeSurveyId: string | undefined;
  dialog: CurrentDialog | null;
  clientConfig: ClientConfig | null;
  fragments: LanguageFragments | null;
  /** Labels until the fragments are loaded. */
  fallback: { restart: string; delete: string; privacy: string };
  /** The respondent has consented to storage: before that there is no chat to restart or cancel. */
  consented: boolean;
}): LiveTopBarModel {
  const { dialog, clientConfig, fragments, fallback } = input;
  const surveyId = input.routeSurveyId ?? dialog?.survey_id ?? clientConfig?.survey_id;
  // Restart and cancel act on a running chat: not before consent, not on an ended dialog's notice.
  const chatRuns = !!surveyId && input.consented && clientConfig?.active !== false;
  return {
    surveyId,
    logo: pickLogoValue(clientConfig?.config?.logo_src, dialog?.logo_src),
    logoAlt: dialog?.survey_name ?? clientConfig?.survey_name ?? 'Logo',
    restart: {
      title: fragments?.restart ?? fallback.restart,
      popup: chatRuns ? livePopup(fragments?.restart_pop_up, 'btn_restart') : null,
    },
    remove: {
      title: fragments?.delete ?? fallback.delete,
      popup: chatRuns ? livePopup(fragments?.delete_pop_up, 'btn_delete') : null,
    },
    privacy: { label: fragments?.privacy ?? fallback.privacy, href: privacyHref(surveyId) },
  };
}
