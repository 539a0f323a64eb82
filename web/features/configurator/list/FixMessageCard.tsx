import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController } from '../context.ts';
import { useConfiguratorStore } from '../store.ts';
import { TextContentEditor } from '../text-content/TextContentEditor.tsx';
import { RowPreview } from '../text-content/TextPreview.tsx';
import { RowIconButton } from './RowIconButton.tsx';

/** The welcome before the first block and the ending after the last (the fix messages). */
export function FixMessageCard({ which }: { which: 'welcome' | 'ending' }) {
  const { t } = useTranslation();
  const controller = useController();
  const value = useConfiguratorStore((s) => s.dialog?.[which] ?? '');
  const both = useConfiguratorStore((s) => s.dialog?.settings.ending_after_end_block === true);
  const [open, setOpen] = useState(false);
  const label = t(`configurator.list.${which}`);
  return (
    <section
      className={open ? 'cfg-row cfg-fix cfg-open' : 'cfg-row cfg-fix'}
      aria-label={label}
      data-testid={`fix-${which}`}
    >
      <div className="cfg-head">
        <span className="cfg-label">{label}</span>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the expand button does the same by keyboard */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: as above */}
        <div className="cfg-preview" onClick={() => setOpen((v) => !v)}>
          <RowPreview content={value} empty={t('configurator.text.empty')} />
        </div>
        <RowIconButton
          label={open ? t('configurator.list.collapse') : t('configurator.list.expand')}
          icon={open ? 'collapse' : 'expand'}
          onClick={() => setOpen((v) => !v)}
        />
      </div>
      {open ? (
        <div className="cfg-body">
          <TextContentEditor
            label={label}
            value={value}
            onCommit={(v) => void controller.updateSettings(which, v)}
          />
          {which === 'ending' ? (
            <p className="cfg-hint">
              {t(both ? 'configurator.list.endingHintBoth' : 'configurator.list.endingHint')}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
