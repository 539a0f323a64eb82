import { describe, expect, it } from 'vitest';
import { breadcrumbModel, dialogName } from './breadcrumbs.ts';

const dialog = { survey_id: 's1', survey_name: 'Kundenumfrage' };

describe('breadcrumb bar (SPEC §2)', () => {
  it('Assess: only the logo to the dashboard, no reload', () => {
    expect(breadcrumbModel({ routeName: 'Assess', pathname: '/assess/s1', surveyId: 's1', dialog })).toEqual({
      kind: 'logo',
      reload: false,
    });
  });

  it('Dashboard, Root, Impressum: the logo, reloading on / and /dashboard only', () => {
    expect(breadcrumbModel({ routeName: 'Root', pathname: '/', dialog: null })).toEqual({
      kind: 'logo',
      reload: true,
    });
    expect(breadcrumbModel({ routeName: 'Dashboard', pathname: '/dashboard', dialog: null })).toEqual({
      kind: 'logo',
      reload: true,
    });
    expect(breadcrumbModel({ routeName: 'Dashboard', pathname: '/dashboard/', dialog: null })).toMatchObject({
      reload: true,
    });
    expect(breadcrumbModel({ routeName: 'Impressum', pathname: '/impressum', dialog: null })).toEqual({
      kind: 'logo',
      reload: false,
    });
  });

  it.each(['configurator', 'Intrance', 'Intrance_ai', 'Share', 'Analyse'])(
    '%s: Dashboard back link and the held dialog name when it is the route dialog',
    (routeName) => {
      expect(breadcrumbModel({ routeName, pathname: '/x/s1', surveyId: 's1', dialog })).toEqual({
        kind: 'back',
        name: { text: 'Kundenumfrage' },
      });
      expect(breadcrumbModel({ routeName, pathname: '/x/s2', surveyId: 's2', dialog })).toEqual({
        kind: 'back',
        name: { label: 'newDialog' },
      });
      expect(breadcrumbModel({ routeName, pathname: '/x/s2', surveyId: 's2', dialog: null })).toEqual({
        kind: 'back',
        name: { label: 'newDialog' },
      });
    },
  );

  it('Account: back link with the name hidden', () => {
    expect(breadcrumbModel({ routeName: 'Account', pathname: '/account', dialog })).toEqual({
      kind: 'back',
      name: null,
    });
  });

  it("AnalyseMultiChat: 'Tatort-Game' with no dialog held, otherwise 'loading...'", () => {
    expect(dialogName('AnalyseMultiChat', undefined, null)).toEqual({ label: 'tatortGame' });
    expect(dialogName('AnalyseMultiChat', undefined, dialog)).toEqual({ label: 'loadingName' });
  });
});
