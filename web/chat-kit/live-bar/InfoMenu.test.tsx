// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LIGHT_COLORS } from '../../../contract/constants.ts';
import { accentStyle, textOn } from '../chat-look.ts';
import { InfoMenu } from './InfoMenu.tsx';

/** The top bar's information menu as a WAI-ARIA menu button, and its popups' confirm colour. */

afterEach(cleanup);

function renderMenu() {
  render(
    <>
      <InfoMenu title="Informationen" privacyLabel="Datenschutz" privacyHref="/privacy/s1" />
      <button type="button">Danach</button>
    </>,
  );
  return screen.getByRole('button', { name: 'Informationen' });
}

describe('information menu', () => {
  it('opening moves the focus to the first item; Escape closes and gives it back to the button', () => {
    const trigger = renderMenu();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(trigger);
    const menu = screen.getByRole('menu', { name: 'Informationen' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(menu.id);
    const item = screen.getByRole('menuitem', { name: 'Datenschutz' });
    expect(item.getAttribute('target')).toBe('_blank');
    expect(item.getAttribute('href')).toBe('/privacy/s1');
    expect(document.activeElement).toBe(item);
    fireEvent.keyDown(item, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('ArrowDown and ArrowUp on the button open it; the arrows, Home and End keep the focus on the items', () => {
    const trigger = renderMenu();
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    const item = screen.getByRole('menuitem', { name: 'Datenschutz' });
    expect(document.activeElement).toBe(item);
    for (const key of ['ArrowDown', 'ArrowUp', 'Home', 'End']) {
      fireEvent.keyDown(document.activeElement!, { key });
      expect(document.activeElement, key).toBe(item);
    }
    fireEvent.keyDown(item, { key: 'Escape' });
    fireEvent.keyDown(trigger, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Datenschutz' }));
  });

  it('Tab closes it, from the button onwards; an outside click closes it too', () => {
    const trigger = renderMenu();
    fireEvent.click(trigger);
    fireEvent.keyDown(screen.getByRole('menuitem'), { key: 'Tab' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    fireEvent.click(trigger);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Danach' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("an Escape the menu used does not reach the page (the widget's chat would close its panel)", () => {
    const trigger = renderMenu();
    fireEvent.click(trigger);
    let reached = false;
    const listener = () => {
      reached = true;
    };
    window.addEventListener('keydown', listener);
    const event = fireEvent.keyDown(screen.getByRole('menuitem'), { key: 'Escape' });
    window.removeEventListener('keydown', listener);
    expect(reached).toBe(false);
    expect(event).toBe(false);
  });

  it('shows nothing without a privacy page', () => {
    const { container } = render(
      <InfoMenu title="Informationen" privacyLabel="Datenschutz" privacyHref={null} />,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('popup buttons on the primary colour', () => {
  it("take the dialog's accent and the text colour with the higher contrast (dark on #5ABAB2)", () => {
    const css = readFileSync(join(import.meta.dirname, 'live-bar.module.css'), 'utf8');
    const rule = /\.confirm\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    // The accent set around (chat-look.ts accentStyle), the primary where none is.
    expect(rule).toMatch(new RegExp(`background:\\s*var\\(--accent,\\s*${LIGHT_COLORS.primary}\\)`, 'i'));
    expect(rule).toMatch(
      new RegExp(`\\bcolor:\\s*var\\(--on-accent,\\s*${textOn(LIGHT_COLORS.primary)}\\)`, 'i'),
    );
    expect(accentStyle('#5abab2')).toMatchObject({ '--on-accent': '#1b1f24' });
    expect(accentStyle('#7b3fa0')).toMatchObject({ '--accent': '#7b3fa0', '--on-accent': '#ffffff' });
    expect(textOn(LIGHT_COLORS.primary)).toBe('#1b1f24');
  });
});
