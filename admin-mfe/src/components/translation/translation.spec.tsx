import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { LanguagePicker } from './LanguagePicker';
import { TranslationRow, translationLabel } from './TranslationRow';
import { statusFieldLabel, TranslationStatusBadges } from './TranslationStatus';

describe('the translation status badges', () => {
  it('says per language whether it is complete or how many fields it misses, naming them', () => {
    render(
      <TranslationStatusBadges
        status={{ hi: ['ProductName', 'photos.1.alt'], mr: [] }}
        languages={['hi', 'mr']}
        labels={{ ProductName: 'Name' }}
      />,
    );
    const hindi = screen.getByText('Hindi: 2 missing');
    expect(hindi).toHaveTextContent('Hindi: 2 missing (Name, Alt text of photo 2)');
    expect(hindi.closest('[title]')).toHaveAttribute(
      'title',
      'Missing in Hindi: Name, Alt text of photo 2',
    );
    // The tick is drawn, and said in words.
    expect(screen.getByText('Marathi ✓')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Marathi: translated')).toBeInTheDocument();
  });

  it('shows nothing for an item without a status, and only the site’s languages', () => {
    const { container, rerender } = render(
      <TranslationStatusBadges status={undefined} languages={['hi']} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(<TranslationStatusBadges status={{ hi: [], fr: ['alt'] }} languages={['hi']} />);
    expect(container).toHaveTextContent('Hindi ✓');
    expect(container).not.toHaveTextContent('French');
  });

  it('names the fields of lists and objects as the forms do', () => {
    expect(statusFieldLabel('figures.0.label')).toBe('Figure 1 label');
    expect(statusFieldLabel('offers.2.text')).toBe('Offer 3 text');
    expect(statusFieldLabel('banner.alt')).toBe('Banner alt');
    expect(statusFieldLabel('ServiceHeading')).toBe('Heading');
  });
});

describe('a translation row', () => {
  it('shows the default language’s text, read-only and in its language, beside the input', () => {
    render(
      <TranslationRow
        label="Description"
        source="<p>Hand woven</p><p>In Jaipur</p>"
        sourceLanguage="en"
        html
      >
        <label>
          {translationLabel('Description', 'hi')}
          <input lang="hi" />
        </label>
      </TranslationRow>,
    );
    expect(screen.getByText('Description (English)')).toBeInTheDocument();
    const source = screen.getByText(/Hand woven/);
    expect(source).toHaveAttribute('lang', 'en');
    expect(source.textContent).toBe('Hand woven\nIn Jaipur');
    expect(screen.getByRole('textbox', { name: 'Description (Hindi)' })).toHaveAttribute(
      'lang',
      'hi',
    );
  });

  it('says when the default language has no text', () => {
    render(
      <TranslationRow label="Heading" source="  " sourceLanguage="en">
        <input aria-label="Heading (Hindi)" />
      </TranslationRow>,
    );
    expect(screen.getByText('(empty)')).not.toHaveAttribute('lang');
  });
});

describe('the language picker', () => {
  function Picker({ languages }: { languages: string[] }) {
    const [value, setValue] = useState(languages[0]);
    return (
      <>
        <LanguagePicker
          languages={languages}
          value={value}
          onChange={setValue}
          notes={{ hi: '2 missing' }}
          what="the project"
        />
        <output>{value}</output>
      </>
    );
  }

  it('offers every site language, the default first and marked, by click and by arrow keys', async () => {
    const user = userEvent.setup();
    render(<Picker languages={['en', 'hi', 'mr']} />);
    const group = screen.getByRole('group', { name: 'Language' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.parentElement?.textContent)).toEqual([
      'English (default)',
      'Hindi · 2 missing',
      'Marathi',
    ]);
    expect(radios[0]).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Hindi/ }));
    expect(screen.getByText('hi', { selector: 'output' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('mr', { selector: 'output' })).toBeInTheDocument();
  });

  it('is not shown on a site with one language', () => {
    render(<Picker languages={['en']} />);
    expect(screen.queryByRole('group', { name: 'Language' })).not.toBeInTheDocument();
  });
});
