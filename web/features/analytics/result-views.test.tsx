// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlockResult, CrosstabResponse } from '../../../contract/analytics.ts';
import '../../i18n/index.ts';
import { de } from '../../i18n/de.ts';
import { stubChartLayout } from '../../test-stubs.ts';
import { lightTheme } from '../../theme.ts';
import { CrosstabTable } from './CrosstabPanel.tsx';
import { NumberResult } from './NumberResult.tsx';

/** QA findings: every histogram bin labelled, and the cross-tab's totals in people. */

beforeEach(() => {
  stubChartLayout();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const themed = (node: React.ReactNode) => render(<ThemeProvider theme={lightTheme}>{node}</ThemeProvider>);

describe('the histogram of a whole-number block', () => {
  // Five answers 45, 290, 291, 1000, 2500 as the server bins them (246 whole numbers a bin).
  const bounds = [45, 291, 537, 783, 1029, 1275, 1521, 1767, 2013, 2259];
  const counts = [2, 1, 0, 1, 0, 0, 0, 0, 0, 1];
  const result: Extract<BlockResult, { kind: 'number' }> = {
    kind: 'number',
    respondents: 5,
    min: 45,
    max: 2500,
    mean: 825.2,
    median: 291,
    histogram: bounds.map((from, i) => ({ from, to: (bounds[i + 1] ?? 2501) - 1, count: counts[i]! })),
  };
  const labels = [
    '45–290',
    '291–536',
    '537–782',
    '783–1.028',
    '1.029–1.274',
    '1.275–1.520',
    '1.521–1.766',
    '1.767–2.012',
    '2.013–2.258',
    '2.259–2.500',
  ];

  it('labels every bin under its bar, in whole numbers', () => {
    const { container } = themed(<NumberResult title="Kilometer" result={result} />);
    const ticks = [...container.querySelectorAll('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')].map(
      (tick) => tick.textContent,
    );
    expect(ticks).toEqual(labels);
  });

  it('gives screen readers every bin with its count', () => {
    themed(<NumberResult title="Kilometer" result={result} />);
    const figure = screen.getByRole('figure', { name: `Kilometer: ${de.analytics.results.histogram}` });
    const table = within(figure).getByRole('table', {
      name: `Kilometer: ${de.analytics.results.histogram}`,
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      `${de.analytics.results.bin}${de.analytics.results.count}`,
      ...labels.map((label, i) => `${label}${counts[i]}`),
    ]);
  });
});

describe('the cross-tabulation with a multiple choice', () => {
  // Zufrieden × Verkehrsmittel: ja r1 (Bus, Bahn), r2 (Bahn); nein r3 (Bus, Rad), r4 (Rad).
  const data: CrosstabResponse = {
    rows: ['ja', 'nein'],
    columns: ['Bus', 'Bahn', 'Rad'],
    counts: [
      [1, 2, 0],
      [1, 0, 2],
    ],
    row_totals: [2, 2],
    column_totals: [2, 2, 2],
    total: 4,
  };

  it("'Gesamt' counts people (4), not mentions (6), and says so", () => {
    themed(<CrosstabTable data={data} caption="Zufrieden × Verkehrsmittel" multiple />);
    const table = screen.getByRole('table', { name: 'Zufrieden × Verkehrsmittel' });
    const cells = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(cells).toEqual([
      ['', 'Bus', 'Bahn', 'Rad', 'Gesamt'],
      ['ja', '1', '2', '0', '2'],
      ['nein', '1', '0', '2', '2'],
      ['Gesamt', '2', '2', '2', '4'],
    ]);
    expect(screen.getByText(de.analytics.crosstab.people)).toBeTruthy();
    expect(screen.getByText('Beide Blöcke beantwortet: 4')).toBeTruthy();
  });

  it('without a multiple choice there is no note on people and mentions', () => {
    themed(
      <CrosstabTable
        data={{
          rows: ['ja'],
          columns: ['gut', 'schlecht'],
          counts: [[1, 1]],
          row_totals: [2],
          column_totals: [1, 1],
          total: 2,
        }}
        caption="A × B"
        multiple={false}
      />,
    );
    expect(screen.queryByText(de.analytics.crosstab.people)).toBeNull();
  });
});
