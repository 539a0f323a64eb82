import { describe, expect, it } from 'vitest';
import { hasContentPadding, showsTopBar } from '../../contract/routes.ts';
import { adminBarLayout } from './admin-top-bar-rules.ts';

const base = { width: 1280, smUp: true, dialogLoaded: true, canTest: true };

describe('admin top bar rules (SPEC §2)', () => {
  it('module tabs beside the title above 1080 px, in an extension row at 1080 and below', () => {
    expect(adminBarLayout({ ...base, routeName: 'configurator', width: 1081 })).toMatchObject({
      tabsInline: true,
      tabsRow: false,
    });
    expect(adminBarLayout({ ...base, routeName: 'configurator', width: 1080 })).toMatchObject({
      tabsInline: false,
      tabsRow: true,
    });
  });

  it('module tabs only on admin dialog views', () => {
    for (const routeName of ['Dashboard', 'Account', 'Admin', 'Impressum']) {
      expect(adminBarLayout({ ...base, routeName })).toMatchObject({ tabsInline: false, tabsRow: false });
    }
  });

  it("restart ('Neu starten') only on Assess, update only on Analyse", () => {
    expect(adminBarLayout({ ...base, routeName: 'Assess' })).toMatchObject({
      restartButton: true,
      updateButton: false,
    });
    expect(adminBarLayout({ ...base, routeName: 'Analyse' })).toMatchObject({
      restartButton: false,
      updateButton: true,
    });
    expect(adminBarLayout({ ...base, routeName: 'configurator' })).toMatchObject({
      restartButton: false,
      updateButton: false,
    });
    // An author who may not test the dialog (role, or the testen flag off) gets no restart.
    expect(adminBarLayout({ ...base, routeName: 'Assess', canTest: false }).restartButton).toBe(false);
  });

  it('live toggle and Team: dialog loaded, dialog view, sm and up, not on the exit routes', () => {
    expect(adminBarLayout({ ...base, routeName: 'Share' }).dialogControls).toBe(true);
    expect(adminBarLayout({ ...base, routeName: 'Share', dialogLoaded: false }).dialogControls).toBe(false);
    expect(adminBarLayout({ ...base, routeName: 'Share', smUp: false }).dialogControls).toBe(false);
    expect(adminBarLayout({ ...base, routeName: 'Dashboard' }).dialogControls).toBe(false);
    expect(adminBarLayout({ ...base, routeName: 'Dialog_exit' }).dialogControls).toBe(false);
    expect(adminBarLayout({ ...base, routeName: 'Assess_live_exit' }).dialogControls).toBe(false);
  });

  it('no top bar and no padding on the routes SPEC lists', () => {
    for (const name of [
      'Privacy',
      'Login',
      'Datenschutz',
      'E-Mail_Validation',
      'Magic_link',
      'Login_Refresh',
      'Widget_Only',
      'Multichat_flow',
    ]) {
      expect(showsTopBar(name), name).toBe(false);
    }
    expect(showsTopBar(undefined)).toBe(false);
    expect(showsTopBar('Dashboard')).toBe(true);
    // On a phone the chat's header carries the bar's logo and actions: one header, not two.
    expect(showsTopBar('Dialog')).toBe(true);
    expect(showsTopBar('Dialog', true)).toBe(false);
    expect(showsTopBar('Assess_live', true)).toBe(false);
    expect(showsTopBar('Dialog_exit', true)).toBe(true);
    for (const name of [
      'Login',
      'Magic_link',
      'Assess',
      'Assess_live',
      'Dialog',
      'Multichat_live',
      'Widget_Only',
    ]) {
      expect(hasContentPadding(name), name).toBe(false);
    }
    expect(hasContentPadding('Dashboard')).toBe(true);
  });
});
