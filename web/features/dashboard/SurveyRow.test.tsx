// @vitest-environment jsdom
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppThemeProvider } from '../../AppThemeProvider.tsx';
import i18next from '../../i18n/index.ts';
import { surveyListItem } from '../../test-data.ts';
import { SurveyRow } from './SurveyRow.tsx';

/** The role column shows the same translated labels as the Share screen (share.roles). */

const ITEM = surveyListItem({
  survey_name: 'Zufriedenheit',
  role: 'edit_train',
  active: true,
  participants: 3,
  finished: 1,
  created_at: 0,
  updated_at: Date.now(),
});

function renderRow() {
  render(
    <MemoryRouter>
      <AppThemeProvider>
        <Table>
          <TableBody>
            <SurveyRow item={ITEM} onDuplicate={() => {}} onDelete={() => {}} duplicating={false} />
          </TableBody>
        </Table>
      </AppThemeProvider>
    </MemoryRouter>,
  );
}

describe('dashboard row', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('de');
  });

  it('shows the role in German as the contract names it', () => {
    renderRow();
    expect(screen.getByText('Bearbeiten + Trainieren')).toBeTruthy();
  });

  it('shows the role in English like the Share screen', async () => {
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    renderRow();
    expect(screen.getByText('Edit + train')).toBeTruthy();
    expect(screen.queryByText('Bearbeiten + Trainieren')).toBeNull();
    expect(screen.getByText('Live')).toBeTruthy();
  });
});
