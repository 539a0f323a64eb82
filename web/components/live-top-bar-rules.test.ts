import { describe, expect, it } from 'vitest';
import { livePopup, liveTopBarModel, privacyHref } from './live-top-bar-rules.ts';

const fragments = {
  restart: 'Neu starten',
  delete: 'Abbrechen',
  privacy: 'Datenschutz',
  restart_pop_up: { header: 'Neu?', text: 'Wirklich?', btn_back: 'Zurück', btn_restart: 'Neu starten' },
  delete_pop_up: { header: 'Löschen?', text: 'Alles weg.', btn_back: 'Zurück', btn_delete: 'Löschen' },
};
const fallback = { restart: 'R', delete: 'D', privacy: 'P' };

describe('respondent top bar (SPEC §2)', () => {
  it('takes popup texts from the language fragments', () => {
    expect(livePopup(fragments.delete_pop_up, 'btn_delete')).toEqual({
      title: 'Löschen?',
      text: 'Alles weg.',
      cancelLabel: 'Zurück',
      confirmLabel: 'Löschen',
    });
    expect(livePopup(undefined, 'btn_restart')).toBeNull();
  });

  it('links the privacy page of the dialog, encoded', () => {
    expect(privacyHref('a b')).toBe('/privacy/a%20b');
    expect(privacyHref(undefined)).toBeNull();
  });

  it('offers restart and cancel only for a dialog whose fragments are loaded', () => {
    const bar = liveTopBarModel({
      routeSurveyId: 'S1',
      dialog: null,
      clientConfig: null,
      fragments,
      fallback,
      consented: true,
    });
    expect(bar.restart).toMatchObject({ title: 'Neu starten', popup: { confirmLabel: 'Neu starten' } });
    expect(bar.remove.popup?.confirmLabel).toBe('Löschen');
    expect(bar.privacy).toEqual({ label: 'Datenschutz', href: '/privacy/S1' });

    const loading = liveTopBarModel({
      routeSurveyId: 'S1',
      dialog: null,
      clientConfig: null,
      fragments: null,
      fallback,
      consented: true,
    });
    expect(loading.restart).toEqual({ title: 'R', popup: null });

    // The exit page: no dialog, so nothing to restart or cancel.
    const exit = liveTopBarModel({
      routeSurveyId: undefined,
      dialog: null,
      clientConfig: null,
      fragments,
      fallback,
      consented: true,
    });
    expect(exit.restart.popup).toBeNull();
    expect(exit.remove.popup).toBeNull();
    expect(exit.privacy.href).toBeNull();
  });

  it('offers no restart or cancel before consent or on an ended dialog, but the privacy link', () => {
    const base = { routeSurveyId: 'S1', dialog: null, fragments, fallback };
    const before = liveTopBarModel({ ...base, clientConfig: { active: true }, consented: false });
    expect(before.restart.popup).toBeNull();
    expect(before.remove.popup).toBeNull();
    expect(before.privacy.href).toBe('/privacy/S1');
    const ended = liveTopBarModel({ ...base, clientConfig: { active: false }, consented: true });
    expect(ended.restart.popup).toBeNull();
    expect(ended.remove.popup).toBeNull();
    const running = liveTopBarModel({ ...base, clientConfig: { active: true }, consented: true });
    expect(running.remove.popup?.confirmLabel).toBe('Löschen');
  });

  it('uses the client config logo first, then the dialog logo', () => {
    const bar = liveTopBarModel({
      routeSurveyId: 'S1',
      dialog: { survey_id: 'S1', survey_name: 'D', logo_src: '/img/d.png' },
      clientConfig: { config: { logo_src: 'https://cdn.example.org/l.png' } },
      fragments,
      fallback,
      consented: true,
    });
    expect(bar.logo).toBe('https://cdn.example.org/l.png');
    expect(bar.logoAlt).toBe('D');
  });
});
