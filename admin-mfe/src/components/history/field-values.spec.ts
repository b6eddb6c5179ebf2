import type { Media } from '@vitrine/api-client';
import { changeRows, changeView, fieldLabel, renderedText, shownValue } from './field-values';

const media = (id: string): Media => ({
  id,
  width: 1280,
  height: 960,
  placeholder: 'data:image/webp;base64,UklGR',
  variants: [
    { url: `/uploads/${id}-320.webp`, width: 320 },
    { url: `/uploads/${id}-1280.webp`, width: 1280 },
  ],
});

describe('values in the history', () => {
  it('shows rich text as the page renders it: words, one line per paragraph or item', () => {
    expect(
      renderedText(
        '<p>Hand-<strong>spun</strong> khadi &amp; silk.</p><ul><li>Indigo</li><li>Madder</li></ul><p>Made<br>to order</p>',
      ),
    ).toBe('Hand-spun khadi & silk.\n• Indigo\n• Madder\nMade\nto order');
    expect(shownValue('<p>Two&nbsp;words</p>')).toBe('Two words');
  });

  it('keeps plain text as typed, and says what empty and yes/no mean', () => {
    expect(shownValue('a < b, said <nobody')).toBe('a < b, said <nobody');
    expect([shownValue(''), shownValue(null), shownValue(true), shownValue(false)]).toEqual([
      '(empty)',
      '(empty)',
      'Yes',
      'No',
    ]);
    expect(
      shownValue([
        { _id: 'x', label: 'Instagram', url: 'https://instagram.com/studio' },
        { _id: 'y', label: 'Facebook', url: 'https://facebook.com/studio' },
      ]),
    ).toBe(
      'Label: Instagram, URL: https://instagram.com/studio\nLabel: Facebook, URL: https://facebook.com/studio',
    );
  });

  it('names fields as the forms do, or in words', () => {
    expect(fieldLabel('ProductHeading')).toBe('Heading');
    expect(fieldLabel('ClientName')).toBe('Client name');
    expect(fieldLabel('slug')).toBe('Address (slug)');
    expect(fieldLabel('companyName', { companyName: 'Company name' })).toBe('Company name');
  });

  it('never shows a nested record as JSON: such a change is only said to have happened', () => {
    expect(shownValue([{ title: 'Sale', rules: { min: 2 } }])).toBeNull();
    expect(
      changeView({ field: 'extras', before: { a: { b: 1 } }, after: { a: { b: 2 } } }, false),
    ).toEqual({ kind: 'changed' });
  });

  it('shows rich text as a word difference, and plain fields before and after', () => {
    expect(
      changeView(
        {
          field: 'ProductDescription',
          before: '<p>Spun by hand.</p>',
          after: '<p>Spun by <em>hand</em> in Bengal.</p>',
        },
        false,
      ),
    ).toEqual({
      kind: 'text',
      parts: [
        { kind: 'same', text: 'Spun by' },
        { kind: 'removed', text: 'hand.' },
        { kind: 'added', text: 'hand in Bengal.' },
      ],
    });
    expect(changeView({ field: 'ProductPrice', before: null, after: 1450 }, false)).toEqual({
      kind: 'plain',
      before: '(empty)',
      after: '1450',
    });
  });

  it('leaves out the image file name that repeats the cover, and names a banner’s image and video', () => {
    const names = { field: 'ProductImage', before: 'a-1280.webp', after: 'b-1280.webp' };
    expect(changeView(names, true)).toBeNull();
    expect(changeView(names, false)).toEqual({ kind: 'changed' });
    const banner = (id: string, videoUrl: string) => ({
      mediaId: id,
      alt: `Banner ${id}`,
      media: media(id),
      videoUrl,
    });
    expect(
      changeView(
        {
          field: 'banner',
          before: banner('a', ''),
          after: banner('b', 'https://cdn.example/b.mp4'),
        },
        false,
      ),
    ).toEqual({
      kind: 'image',
      before: { media: media('a'), alt: 'Banner a' },
      after: { media: media('b'), alt: 'Banner b' },
      details: [{ label: 'Video', before: '(empty)', after: 'https://cdn.example/b.mp4' }],
    });
  });

  it('shows photos as a list of what happened to each', () => {
    const photo = (id: string) => ({ mediaId: id, alt: `Photo ${id}`, media: media(id) });
    const view = changeView(
      { field: 'photos', before: [photo('a')], after: [photo('b'), photo('a')] },
      true,
    );
    expect(view?.kind).toBe('photos');
    expect(view?.kind === 'photos' && view.changes.map((change) => change.events)).toEqual([
      // The photo pushed down by the new cover kept its order among the others: not moved.
      ['added', 'cover'],
    ]);
  });
});

describe('a change of translations in the history', () => {
  it('reads as one row per language and field, “Name (Hindi)” before → after', () => {
    const rows = changeRows(
      {
        field: 'translations',
        before: { hi: { ProductName: 'नील', ProductHeading: 'वही', slug: 'neel' } },
        after: {
          hi: { ProductName: 'नील आँगन', ProductHeading: 'वही', slug: 'neel' },
          mr: { ProductDescription: '<p>हातमाग</p>' },
        },
      },
      { ProductName: 'Name', ProductDescription: 'Description' },
    );
    expect(rows.map((row) => row.label)).toEqual(['Name (Hindi)', 'Description (Marathi)']);
    expect(changeView(rows[0].change, false)).toEqual({
      kind: 'plain',
      before: 'नील',
      after: 'नील आँगन',
    });
    // A translation added where there was none: its rich text as the page reads it.
    expect(changeView(rows[1].change, false)).toMatchObject({ kind: 'text' });
  });

  it('leaves every other field’s change as it was', () => {
    const change = { field: 'ProductName', before: 'Old', after: 'New' };
    expect(changeRows(change, { ProductName: 'Name' })).toEqual([
      { key: 'ProductName', label: 'Name', change },
    ]);
  });
});
