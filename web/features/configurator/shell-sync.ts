import { useEffect } from 'react';
import type { Dialog } from '../../../contract/dialogs.ts';
import { type CurrentDialog, useDialogStore } from '../../state/dialog.ts';
import { useConfiguratorStore } from './store.ts';

/**
 * What the shell holds of the open dialog (breadcrumbs, module tabs, live toggle, the Teilen screen's
 * widget snippet): the name, flags, language, logo and accent colour, not the blocks; the live toggle's
 * item is this object with active flipped.
 */
export function shellDialog(d: Dialog): CurrentDialog {
  return {
    survey_id: d.survey_id,
    survey_name: d.survey_name,
    bearbeiten: d.bearbeiten,
    intrance: d.intrance,
    testen: d.testen,
    live_switch: d.live_switch,
    analyse: d.analyse,
    active: d.active,
    language: d.language,
    logo_src: d.settings.logo_src,
    accent_color: d.settings.accent_color,
    role: d.role,
  };
}

/**
 * Keeps the shell's current dialog in step with the configurator. The live status belongs to the
 * shell's toggle once the dialog is held, so later changes here never overwrite it.
 */
export function useShellSync(): void {
  const dialog = useConfiguratorStore((s) => s.dialog);
  const name = dialog?.survey_name;
  const language = dialog?.language;
  const logo = dialog?.settings.logo_src;
  const color = dialog?.settings.accent_color;
  const id = dialog?.survey_id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only these fields matter to the shell
  useEffect(() => {
    if (!dialog) return;
    const held = useDialogStore.getState().dialog;
    const next = shellDialog(dialog);
    useDialogStore
      .getState()
      .setDialog(held?.survey_id === next.survey_id ? { ...held, ...next, active: held.active } : next);
  }, [id, name, language, logo, color]);
}
