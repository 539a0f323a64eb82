import { create } from 'zustand';

/** Per-dialog module flags (SPEC §3): 0 switches a module off. */
export interface DialogFlags {
  bearbeiten?: number;
  intrance?: number;
  testen?: number;
  live_switch?: number;
  analyse?: number;
}

/** The dialog currently held (SPEC §3). Later issues fill it from POST /api/dialog and friends. */
export interface CurrentDialog extends DialogFlags {
  survey_id: string;
  survey_name: string;
  active?: boolean;
  language?: string;
  logo_src?: string;
  [field: string]: unknown;
}

/** Client config of a dialog (GET /api/get_config, SPEC §3). */
export interface ClientConfig {
  config?: {
    accent_color?: string;
    logo_src?: string;
    avatar_src?: string;
    avatar_name?: string;
    video_messages?: boolean;
    audio_messages?: boolean;
    background_image?: string;
  };
  survey_id?: string;
  /** false: the dialog is no longer live ('Dialog ist nicht mehr aktiv'). */
  active?: boolean;
  survey_id_int?: number;
  survey_name?: string;
  [field: string]: unknown;
}

export interface PopupTexts {
  header?: string;
  text?: string;
  btn_back?: string;
  btn_restart?: string;
  btn_delete?: string;
}

/** Respondent language fragments (SPEC §3). */
export interface LanguageFragments {
  restart?: string;
  delete?: string;
  privacy?: string;
  restart_pop_up?: PopupTexts;
  delete_pop_up?: PopupTexts;
  [field: string]: unknown;
}

export interface DialogState {
  dialog: CurrentDialog | null;
  clientConfig: ClientConfig | null;
  fragments: LanguageFragments | null;
  setDialog(dialog: CurrentDialog | null): void;
  setClientConfig(config: ClientConfig | null): void;
  setFragments(fragments: LanguageFragments | null): void;
  clear(): void;
}

export const useDialogStore = create<DialogState>()((set) => ({
  dialog: null,
  clientConfig: null,
  fragments: null,
  setDialog: (dialog) => set({ dialog }),
  setClientConfig: (clientConfig) => set({ clientConfig }),
  setFragments: (fragments) => set({ fragments }),
  clear: () => set({ dialog: null, clientConfig: null, fragments: null }),
}));
