import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextItem } from '../../../../contract/text-content.ts';
import { dialogVariables } from '../model/field-rules.ts';
import { useBlocks, useUnsavedDraft } from '../store.ts';
import { AddItemBar } from './AddItemBar.tsx';
import {
  type EditorItem,
  fromContent,
  type ItemKind,
  itemErrors,
  moveItem,
  newItem,
  savedItems,
  toContent,
} from './items.ts';
import { TextItemEditor } from './TextItemEditor.tsx';

interface Props {
  label: string;
  value: string;
  onCommit(value: string): void;
  helperText?: string;
}

/**
 * Edits a text content (SPEC §3): each item separated by '§§' is its own bubble; media from the media
 * list or uploaded in the item, links with their button label, pauses in seconds, {{variable}} chips.
 * A change is saved when a field is left or a value picked, and only when every bubble is valid, except
 * that a media bubble without a file yet is left out of what is saved and marked (items.ts savedItems);
 * until then the editor reports an unsaved draft (and whether an invalid bubble blocks saving).
 */
export function TextContentEditor({ label, value, onCommit, helperText }: Props) {
  const { t } = useTranslation();
  const blocks = useBlocks();
  const variables = useMemo(() => dialogVariables(blocks), [blocks]);
  const [items, setItems] = useState<EditorItem[]>(() => fromContent(value));
  const itemsRef = useRef(items);
  /** The value this editor last saw or saved: a different value comes from outside (undo, revert). */
  const known = useRef(value);

  useEffect(() => {
    if (value === known.current) return;
    known.current = value;
    const next = fromContent(value);
    itemsRef.current = next;
    setItems(next);
  }, [value]);

  const errors = itemErrors(items);
  const saving = savedItems(items);
  const content = toContent(saving.items);
  // Compared with the saved value as this editor would write it, so a value that parses back into a
  // different spelling does not count as a change.
  const saved = useMemo(() => toContent(fromContent(value)), [value]);
  useUnsavedDraft(content !== value && content !== saved && content !== known.current, saving.blocked);

  const set = (next: EditorItem[], save: boolean) => {
    itemsRef.current = next;
    setItems(next);
    const kept = savedItems(next);
    if (!save || kept.blocked) return;
    const content = toContent(kept.items);
    if (content === known.current) return;
    known.current = content;
    onCommit(content);
  };
  const replace = (index: number, item: TextItem, save: boolean) =>
    set(
      itemsRef.current.map((entry, i) => (i === index ? { ...entry, item } : entry)),
      save,
    );
  const add = (kind: ItemKind) => set([...itemsRef.current, newItem(kind)], true);

  return (
    <Stack spacing={1} role="group" aria-label={label}>
      <Typography variant="subtitle2">{label}</Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.disabled">
          {t('configurator.text.empty')}
        </Typography>
      ) : null}
      {items.map((entry, index) => (
        <TextItemEditor
          key={entry.key}
          index={index}
          count={items.length}
          item={entry.item}
          error={errors[index] ?? null}
          variables={variables}
          onChange={(item) => replace(index, item, false)}
          onCommit={(item) => replace(index, item, true)}
          onMove={(direction) => set(moveItem(itemsRef.current, index, index + direction), true)}
          onRemove={() =>
            set(
              itemsRef.current.filter((_, i) => i !== index),
              true,
            )
          }
        />
      ))}
      <AddItemBar onAdd={add} label={label} />
      {helperText ? <FormHelperText>{helperText}</FormHelperText> : null}
    </Stack>
  );
}
