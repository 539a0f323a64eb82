import { describe, expect, it } from 'vitest';
import type { SurveyListItem } from '../../../contract/dialogs.ts';
import { surveyListItem } from '../../test-data.ts';
import { canDelete, canDuplicate, matchesQuery, openableModules, visibleSurveys } from './survey-list.ts';

const item = (overrides: Partial<SurveyListItem> & { survey_name: string }): SurveyListItem =>
  surveyListItem({ survey_id: overrides.survey_name, created_at: 0, updated_at: 0, ...overrides });

describe('dashboard list', () => {
  const list = [
    item({ survey_name: 'Zufriedenheit', updated_at: 30, created_at: 1, participants: 5 }),
    item({ survey_name: 'ärger melden', updated_at: 10, created_at: 3, participants: 9 }),
    item({ survey_name: 'Bewerbung', updated_at: 20, created_at: 2, participants: 0, role: 'train' }),
    item({ survey_name: 'Alpha', updated_at: 99, pending_invite: true, role: 'full' }),
  ];

  it('sorts by last change, name (German collation), creation or participants; invitations last', () => {
    const names = (sort: Parameters<typeof visibleSurveys>[2]) =>
      visibleSurveys(list, '', sort).map((s) => s.survey_name);
    expect(names('updated')).toEqual(['Zufriedenheit', 'Bewerbung', 'ärger melden', 'Alpha']);
    expect(names('name')).toEqual(['ärger melden', 'Bewerbung', 'Zufriedenheit', 'Alpha']);
    expect(names('created')).toEqual(['ärger melden', 'Bewerbung', 'Zufriedenheit', 'Alpha']);
    expect(names('participants')).toEqual(['ärger melden', 'Zufriedenheit', 'Bewerbung', 'Alpha']);
  });

  it('searches every word in name and role label, case-insensitively', () => {
    expect(matchesQuery(list[0]!, 'zufrieden')).toBe(true);
    expect(matchesQuery(list[2]!, 'bewerb trainieren')).toBe(true);
    expect(matchesQuery(list[2]!, 'bewerb besitzer')).toBe(false);
    expect(visibleSurveys(list, '  ', 'name')).toHaveLength(4);
  });

  it('searches the role label as shown when the screen gives one (English UI)', () => {
    const english = (i: SurveyListItem) => ({ owner: 'Owner', train: 'Train' })[i.role as 'owner' | 'train'];
    expect(matchesQuery(list[2]!, 'bewerb train', english)).toBe(true);
    expect(matchesQuery(list[2]!, 'bewerb trainieren', english)).toBe(false);
    expect(visibleSurveys(list, 'owner', 'name', english).map((s) => s.survey_name)).toEqual([
      'ärger melden',
      'Zufriedenheit',
    ]);
  });

  it('opens only the modules the role allows and the flags leave on', () => {
    expect(openableModules(item({ survey_name: 'a' }))).toEqual([
      'configurator',
      'training',
      'assess',
      'share',
      'analyse',
    ]);
    expect(openableModules(item({ survey_name: 'a', role: 'edit_train' }))).toEqual([
      'configurator',
      'training',
      'assess',
    ]);
    expect(openableModules(item({ survey_name: 'a', role: 'analyse' }))).toEqual(['analyse']);
    expect(openableModules(item({ survey_name: 'a', bearbeiten: 0, analyse: 0 }))).toEqual([
      'training',
      'assess',
      'share',
    ]);
    expect(openableModules(item({ survey_name: 'a', pending_invite: true }))).toEqual([]);
  });

  it('duplicate needs the configure right, delete the owner', () => {
    expect(canDuplicate(item({ survey_name: 'a', role: 'full' }))).toBe(true);
    expect(canDuplicate(item({ survey_name: 'a', role: 'train' }))).toBe(false);
    expect(canDelete(item({ survey_name: 'a', role: 'full' }))).toBe(false);
    expect(canDelete(item({ survey_name: 'a' }))).toBe(true);
  });
});
