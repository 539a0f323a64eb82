// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ManagerSummaryResponse } from '../../../contract/analytics.ts';
import '../../i18n/index.ts';
import { stubChartLayoutPerTest } from '../../test-stubs.ts';
import { lightTheme } from '../../theme.ts';
import { GameProgress } from './GameProgress.tsx';

/** The 'Spielfortschritt' chart's count axis: whole numbers, also before anyone played. */

function summary(started: number, finished: number): ManagerSummaryResponse {
  return {
    dialog_manager_id: 3,
    name: 'Spiel',
    game_title: 'Flow',
    players: started,
    progress: [
      { survey_id: 's1', survey_name: 'Teil eins', started, finished },
      { survey_id: 's2', survey_name: 'Teil zwei', started: 0, finished: 0 },
    ],
    dialogs: [],
  };
}

function countTicks(data: ManagerSummaryResponse): string[] {
  const { container } = render(
    <ThemeProvider theme={lightTheme}>
      <GameProgress summary={data} />
    </ThemeProvider>,
  );
  const names = new Set(data.progress.map((s) => s.survey_name));
  return [...container.querySelectorAll('.MuiChartsAxis-tickLabel')]
    .map((tick) => tick.textContent ?? '')
    .filter((label) => !names.has(label));
}

describe('GameProgress', () => {
  stubChartLayoutPerTest();

  it('labels the axis 0 and 1 while no one has played', () => {
    expect(countTicks(summary(0, 0))).toEqual(['0', '1']);
  });

  it('labels the axis in whole players', () => {
    const ticks = countTicks(summary(3, 2));
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.every((label) => /^\d+$/.test(label))).toBe(true);
  });
});
