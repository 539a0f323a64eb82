// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import '../../i18n/feature-texts.ts';
import { AuditTable } from './AuditTable.tsx';

/** The 'Protokoll' table's details column reads in German, not in the calls' field names. */
describe('AuditTable', () => {
  afterEach(cleanup);

  it("names the details' fields and a role in German", () => {
    render(
      <AuditTable
        entries={[
          {
            id: 1,
            at: Date.UTC(2026, 10, 27, 22, 23),
            actor_id: 1,
            actor_name: 'autorin',
            address: '127.0.0.1',
            action: 'invitation_sent',
            survey_id: 's1',
            details: { name: 'kollege@example.org', new_role: 'edit_train', other_field: 3 },
          },
        ]}
      />,
    );
    expect(
      screen.getByText('Name: kollege@example.org · Rolle: Bearbeiten + Trainieren · other_field: 3'),
    ).toBeTruthy();
  });
});
