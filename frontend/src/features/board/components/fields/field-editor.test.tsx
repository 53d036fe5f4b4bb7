import type { BoardField } from '@papan/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FieldEditor } from './field-editor';

const field = (type: BoardField['type']): BoardField => ({
  _id: 'f1',
  boardId: 'b1',
  name: 'Points',
  type,
  options: type === 'select' ? [{ _id: 'o1', name: 'High', color: '#eb5a46' }] : [],
  showOnCard: true,
  position: 0,
});

function typeAndEnter(value: string) {
  const input = screen.getByRole('textbox', { name: 'Points' });
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
  return input;
}

describe(FieldEditor.name, () => {
  it('says what is wrong with a number and sends nothing, then saves a good one', () => {
    const onSave = vi.fn();
    render(<FieldEditor field={field('number')} value={undefined} label="Points" onSave={onSave} />);
    const input = typeAndEnter('five');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a number, like 3 or 1.5.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
    typeAndEnter('2.5');
    expect(onSave).toHaveBeenCalledWith(2.5);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an address that is not http(s) and clears the value when emptied', () => {
    const onSave = vi.fn();
    render(<FieldEditor field={field('url')} value="https://example.com" label="Points" onSave={onSave} />);
    typeAndEnter('ftp://example.com');
    expect(screen.getByRole('alert')).toHaveTextContent('http:// or https://');
    typeAndEnter('');
    expect(onSave).toHaveBeenCalledWith(null);
  });

  it('cancels with Escape in a table cell, and sends nothing for an unchanged value', () => {
    const onSave = vi.fn();
    const onCancel = vi.fn();
    render(
      <FieldEditor field={field('text')} value="Hello" label="Points" onSave={onSave} onCancel={onCancel} />,
    );
    const input = screen.getByRole('textbox', { name: 'Points' });
    fireEvent.change(input, { target: { value: 'Changed' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });

  it("offers a select's options and none, and ticks a checkbox", () => {
    const onSave = vi.fn();
    const { unmount } = render(
      <FieldEditor field={field('select')} value={undefined} label="Points" onSave={onSave} />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Points' }), { target: { value: 'o1' } });
    expect(onSave).toHaveBeenLastCalledWith('o1');
    unmount();
    render(<FieldEditor field={field('checkbox')} value={false} label="Points" onSave={onSave} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Points' }));
    expect(onSave).toHaveBeenLastCalledWith(true);
  });
});
