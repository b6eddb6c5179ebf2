import { render, screen } from '@testing-library/react';
import { Button, linkButtonClass } from './Button';

describe('Button', () => {
  it('does not submit a form unless asked to', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'button');
  });

  it('is busy and cannot be pressed again while a request runs', () => {
    render(<Button busy>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
  });

  it('gives a link the look of a button', () => {
    expect(linkButtonClass('secondary', 'wide')).toBe('vt-button vt-button--secondary wide');
  });
});
