// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { observeResizes } from '../../test-stubs.ts';
import { respondentTexts } from '../respondent-texts.ts';
import type { AnswerValue } from '../session/chat-types.ts';
import { textInput } from '../test-data.ts';
import { LikertInput } from './LikertInput.tsx';

const OPTIONS = ['Stimme nicht zu', 'Teils', 'Stimme zu', 'keine Angabe'];

function renderScale(extra: { disabled?: boolean; focusOnMount?: boolean } = {}) {
  const sent: AnswerValue[] = [];
  render(
    <LikertInput
      input={textInput({ type: 'likert', options: OPTIONS, likert_na: 1 })}
      disabled={extra.disabled ?? false}
      texts={respondentTexts('de')}
      onSend={(answer) => sent.push(answer)}
      label="Wie zufrieden sind Sie?"
      focusOnMount={extra.focusOnMount}
    />,
  );
  return sent;
}

const radio = (name: string) => screen.getByRole('radio', { name });
/** Presses a key on the focused element; returns what has the focus then. */
function press(key: string) {
  fireEvent.keyDown(document.activeElement!, { key });
  return document.activeElement;
}

describe('LikertInput', () => {
  afterEach(cleanup);

  it('is a radio group named by the question, with one option in the tab order', () => {
    renderScale();
    const group = screen.getByRole('radiogroup', { name: 'Wie zufrieden sind Sie?' });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toEqual(OPTIONS);
    expect(radios.every((r) => group.contains(r))).toBe(true);
    expect(radios.map((r) => r.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(radios.map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false', 'false']);
    // No focus taken unless asked (page load).
    expect(document.activeElement).toBe(document.body);
  });

  it('moves with the arrow keys, Home and End without answering, and wraps around', () => {
    const sent = renderScale({ focusOnMount: true });
    expect(document.activeElement).toBe(radio('Stimme nicht zu'));
    expect(press('ArrowRight')).toBe(radio('Teils'));
    expect(press('ArrowDown')).toBe(radio('Stimme zu'));
    // 'keine Angabe' is part of the group.
    expect(press('ArrowRight')).toBe(radio('keine Angabe'));
    expect(press('ArrowRight')).toBe(radio('Stimme nicht zu'));
    expect(press('ArrowLeft')).toBe(radio('keine Angabe'));
    expect(press('Home')).toBe(radio('Stimme nicht zu'));
    expect(press('End')).toBe(radio('keine Angabe'));
    expect(press('ArrowUp')).toBe(radio('Stimme zu'));
    // The focused option is the one in the tab order.
    expect(screen.getAllByRole('radio').map((r) => r.tabIndex)).toEqual([-1, -1, 0, -1]);
    expect(sent).toEqual([]);
  });

  it('answers with the option clicked (Space and Enter click a button) and marks it checked', () => {
    const sent = renderScale();
    fireEvent.click(radio('Teils'));
    expect(sent).toEqual(['Teils']);
    expect(radio('Teils').getAttribute('aria-checked')).toBe('true');
  });

  it('answers nothing while disabled', () => {
    const sent = renderScale({ disabled: true });
    fireEvent.click(radio('Teils'));
    expect(sent).toEqual([]);
  });
});

describe('LikertInput layout', () => {
  /** A stand-in for the browser's layout: each letter 8 px wide, columns share the scale's width. */
  let width = 0;
  let resized: () => void = () => {};
  function fakeLayout() {
    resized = observeResizes();
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      if (this.dataset.layout !== undefined) return width;
      // An option: its column's share of the scale's width.
      const columns = Number(this.parentElement?.style.getPropertyValue('--scale-columns') || 1);
      return Math.floor(width / columns);
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      const longestWord = Math.max(...(this.textContent ?? '').split(' ').map((w) => w.length));
      return Math.max(this.clientWidth, longestWord * 8);
    });
  }

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const scaleOf = () => radio('Stimme nicht zu').parentElement!;
  const columnsOf = (el: HTMLElement) => el.style.getPropertyValue('--scale-columns');

  it('puts the points side by side while every word fits its column, else one under the other', () => {
    fakeLayout();
    width = 600;
    renderScale();
    expect(scaleOf().dataset.layout).toBe('row');
    expect(columnsOf(scaleOf())).toBe('3');
    // 'keine Angabe' stays apart from the scale's points, on a row of its own.
    expect(scaleOf().contains(radio('keine Angabe'))).toBe(false);
    // Three points never go into two rows: two columns would read as pairs.
    width = 120;
    resized();
    expect(scaleOf().dataset.layout).toBe('list');
    expect(columnsOf(scaleOf())).toBe('1');
    width = 600;
    resized();
    expect(scaleOf().dataset.layout).toBe('row');
  });

  it('wraps an 11-point scale into two rows of equal cells where one row is too narrow', () => {
    fakeLayout();
    const points = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
    render(
      <LikertInput
        input={textInput({ type: 'likert', options: [...points, 'keine Angabe'], likert_na: 1 })}
        disabled={false}
        texts={respondentTexts('de')}
        onSend={() => {}}
        label="Wie stark?"
      />,
    );
    const scale = radio('0').parentElement!;
    // 15 px columns are too narrow for '10' (16 px here); 6 columns of 27 px hold it.
    width = 11 * 15;
    resized();
    expect(scale.dataset.layout).toBe('rows');
    expect(columnsOf(scale)).toBe('6');
    width = 11 * 16;
    resized();
    expect(scale.dataset.layout).toBe('row');
    width = 6 * 15;
    resized();
    expect(scale.dataset.layout).toBe('list');
    // Every point, 'keine Angabe' too, in the radio group and none in a scroll box of its own.
    const group = screen.getByRole('radiogroup', { name: 'Wie stark?' });
    expect(screen.getAllByRole('radio')).toHaveLength(12);
    expect(group.contains(radio('keine Angabe'))).toBe(true);
    expect(radio('keine Angabe').parentElement).toBe(group);
  });

  it('is a list until it can be measured', () => {
    renderScale();
    expect(scaleOf().dataset.layout).toBeUndefined();
  });
});

describe('LikertInput styles', () => {
  const css = readFileSync(join(import.meta.dirname, '..', 'chat.module.css'), 'utf8');
  const rule = (selector: string) =>
    new RegExp(`(?:^|\\n)${selector.replace(/[.[\]"]/g, '\\$&')}\\s*\\{([^}]*)\\}`).exec(css)?.[1];

  it('has no scroll box of its own: the scale shows all points, the chat scrolls', () => {
    renderScale();
    const group = screen.getByRole('radiogroup');
    expect(group.className).not.toMatch(/options/);
    const box = rule('.likert');
    expect(box).toBeDefined();
    expect(box).not.toMatch(/max-height|overflow/);
    expect(rule('.scale')).toMatch(/repeat\(var\(--scale-columns, 1\), minmax\(0, 1fr\)\)/);
    expect(css).toMatch(/\n\.scaleNa\s*\{\s*composes: optionMuted;\s*width: 100%;/);
    cleanup();
  });
});
