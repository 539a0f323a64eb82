import { useCallback } from 'react';
import type { ClientConfig } from '../../contract/chat.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../contract/constants.ts';
import type { ApiClient } from '../api/client.ts';
import { type Load, useLoad } from '../lib/use-load.ts';
import { useDialogStore } from '../state/dialog.ts';
import { publicDialogApi } from './public-dialog-api.ts';
import { type Address, addressOf, hasRespondentTexts, isLanguage } from './respondent-texts.ts';

export interface DialogLook {
  config: ClientConfig;
  language: Language;
  /** The dialog's form of address (du_sie), as its language fragments speak. */
  address: Address;
}

/**
 * A dialog's client config and language fragments (GET /api/get_config, POST /api/get_survey_language),
 * also put into the dialog store, where the top bars read logo and popup texts.
 */
export function useDialogLook(api: ApiClient, surveyId: string): Load<DialogLook> & { retry(): void } {
  const load = useCallback(async (): Promise<DialogLook> => {
    const calls = publicDialogApi(api, surveyId);
    const [config, language] = await Promise.all([calls.config(), calls.language()]);
    const info = language.nav_bar_information;
    // The texts of its language come before the look is ready (the frame reads the language from the
    // store): screens that read it from elsewhere (exit, privacy, transcripts) import them themselves.
    if (!hasRespondentTexts(info.language, addressOf(info.du_sie)))
      await import('./respondent-texts-more.ts');
    const store = useDialogStore.getState();
    store.setClientConfig(config);
    store.setFragments({ ...info.navar_language_fragments, language: info.language, du_sie: info.du_sie });
    return { config, language: info.language, address: addressOf(info.du_sie) };
  }, [api, surveyId]);
  return useLoad(load);
}

/** The dialog's form of address once get_survey_language answered, else 'Sie'. */
export function useDialogAddress(): Address {
  return useDialogStore((s) => addressOf(s.fragments?.du_sie));
}

/** The dialog's language once known (the fragments carry it), else the default. */
export function useDialogLanguage(): Language {
  const language = useDialogStore((s) => s.fragments?.language);
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
