import { describe, expect, it } from 'vitest';
import { bySeverity, issue, needsAttention, redirectNotes } from './preflight.ts';
import { makeBlock } from './test-data.ts';

describe('redirectNotes', () => {
  it('names the address of each end block with a redirect and of the dialog ending, as info', () => {
    const blocks = [
      makeBlock('q', 1, 'open_text', { question: 'Wie heißen Sie?' }),
      makeBlock('done', 2, 'end', {
        is_end: 1,
        redirect_url: 'https://panel.example/complete?id={{pid}}',
      }),
      makeBlock('out', 3, 'end', { is_end: 1, redirect_url: '' }),
    ];
    const notes = redirectNotes(blocks, 'https://panel.example/quota?id={{pid}}');
    expect(notes).toEqual([
      {
        code: 'end_redirect',
        severity: 'info',
        message: 'Block 2 „Vielen Dank!“: Weiterleitung am Ende: https://panel.example/complete?id={{pid}}',
        place: 'block',
        unique_question_id: 'done',
      },
      {
        code: 'end_redirect',
        severity: 'info',
        message: 'Weiterleitung am Ende des Dialogs: https://panel.example/quota?id={{pid}}',
        place: 'settings',
        unique_question_id: null,
      },
    ]);
    // Info never holds the live switch: neither an error nor a warning to confirm.
    expect(notes.filter(needsAttention)).toEqual([]);
  });

  it('finds nothing when no end redirects', () => {
    expect(redirectNotes([makeBlock('e', 1, 'end', { is_end: 1, redirect_url: '' })], '')).toEqual([]);
  });

  it('sorts errors first, then warnings, then info', () => {
    const sorted = [issue('end_redirect', 'i'), issue('unreachable', 'w'), issue('no_privacy', 'e')].sort(
      bySeverity,
    );
    expect(sorted.map((i) => i.severity)).toEqual(['error', 'warning', 'info']);
    expect(sorted.map(needsAttention)).toEqual([true, true, false]);
  });
});
