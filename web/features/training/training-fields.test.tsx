// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { DUPLICATE_EXAMPLE_MSG, EXAMPLE_MAX } from '../../../contract/training.ts';
import { BranchCard } from './BranchCard.tsx';
import { ExampleRow } from './ExampleRow.tsx';
import { ThresholdSlider } from './ThresholdSlider.tsx';

/** The training screen's inputs: a refused example stays in its field with the reason; the threshold. */

afterEach(cleanup);

const refusal = (status: number, msg: string) => Object.assign(new Error(msg), { status, title: 'x', msg });
const BRANCHES = [
  { branch: 'Preis', label: 'Preis' },
  { branch: 'none', label: 'keiner davon' },
];

function card(onAdd: (text: string) => Promise<unknown>) {
  render(
    <BranchCard
      branch="Preis"
      label="Preis"
      target="nächster Block"
      examples={[]}
      branches={BRANCHES}
      busy={false}
      onAdd={onAdd}
      onUpdate={() => Promise.resolve()}
      onRemove={() => {}}
      onPasteMany={() => {}}
    />,
  );
  return screen.getByLabelText('Neues Beispiel für „Preis“') as HTMLInputElement;
}

describe('adding an example', () => {
  it("limits the field to the contract's length", () => {
    const field = card(() => Promise.resolve());
    expect(field.maxLength).toBe(EXAMPLE_MAX);
  });

  it('empties the field once the example is added', async () => {
    const onAdd = vi.fn(() => Promise.resolve({ msg: 'success', id: 1 }));
    const field = card(onAdd);
    fireEvent.change(field, { target: { value: ' Zu teuer ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onAdd).toHaveBeenCalledWith('Zu teuer');
    await waitFor(() => expect(field.value).toBe(''));
  });

  it('keeps a refused text in the field and shows why at the field', async () => {
    const field = card(() => Promise.reject(refusal(409, DUPLICATE_EXAMPLE_MSG)));
    fireEvent.change(field, { target: { value: 'Der Preis ist zu hoch' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await screen.findByText(DUPLICATE_EXAMPLE_MSG);
    expect(field.value).toBe('Der Preis ist zu hoch');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // Typing again clears the message.
    fireEvent.change(field, { target: { value: 'Der Preis ist zu hoch!' } });
    expect(screen.queryByText(DUPLICATE_EXAMPLE_MSG)).toBeNull();
  });

  it('shows a length refusal without the field name', async () => {
    const field = card(() => Promise.reject(refusal(400, 'text: höchstens 1000 Zeichen')));
    fireEvent.change(field, { target: { value: 'lang' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await screen.findByText('höchstens 1000 Zeichen');
    expect(field.value).toBe('lang');
  });
});

describe('editing an example', () => {
  it('keeps the edit open with the reason when the server refuses it', async () => {
    const onSave = vi.fn(() => Promise.reject(refusal(409, DUPLICATE_EXAMPLE_MSG)));
    render(
      <ul>
        <ExampleRow
          id={7}
          text="Zu teuer"
          branch="Preis"
          branches={BRANCHES}
          disabled={false}
          onUpdate={onSave}
          onRemove={() => {}}
        />
      </ul>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Beispiel bearbeiten' }));
    const field = screen.getByRole('textbox', { name: 'Beispiel bearbeiten' }) as HTMLInputElement;
    expect(field.maxLength).toBe(EXAMPLE_MAX);
    fireEvent.change(field, { target: { value: 'Der Preis ist zu hoch' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await screen.findByText(DUPLICATE_EXAMPLE_MSG);
    expect(onSave).toHaveBeenCalledWith(7, { text: 'Der Preis ist zu hoch' });
    expect((screen.getByRole('textbox', { name: 'Beispiel bearbeiten' }) as HTMLInputElement).value).toBe(
      'Der Preis ist zu hoch',
    );
  });
});

describe('threshold slider', () => {
  it('shows a stored default like 0.2875 as whole percent, never the raw number', () => {
    const { container } = render(<ThresholdSlider value={0.2875} onSave={() => {}} />);
    expect(screen.getByTestId('training-threshold').textContent).toMatch(/^29\s%$/);
    const input = container.querySelector('input[type="range"]') as HTMLInputElement;
    expect(input.step).toBe('0.01');
    expect(input.getAttribute('aria-valuetext')).toMatch(/^29\s%$/);
    expect(container.textContent).not.toContain('0.2875');
  });

  it('saves values on the grid after keyboard steps from an off-grid value', () => {
    const onSave = vi.fn();
    const { container } = render(<ThresholdSlider value={0.2875} onSave={onSave} />);
    const input = container.querySelector('input[type="range"]') as HTMLInputElement;
    fireEvent.keyDown(input, { key: 'ArrowRight' });
    expect(screen.getByTestId('training-threshold').textContent).toMatch(/^30\s%$/);
    expect(container.textContent).not.toMatch(/\d\.\d{3,}/);
  });
});
