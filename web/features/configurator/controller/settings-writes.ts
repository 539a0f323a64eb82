import type { Settings } from '../../../../contract/dialogs.ts';
import { applyLocalChange } from '../model/optimistic.ts';
import { useConfiguratorStore } from '../store.ts';
import type { WriteContext } from './write-context.ts';
import type { Change, Prepared, Write } from './write-types.ts';

type SettingsWrite = Extract<Write, { op: 'settings' | 'fixmessages' }>;

/** A settings key, or a fix message (welcome, ending: their own action), shown at once. */
export function prepareSettingsWrite(ctx: WriteContext, op: SettingsWrite): Prepared {
  const survey_id = ctx.sync.surveyId();
  const values = { [op.key]: op.value } as Partial<Settings>;
  return ctx.sync.optimistic(
    { kind: 'settings', values },
    () =>
      op.op === 'settings'
        ? ctx.api.settings({ survey_id, action: 'config', changed_values: values })
        : ctx.api.settings({ survey_id, action: 'fixmessages', changed_values: values }),
    (d, res) => ({
      ...applyLocalChange(d, { kind: 'settings', values: res.settings }),
      version: res.version,
    }),
  );
}

export function settingsWriters(ctx: WriteContext, change: Change) {
  return {
    /** A settings key; welcome and ending are the fix messages (their own action and history title). */
    updateSettings<K extends keyof Settings>(key: K, value: Settings[K]) {
      const old_value = useConfiguratorStore.getState().dialog?.settings[key];
      if (key === 'welcome' || key === 'ending') {
        const k = key as 'welcome' | 'ending';
        return change({ op: 'fixmessages', key: k, value: value as string }, () => ({
          type: 'fixmessages',
          change: 'update',
          key: k,
          old_value: (old_value as string | undefined) ?? '',
          new_value: value as string,
          time: ctx.now(),
        }));
      }
      return change({ op: 'settings', key, value }, () => ({
        type: 'settings',
        change: 'update',
        key,
        old_value,
        new_value: value,
        time: ctx.now(),
      }));
    },
  };
}
