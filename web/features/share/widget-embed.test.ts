// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The embed script (web/public/widget.js) on a page of another site: its bubble's labels, focus and
 * Escape. Here, beside the snippet, not in web/public/, which is published as it is.
 */
const SOURCE = readFileSync(join(import.meta.dirname, '../../public/widget.js'), 'utf8');
const CHAT_ORIGIN = 'https://dialoge.example.org';

afterEach(() => {
  document.body.replaceChildren();
  delete (window as { __dialogwerkWidgets?: unknown }).__dialogwerkWidgets;
  Reflect.deleteProperty(document, 'currentScript');
});

/** The page with the snippet (attributes besides src and data-survey-id) and the script run on it. */
let pages = 0;
function pageWith(attributes: Record<string, string> = {}) {
  const surveyId = `s${++pages}`;
  // The snippet's tag, as the browser gives it to the running script (not loaded here).
  const tag = document.createElement('script');
  tag.type = 'text/plain';
  tag.src = `${CHAT_ORIGIN}/widget.js`;
  tag.dataset.surveyId = surveyId;
  Object.assign(tag.dataset, attributes);
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => tag });
  new Function(SOURCE)();
  const root = document.querySelector(`[data-dialogwerk-widget="${surveyId}"]`)!;
  const button = root.querySelector('button')!;
  const frame = () => root.querySelector('iframe');
  const panel = () => document.getElementById(button.getAttribute('aria-controls')!)!;
  const press = (target: EventTarget, key: string) =>
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  return { surveyId, button, frame, panel, press };
}

const iconFill = (button: HTMLButtonElement) => button.querySelector('path')?.getAttribute('fill');

describe('embed launcher', () => {
  it('names what it does: open, then close, with aria-expanded and the panel it controls', () => {
    const { surveyId, button, panel, frame } = pageWith();
    expect(button.getAttribute('aria-label')).toBe('Chat öffnen');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel().style.display).toBe('none');
    expect(frame()).toBeNull();
    button.click();
    expect(button.getAttribute('aria-label')).toBe('Chat schließen');
    expect(button.title).toBe('Chat schließen');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel().style.display).toBe('block');
    expect(frame()?.getAttribute('src')).toBe(`${CHAT_ORIGIN}/widget/${surveyId}`);
    button.click();
    expect(button.getAttribute('aria-label')).toBe('Chat öffnen');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel().style.display).toBe('none');
  });

  it("speaks English with data-language='en'", () => {
    const { button } = pageWith({ language: 'en' });
    expect(button.getAttribute('aria-label')).toBe('Open chat');
    button.click();
    expect(button.getAttribute('aria-label')).toBe('Close chat');
  });

  it('keeps a data-label as its name while closed', () => {
    const { button } = pageWith({ label: 'Fragen Sie uns', language: 'en' });
    expect(button.getAttribute('aria-label')).toBe('Fragen Sie uns');
    button.click();
    expect(button.getAttribute('aria-label')).toBe('Close chat');
  });

  it('moves the focus into the chat on open; Escape closes and gives it back to the launcher', () => {
    const { button, frame, panel, press } = pageWith();
    button.focus();
    button.click();
    expect(document.activeElement).toBe(frame());
    press(button, 'Escape');
    expect(panel().style.display).toBe('none');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it("closes on the chat's Escape message from its frame and origin only", () => {
    const { button, frame, panel } = pageWith();
    button.click();
    expect(frame()?.contentWindow).toBeTruthy();
    const post = (source: Window | null, origin: string, type = 'dialogwerk:close') =>
      window.dispatchEvent(new MessageEvent('message', { data: { type }, origin, source }));
    post(window, CHAT_ORIGIN);
    post(frame()!.contentWindow, 'https://evil.example');
    post(frame()!.contentWindow, CHAT_ORIGIN, 'something-else');
    expect(panel().style.display).toBe('block');
    post(frame()!.contentWindow, CHAT_ORIGIN);
    expect(panel().style.display).toBe('none');
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-label')).toBe('Chat öffnen');
  });

  it('takes a valid data-color, and an icon colour with the higher contrast on it', () => {
    // The primary colour: dark icon (white would be 2.3:1).
    expect(iconFill(pageWith().button)).toBe('#1b1f24');
    const dark = pageWith({ color: '#0D47A1' }).button;
    expect(dark.style.background).toMatch(/rgb\(13, 71, 161\)|#0d47a1/i);
    expect(iconFill(dark)).toBe('#ffffff');
    const invalid = pageWith({ color: 'red; background:url(x)' }).button;
    expect(invalid.style.background).toMatch(/rgb\(90, 186, 178\)|#5abab2/i);
    expect(iconFill(invalid)).toBe('#1b1f24');
  });
});
