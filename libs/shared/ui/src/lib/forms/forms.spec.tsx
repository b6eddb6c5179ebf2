import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { Checkbox } from './Checkbox';
import { Fieldset } from './Fieldset';
import { FormError, type FormErrorItem } from './FormError';
import { PASSWORD_MAX_LENGTH, PasswordField } from './PasswordField';
import { SelectField } from './SelectField';
import { TextArea } from './TextArea';
import { TextField } from './TextField';

describe('TextField', () => {
  it('is found by its label', () => {
    render(<TextField label="Product name" />);
    expect(screen.getByRole('textbox', { name: 'Product name' })).toBeInTheDocument();
  });

  it('marks itself invalid and is described by its error message', () => {
    render(<TextField label="Email" error="Enter an email address like name@example.com" />);
    const input = screen.getByRole('textbox', { name: 'Email' });

    expect(input).toHaveAttribute('aria-invalid', 'true');
    const message = screen.getByText('Enter an email address like name@example.com');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(input).toHaveAccessibleDescription('Enter an email address like name@example.com');
  });

  it('is described by both hint and error, and is valid without an error', () => {
    const { rerender } = render(<TextField label="Phone" hint="With country code" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('With country code');

    rerender(<TextField label="Phone" hint="With country code" error="Too short" />);
    expect(input).toHaveAccessibleDescription('With country code Too short');
  });

  it('passes input props and the ref through to the input', async () => {
    const ref = createRef<HTMLInputElement>();
    const onChange = jest.fn();
    render(<TextField ref={ref} label="Size" name="ProductSize" required onChange={onChange} />);

    await userEvent.type(screen.getByRole('textbox', { name: /Size/ }), '3 m');
    expect(ref.current).toBe(screen.getByRole('textbox'));
    expect(ref.current).toBeRequired();
    expect(ref.current).toHaveAttribute('name', 'ProductSize');
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('gives each field its own id', () => {
    render(
      <>
        <TextField label="First" />
        <TextField label="Second" />
      </>,
    );
    const [first, second] = screen.getAllByRole('textbox');
    expect(first.id).not.toBe(second.id);
  });
});

describe('PasswordField', () => {
  it('hides what is typed, says what it is for, and takes no more than the API does', async () => {
    const ref = createRef<HTMLInputElement>();
    render(<PasswordField ref={ref} label="Password" autoComplete="new-password" required />);
    const input = screen.getByLabelText(/^Password/);

    await userEvent.type(input, 'x'.repeat(PASSWORD_MAX_LENGTH + 5));
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    expect(input).toHaveValue('x'.repeat(PASSWORD_MAX_LENGTH));
    expect(input).toBeRequired();
    expect(ref.current).toBe(input);
  });
});

describe('other fields', () => {
  it('wires the error of a text area the same way', () => {
    render(<TextArea label="Client review" error="Write a few words" />);
    const textarea = screen.getByRole('textbox', { name: 'Client review' });
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription('Write a few words');
  });

  it('offers a placeholder option with an empty value before the choices', () => {
    render(
      <SelectField
        label="Category"
        placeholder="Choose a category"
        options={[
          { value: 'Architecture', label: 'Architecture' },
          { value: 'Landscape', label: 'Landscape' },
        ]}
        defaultValue=""
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(select).toHaveValue('');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose a category',
      'Architecture',
      'Landscape',
    ]);
  });

  it('labels a checkbox and lets it be ticked', async () => {
    render(<Checkbox label="Show on the home page" />);
    const box = screen.getByRole('checkbox', { name: 'Show on the home page' });
    await userEvent.click(box);
    expect(box).toBeChecked();
  });

  it('names a group by its legend', () => {
    render(
      <Fieldset legend="Client details" error="Add a client or a location">
        <TextField label="Client" />
      </Fieldset>,
    );
    const group = screen.getByRole('group', { name: 'Client details' });
    expect(group).toHaveAccessibleDescription('Add a client or a location');
  });
});

describe('FormError', () => {
  it('renders nothing when there is no problem', () => {
    const { container } = render(<FormError />);
    expect(container).toBeEmptyDOMElement();
  });

  it('announces the problems, takes focus and links each one to its field', () => {
    render(
      <FormError
        message="The product was not saved."
        errors={[{ message: 'Enter a product name', fieldId: 'product-name' }]}
      />,
    );
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent('The product was not saved.');
    expect(screen.getByRole('link', { name: 'Enter a product name' })).toHaveAttribute(
      'href',
      '#product-name',
    );
  });

  it('leaves the caret in a field whose message goes, and takes focus again for a new one', () => {
    const name = { message: 'Enter a product name', fieldId: 'product-name' };
    const price = { message: 'Value must be a number', fieldId: 'product-price' };
    const form = (errors: FormErrorItem[]) => (
      <>
        <FormError errors={errors} />
        <input aria-label="Name" />
      </>
    );
    const { rerender } = render(form([name, price]));
    expect(screen.getByRole('alert')).toHaveFocus();

    screen.getByRole('textbox', { name: 'Name' }).focus();
    rerender(form([price]));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();

    rerender(form([price, name]));
    expect(screen.getByRole('alert')).toHaveFocus();
  });
});
