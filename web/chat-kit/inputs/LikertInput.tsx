import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import styles from '../chat.module.css';
import { useFocusOnMount } from './focus.ts';
import { useScaleLayout } from './scale-layout.ts';
import type { InputProps } from './types.ts';

/** Keys that move through the scale: by how much (or to which end). */
const MOVES: Record<string, number | 'first' | 'last'> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
  Home: 'first',
  End: 'last',
};

/**
 * likert: the scale as a radio group named by the question, its points of equal size in one row while
 * their labels fit, else in two rows or one under the other (useScaleLayout); 'keine Angabe'
 * (likert_na) set apart on a row of its own after it but in the same group. One option is in the tab
 * order; the arrow keys (and Home, End) move between the options without answering, a click, Space or
 * Enter answers with the focused one.
 */
export function LikertInput({ input, disabled, onSend, unsent, label, focusOnMount }: InputProps) {
  const scale = input.likert_na === 1 ? input.options.slice(0, -1) : input.options;
  // The server puts 'keine Angabe' last when likert_na is 1 (contract/chat.ts).
  const na = input.likert_na === 1 ? input.options.at(-1) : undefined;
  const all = na === undefined ? scale : [...scale, na];
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<string | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const first = useRef<HTMLButtonElement | null>(null);
  const scaleBox = useRef<HTMLDivElement | null>(null);
  useFocusOnMount(first, focusOnMount);
  useScaleLayout(scaleBox, scale);
  useEffect(() => {
    // The server did not take the answer: nothing is chosen.
    if (unsent) setChosen(null);
  }, [unsent]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[e.key];
    if (move === undefined || all.length === 0) return;
    e.preventDefault();
    const to =
      move === 'first' ? 0 : move === 'last' ? all.length - 1 : (active + move + all.length) % all.length;
    setActive(to);
    buttons.current[to]?.focus();
  };

  const radio = (option: string, i: number, className: string | undefined) => (
    // biome-ignore lint/a11y/useSemanticElements: a native radio would answer on every arrow key
    <button
      key={option}
      ref={(el) => {
        buttons.current[i] = el;
        if (i === 0) first.current = el;
      }}
      type="button"
      role="radio"
      aria-checked={chosen === option}
      tabIndex={i === active ? 0 : -1}
      className={className}
      dir="auto"
      disabled={disabled}
      onFocus={() => setActive(i)}
      onClick={() => {
        setChosen(option);
        onSend(option, option);
      }}
    >
      {option}
    </button>
  );

  return (
    // Not the options' scroll box: every point stays in view, the input area grows instead.
    <div className={styles.likert} role="radiogroup" aria-label={label || undefined} onKeyDown={onKeyDown}>
      <div ref={scaleBox} className={styles.scale}>
        {scale.map((option, i) => radio(option, i, styles.option))}
      </div>
      {na === undefined ? null : radio(na, scale.length, styles.scaleNa)}
    </div>
  );
}
