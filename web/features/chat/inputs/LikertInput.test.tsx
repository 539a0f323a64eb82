// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { respondentTexts } from '../respondent-texts.ts';
import { textInput } from '../test-data.ts';
import type { AnswerValue } from '../use-chat-session.ts';
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
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(radio('Teils'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(radio('Stimme zu'));
    // 'keine Angabe' is part of the group.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(radio('keine Angabe'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(radio('Stimme nicht zu'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(radio('keine Angabe'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(radio('Stimme nicht zu'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(radio('keine Angabe'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(radio('Stimme zu'));
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
