import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { AclEditor } from './AclEditor';
import { CellEditorDialog } from './CellEditorDialog';
import { ConflictDialog } from './ConflictDialog';
import { DateEditor } from './DateEditor';
import { GeoPointEditor } from './GeoPointEditor';
import { JsonEditor } from './TextEditors';

const lastCall = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls[fn.mock.calls.length - 1]?.[0] as unknown;

describe('editors', () => {
  it('reads a date in UTC and shows the instant it stores', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <DateEditor
        app="a"
        column={{ key: 'at', type: 'Date' }}
        value={{ __type: 'Date', iso: '2024-05-01T10:00:00.000Z' }}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'UTC' }));
    const input = screen.getByLabelText('Date and time');
    expect(input).toHaveValue('2024-05-01T10:00');
    fireEvent.change(input, { target: { value: '2024-06-02T08:30' } });
    expect(lastCall(onChange)).toEqual({
      ok: true,
      value: { __type: 'Date', iso: '2024-06-02T08:30:00.000Z' },
    });
    expect(screen.getByText('Stored as 2024-06-02T08:30:00.000Z')).toBeInTheDocument();
  });

  it('refuses a latitude out of range, with the reason', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <GeoPointEditor
        app="a"
        column={{ key: 'g', type: 'GeoPoint' }}
        value={undefined}
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getByLabelText('Longitude'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '95' } });
    expect(screen.getByText('latitude must be between -90 and 90')).toBeInTheDocument();
    expect(lastCall(onChange)).toMatchObject({ ok: false });
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '45' } });
    expect(lastCall(onChange)).toEqual({
      ok: true,
      value: { __type: 'GeoPoint', latitude: 45, longitude: 10 },
    });
  });

  it('shows where JSON stops parsing', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <JsonEditor app="a" column={{ key: 'o', type: 'Object' }} value={{ a: 1 }} onChange={onChange} />,
    );
    fireEvent.change(screen.getByLabelText('JSON'), { target: { value: '{\n  "a": 1,\n}' } });
    expect(screen.getByText(/Not valid JSON \(line 3, column 1\)/)).toBeInTheDocument();
  });

  it('starts the ACL of an object without one from public read and write, and reports a change', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <AclEditor app="a" column={{ key: 'ACL', type: 'ACL' }} value={undefined} onChange={onChange} />,
    );
    expect(screen.getByText(/Stored without an ACL/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Write for Public (everyone)' }));
    expect(lastCall(onChange)).toEqual({ ok: true, value: { '*': { read: true } } });
  });
});

describe('CellEditorDialog', () => {
  it('saves only a value that parses', () => {
    const onSave = vi.fn();
    renderWithProviders(
      <CellEditorDialog
        app="a"
        edit={{ objectId: 'p1', column: { key: 'price', type: 'Number' }, value: 3 }}
        onSave={onSave}
        onClose={() => {}}
      />,
    );
    const input = screen.getByLabelText('Number');
    fireEvent.change(input, { target: { value: 'cheap' } });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(input, { target: { value: '4.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(4.5);
  });

  it('refuses a number that would not be stored as typed, and says why', () => {
    const onSave = vi.fn();
    renderWithProviders(
      <CellEditorDialog
        app="a"
        edit={{ objectId: 'p1', column: { key: 'price', type: 'Number' }, value: 3 }}
        onSave={onSave}
        onClose={() => {}}
      />,
    );
    const input = screen.getByLabelText('Number');
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.change(input, { target: { value: '99999999999999999999999' } });
    expect(save).toBeDisabled();
    expect(screen.getByText(/it would be saved as 1e\+23/)).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '0x10' } });
    expect(save).toBeDisabled();
    expect(screen.getByText(/not hex such as 0x10/)).toBeInTheDocument();
    // Enter (the form's submit) saves nothing either.
    fireEvent.submit(input.closest('form')!);
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '1e23' } });
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith(1e23);
  });

  it('removes the field when asked', () => {
    const onSave = vi.fn();
    renderWithProviders(
      <CellEditorDialog
        app="a"
        edit={{ objectId: 'p1', column: { key: 'name', type: 'String' }, value: 'x' }}
        onSave={onSave}
        onClose={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove the field' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(undefined);
  });
});

describe('ConflictDialog', () => {
  it('shows mine, theirs and the original, and offers the three ways out', () => {
    const choose = { onOverwrite: vi.fn(), onKeepTheirs: vi.fn(), onCancel: vi.fn() };
    renderWithProviders(
      <ConflictDialog
        objectId="p1"
        rows={[{ field: 'price', mine: 4, theirs: 5, original: 3, theirsChanged: true }]}
        {...choose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Someone changed p1 meanwhile' });
    const cells = [...dialog.querySelectorAll('tbody td')].map((td) => td.textContent);
    expect(cells).toEqual(['price', '4', '5', '3']);
    fireEvent.click(screen.getByRole('button', { name: 'Overwrite with mine' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep theirs' }));
    expect(choose.onOverwrite).toHaveBeenCalledOnce();
    expect(choose.onKeepTheirs).toHaveBeenCalledOnce();
  });
});
