import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CategorySelect, mergeCategories } from './CategorySelect';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CategorySelect
        label="Category"
        options={mergeCategories(['Cotton', 'Linen'], ['Linen', 'Block prints'])}
        value={value}
        onChange={setValue}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;

describe('the category drop-down', () => {
  it('offers a placeholder, the defaults and the categories in use, once each, then Other…', () => {
    render(<Harness />);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'Choose a category',
      'Cotton',
      'Linen',
      'Block prints',
      'Other… (add a new category)',
    ]);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  });

  it('adds a new category through "Other…"', async () => {
    const user = userEvent.setup();
    render(<Harness initial="Linen" />);
    expect(screen.queryByRole('textbox', { name: /New category/ })).not.toBeInTheDocument();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Category' }),
      'Other… (add a new category)',
    );
    const field = screen.getByRole('textbox', { name: /New category/ });
    expect(field).toHaveFocus();
    expect(value()).toBe('');

    await user.type(field, 'Ikat');
    expect(value()).toBe('Ikat');
    // Typing a name that exists keeps the field open rather than jumping back to the list.
    await user.clear(field);
    await user.type(field, 'Cotton');
    expect(screen.getByRole('textbox', { name: /New category/ })).toHaveValue('Cotton');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Linen');
    expect(value()).toBe('Linen');
    expect(screen.queryByRole('textbox', { name: /New category/ })).not.toBeInTheDocument();
  });

  it('shows a category that is not in the list in the new-category field', () => {
    render(<Harness initial="Hand embroidery" />);
    expect(screen.getByRole('textbox', { name: /New category/ })).toHaveValue('Hand embroidery');
  });
});
