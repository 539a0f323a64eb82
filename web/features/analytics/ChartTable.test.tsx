// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SurveySummaryResponse } from '../../../contract/analytics.ts';
import '../../i18n/index.ts';
import { de } from '../../i18n/de.ts';
import { stubChartLayout } from '../../test-stubs.ts';
import { lightTheme } from '../../theme.ts';
import { ParticipationChart } from './ParticipationChart.tsx';

/** Every chart has its figures as a table (issue 25): read by screen readers, shown with 'Als Tabelle'. */

beforeEach(() => {
  stubChartLayout();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the participation chart', () => {
  const perDay: SurveySummaryResponse['per_day'] = [
    { day: '2025-06-02', started: 3, finished: 2 },
    { day: '2025-06-03', started: 1, finished: 1 },
  ];

  it('has a table of the days with started and finished, shown on request', () => {
    render(
      <ThemeProvider theme={lightTheme}>
        <ParticipationChart perDay={perDay} />
      </ThemeProvider>,
    );
    const p = de.analytics.participation;
    const figure = screen.getByRole('figure', { name: p.title });
    const table = within(figure).getByRole('table', { name: p.title });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([`${p.day}${p.started}${p.finished}`, '02.06.202532', '03.06.202511']);
    const toggle = within(figure).getByRole('button', { name: de.analytics.chartTable });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});
