import { describe, expect, it, vi } from 'vitest';
import { fillPath } from '../../contract/endpoint.ts';
import type { ApiClient } from '../api/client.ts';
import { ApiError } from '../api/client.ts';
import {
  activeModule,
  liveToggleAllowed,
  moduleAllowed,
  modulePath,
  moduleTabs,
  resolveAnalysePath,
} from './module-tabs.ts';

function apiReturning(result: unknown | Error): ApiClient & { call: ReturnType<typeof vi.fn> } {
  const call = vi.fn(async () => {
    if (result instanceof Error) throw result;
    return result;
  });
  return { call, get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), request: vi.fn() } as never;
}

/** The address a mocked `call` was asked for. */
function calledPath(api: { call: ReturnType<typeof vi.fn> }): string {
  const [endpoint, input] = api.call.mock.calls[0] as [{ path: string }, Record<string, unknown>];
  return fillPath(endpoint.path, input).path;
}

describe('module tab bar (SPEC §2)', () => {
  it('has the five tabs in order, all enabled without flags', () => {
    const tabs = moduleTabs(null);
    expect(tabs.map((t) => t.key)).toEqual(['configurator', 'training', 'assess', 'share', 'analyse']);
    expect(tabs.every((t) => !t.disabled)).toBe(true);
  });

  it('a flag of 0 disables its tab; 1 or missing keeps it', () => {
    const tabs = moduleTabs({ bearbeiten: 0, intrance: 1, testen: 0, live_switch: 0, analyse: 0 });
    expect(tabs.map((t) => [t.key, t.disabled])).toEqual([
      ['configurator', true],
      ['training', false],
      ['assess', true],
      ['share', true],
      ['analyse', true],
    ]);
  });

  it("disables the modules the caller's role does not allow (the server would answer 403)", () => {
    const enabled = (role: string) =>
      moduleTabs({ role })
        .filter((t) => !t.disabled)
        .map((t) => t.key);
    expect(enabled('owner')).toEqual(['configurator', 'training', 'assess', 'share', 'analyse']);
    expect(enabled('full')).toEqual(['configurator', 'training', 'assess', 'share', 'analyse']);
    expect(enabled('edit_train')).toEqual(['configurator', 'training', 'assess']);
    expect(enabled('train')).toEqual(['training', 'assess']);
    expect(enabled('analyse')).toEqual(['analyse']);
    expect(moduleTabs({ role: 'train', intrance: 0 }).find((t) => t.key === 'training')?.disabled).toBe(true);
  });

  it('moduleAllowed follows the tab: the assessment chat for roles that may test, with testen on', () => {
    expect(moduleAllowed(null, 'assess')).toBe(true);
    expect(moduleAllowed({ role: 'train' }, 'assess')).toBe(true);
    expect(moduleAllowed({ role: 'analyse' }, 'assess')).toBe(false);
    expect(moduleAllowed({ role: 'owner', testen: 0 }, 'assess')).toBe(false);
  });

  it('allows the live toggle only with the live_switch flag and a role that may configure', () => {
    expect(liveToggleAllowed(null)).toBe(false);
    expect(liveToggleAllowed({})).toBe(true);
    expect(liveToggleAllowed({ live_switch: 0 })).toBe(false);
    for (const role of ['owner', 'full', 'edit_train']) expect(liveToggleAllowed({ role })).toBe(true);
    // switch_activate_link answers 403 to these roles, and a 403 signs the author out (SPEC §8).
    for (const role of ['train', 'analyse']) expect(liveToggleAllowed({ role })).toBe(false);
  });

  it('knows the active tab of each dialog view', () => {
    expect(activeModule('configurator')).toBe('configurator');
    expect(activeModule('Intrance_ai')).toBe('training');
    expect(activeModule('Assess')).toBe('assess');
    expect(activeModule('Share')).toBe('share');
    expect(activeModule('AnalyseMultiChat')).toBe('analyse');
    expect(activeModule('Dashboard')).toBeNull();
  });

  it('tab paths', () => {
    expect(modulePath('configurator', 's1')).toBe('/configurator/s1');
    expect(modulePath('training', 's1')).toBe('/intrance/s1');
    expect(modulePath('assess', 's1')).toBe('/assess/s1');
    expect(modulePath('share', 's 1')).toBe('/share/s%201');
  });

  it('Analyse goes to the multi-chat analysis when the dialog is linked to a manager', async () => {
    const api = apiReturning({ msg: 'success', connected_status: { dialog_manager_id: 3 } });
    await expect(resolveAnalysePath(api, 's1')).resolves.toBe('/analyse_multichat/3');
    expect(calledPath(api)).toBe('/api/find_dialogmanager_status/s1');
  });

  it('Analyse goes to the dialog analysis when not linked', async () => {
    await expect(
      resolveAnalysePath(apiReturning({ msg: 'success', connected_status: {} }), 's1'),
    ).resolves.toBe('/analyse/s1');
    await expect(resolveAnalysePath(apiReturning({ msg: 'error' }), 's1')).resolves.toBe('/analyse/s1');
  });

  it('a failed status call counts as not linked and is logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(resolveAnalysePath(apiReturning(new ApiError(404, 'not_found', '')), 's1')).resolves.toBe(
      '/analyse/s1',
    );
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
