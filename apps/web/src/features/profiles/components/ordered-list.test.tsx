import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { render } from '@/test/render';
import { moveItem, OrderedList } from './ordered-list';

type Row = { key: string; label: string };

function Harness({ initial, max = 5 }: { initial: string[]; max?: number }) {
  const [items, setItems] = useState<Row[]>(initial.map((label) => ({ key: label, label })));
  return (
    <OrderedList
      legend="Links"
      items={items}
      onChange={setItems}
      create={() => ({ key: `new-${items.length}`, label: '' })}
      max={max}
      addLabel="Add link"
      itemName={(i) => `Link ${i + 1}`}
      testId="links"
      renderItem={(item, _i, update) => (
        <TextInput label="Text" value={item.label} onChange={(e) => update({ label: e.currentTarget.value })} />
      )}
    />
  );
}

const values = () => screen.getAllByRole<HTMLInputElement>('textbox').map((input) => input.value);
const row = (name: string) => within(screen.getByRole('group', { name }));

describe('OrderedList', () => {
  it('moves rows up and down with labelled buttons, disabled at the ends', async () => {
    await render(<Harness initial={['A', 'B', 'C']} />);
    expect(row('Link 1').getByRole('button', { name: 'Move Link 1 up' })).toHaveProperty('disabled', true);
    expect(row('Link 3').getByRole('button', { name: 'Move Link 3 down' })).toHaveProperty('disabled', true);

    fireEvent.click(row('Link 1').getByRole('button', { name: 'Move Link 1 down' }));
    expect(values()).toEqual(['B', 'A', 'C']);
    fireEvent.click(row('Link 3').getByRole('button', { name: 'Move Link 3 up' }));
    expect(values()).toEqual(['B', 'C', 'A']);
  });

  it('keeps what was typed in a row when it moves', async () => {
    await render(<Harness initial={['A', 'B']} />);
    fireEvent.change(row('Link 2').getByRole('textbox'), { target: { value: 'B edited' } });
    fireEvent.click(row('Link 2').getByRole('button', { name: 'Move Link 2 up' }));
    expect(values()).toEqual(['B edited', 'A']);
  });

  it('removes a row and adds new ones up to the maximum', async () => {
    await render(<Harness initial={['A', 'B', 'C']} max={3} />);
    fireEvent.click(row('Link 2').getByRole('button', { name: 'Remove Link 2' }));
    expect(values()).toEqual(['A', 'C']);
    expect(screen.getByText('2 of 3')).toBeTruthy();

    const add = screen.getByRole('button', { name: 'Add link' });
    fireEvent.click(add);
    expect(values()).toEqual(['A', 'C', '']);
    expect(add).toHaveProperty('disabled', true);
  });

  it('moveItem leaves the list alone for moves past either end', () => {
    const list = ['a', 'b'];
    expect(moveItem(list, 0, -1)).toBe(list);
    expect(moveItem(list, 1, 2)).toBe(list);
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a']);
  });
});
