import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, useState } from 'react';
import { api } from '../../lib/api-client';
import { okResponse, type ClientCall } from '../../testing/api';
import { LINK_URL_ERROR } from './LinkForm';
import { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';

// Typing into a contenteditable does not work in jsdom; these tests drive the editor through
// its toolbar, its panels and its props. Typing is left to the browser tests.

jest.mock('../../lib/api-client', () => ({ api: { GET: jest.fn() }, upload: jest.fn() }));

const GET = api.GET as unknown as jest.MockedFunction<ClientCall>;

/** The image panel's picker reads the media library through the query cache. */
function renderWithQueries(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

type HarnessProps = Partial<RichTextEditorProps> & { initial?: string; spy?: jest.Mock };

/** A form that keeps the HTML in state, as the product and service forms do. */
function Harness({ initial = '', spy = jest.fn(), ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      label="Description"
      {...props}
      value={props.value ?? value}
      onChange={(html) => {
        spy(html);
        setValue(html);
      }}
    />
  );
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

const editable = () => screen.getByRole('textbox', { name: 'Description' });
const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('RichTextEditor', () => {
  // draft-js keeps the page's scroll position when it focuses; jsdom cannot scroll.
  beforeEach(() => jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('names its editable area by the label and marks it multi-line', () => {
    render(<Harness />);
    expect(editable()).toHaveAttribute('aria-multiline', 'true');
    expect(screen.getByRole('toolbar', { name: 'Description: formatting' })).toBeInTheDocument();
  });

  it('shows an error inline and ties it to the editable area', () => {
    render(<Harness error="Describe the product" id="ProductDescription" />);
    expect(editable()).toHaveAttribute('aria-invalid', 'true');
    expect(editable()).toHaveAttribute('id', 'ProductDescription');
    expect(editable()).toHaveAccessibleDescription(/Describe the product/);
  });

  it('starts empty with a placeholder that is never saved', () => {
    const spy = jest.fn();
    render(<Harness spy={spy} placeholder="What is special about this fabric?" />);
    expect(screen.getByText('What is special about this fabric?')).toBeInTheDocument();
    expect(editable()).toHaveTextContent('');
    expect(spy).not.toHaveBeenCalled();
  });

  it('loads the HTML it is given', () => {
    render(<Harness initial="<h2>Linen</h2><p>Woven in <strong>Kerala</strong></p>" />);
    expect(within(editable()).getByText('Linen')).toBeInTheDocument();
    expect(within(editable()).getByText('Kerala')).toBeInTheDocument();
  });

  it('toggles Bold with its toolbar button and reports it with aria-pressed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(button('Bold')).toHaveAttribute('aria-pressed', 'false');

    await user.click(button('Bold'));
    expect(button('Bold')).toHaveAttribute('aria-pressed', 'true');

    await user.click(button('Bold'));
    expect(button('Bold')).toHaveAttribute('aria-pressed', 'false');
  });

  it('toggles Bold with Ctrl+B', () => {
    render(<Harness />);
    fireEvent.keyDown(editable(), { key: 'b', keyCode: 66, which: 66, ctrlKey: true });
    expect(button('Bold')).toHaveAttribute('aria-pressed', 'true');
  });

  it('nests a list item with Tab, but lets Tab leave the editor anywhere else', () => {
    const tab = () => fireEvent.keyDown(editable(), { key: 'Tab', keyCode: 9, which: 9 });
    const spy = jest.fn();
    const { unmount } = render(<Harness initial="<ul><li>Cotton</li></ul>" spy={spy} />);
    expect(tab()).toBe(false); // default prevented: the item was nested
    expect(spy).toHaveBeenCalled();
    unmount();

    render(<Harness initial="<p>Cotton</p>" />);
    expect(tab()).toBe(true);
  });

  it('turns the current paragraph into a heading and saves it as <h2>', async () => {
    const user = userEvent.setup();
    const spy = jest.fn();
    render(<Harness initial="<p>Our cotton</p>" spy={spy} />);

    await user.click(button('Heading 2'));

    expect(button('Heading 2')).toHaveAttribute('aria-pressed', 'true');
    expect(parse(spy.mock.lastCall[0]).querySelector('h2')?.textContent).toBe('Our cotton');
  });

  it('makes a bulleted list from the toolbar', async () => {
    const user = userEvent.setup();
    const spy = jest.fn();
    render(<Harness initial="<p>Cotton</p>" spy={spy} />);

    await user.click(button('Bulleted list'));

    expect(parse(spy.mock.lastCall[0]).querySelector('ul > li')?.textContent).toBe('Cotton');
  });

  it('keeps its content when the parent echoes an older change late (fast typing)', async () => {
    const user = userEvent.setup();
    const spy = jest.fn();
    const { rerender } = render(
      <RichTextEditor label="Description" value="<p>Linen</p>" onChange={spy} />,
    );
    await user.click(button('Heading 2'));
    const first = spy.mock.lastCall?.[0] as string;
    await user.click(button('Blockquote'));
    expect(spy.mock.lastCall?.[0]).toMatch(/<blockquote>/);

    // The parent re-renders with the first change only after the second was made.
    rerender(<RichTextEditor label="Description" value={first} onChange={spy} />);
    expect(button('Blockquote')).toHaveAttribute('aria-pressed', 'true');
    expect(spy.mock.lastCall?.[0]).toMatch(/<blockquote>/);

    // A value that was never emitted is a new document and replaces the content.
    rerender(<RichTextEditor label="Description" value="<p>Khadi</p>" onChange={spy} />);
    expect(within(editable()).getByText('Khadi')).toBeInTheDocument();
  });

  it('is one Tab stop whose buttons are reached with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toolbarButtons = within(screen.getByRole('toolbar')).getAllByRole('button');
    expect(toolbarButtons.filter((b) => b.tabIndex === 0)).toHaveLength(1);

    await user.tab();
    expect(button('Bold')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(button('Italic')).toHaveFocus();
    await user.keyboard('{End}');
    expect(button('Redo')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(button('Bold')).toHaveFocus();
  });

  it('offers Undo once something has changed, and undoes it', async () => {
    const user = userEvent.setup();
    const spy = jest.fn();
    render(<Harness initial="<p>Khadi</p>" spy={spy} />);
    expect(button('Undo')).toHaveAttribute('aria-disabled', 'true');

    await user.click(button('Heading 3'));
    expect(button('Undo')).not.toHaveAttribute('aria-disabled');

    await user.click(button('Undo'));
    expect(parse(spy.mock.lastCall[0]).querySelector('h3')).toBeNull();
    expect(button('Redo')).not.toHaveAttribute('aria-disabled');
  });

  describe('value from outside', () => {
    it('reloads when the parent passes a new document (the edit form loading)', () => {
      const { rerender } = render(
        <RichTextEditor label="Description" value="" onChange={jest.fn()} />,
      );
      rerender(
        <RichTextEditor label="Description" value="<p>Loaded record</p>" onChange={jest.fn()} />,
      );
      expect(within(editable()).getByText('Loaded record')).toBeInTheDocument();
    });

    it('does not reload when the parent passes back what the editor reported', async () => {
      const user = userEvent.setup();
      render(<Harness initial="<p>Poplin</p>" />);
      await user.click(button('Heading 2'));

      // A reload would have started a fresh history; the echo keeps it.
      expect(button('Undo')).not.toHaveAttribute('aria-disabled');
      expect(button('Heading 2')).toHaveAttribute('aria-pressed', 'true');
    });
  });

  describe('links', () => {
    it('refuses a javascript: address with an inline error', async () => {
      const user = userEvent.setup();
      const spy = jest.fn();
      render(<Harness initial="<p>Shop</p>" spy={spy} />);

      await user.click(button('Link'));
      expect(button('Link')).toHaveAttribute('aria-expanded', 'true');
      const address = screen.getByRole('textbox', { name: 'Link address' });
      expect(address).toHaveFocus();
      // eslint-disable-next-line no-script-url -- the hostile address is the point of the test
      await user.type(address, 'javascript:alert(1)');
      await user.click(button('Add link'));

      expect(screen.getByText(LINK_URL_ERROR)).toBeInTheDocument();
      expect(address).toHaveAttribute('aria-invalid', 'true');
      expect(spy).not.toHaveBeenCalled();
    });

    it('adds an https link (Enter applies it without submitting the page form)', async () => {
      const user = userEvent.setup();
      const spy = jest.fn();
      const submit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
      render(
        <form onSubmit={submit}>
          <Harness initial="<p>Shop</p>" spy={spy} />
        </form>,
      );

      await user.click(button('Link'));
      await user.type(
        screen.getByRole('textbox', { name: 'Link address' }),
        'https://example.com/shop{Enter}',
      );

      expect(submit).not.toHaveBeenCalled();
      expect(screen.queryByRole('group', { name: 'Link' })).not.toBeInTheDocument();
      const link = parse(spy.mock.lastCall[0]).querySelector('a');
      expect(link?.getAttribute('href')).toBe('https://example.com/shop');
    });

    it('edits and removes an existing link', async () => {
      const user = userEvent.setup();
      const spy = jest.fn();
      render(<Harness initial='<p><a href="https://example.com">Our shop</a></p>' spy={spy} />);

      await user.click(button('Edit link'));
      expect(screen.getByRole('textbox', { name: 'Link address' })).toHaveValue(
        'https://example.com',
      );
      await user.click(button('Remove link'));

      const doc = parse(spy.mock.lastCall[0]);
      expect(doc.querySelector('a')).toBeNull();
      expect(doc.body.textContent).toBe('Our shop');
    });

    it('closes the panel on Escape without changing anything', async () => {
      const user = userEvent.setup();
      const spy = jest.fn();
      render(<Harness initial="<p>Shop</p>" spy={spy} />);
      await user.click(button('Link'));
      await user.keyboard('{Escape}');

      expect(screen.queryByRole('group', { name: 'Link' })).not.toBeInTheDocument();
      expect(spy).not.toHaveBeenCalled();
    });
  });

  describe('images', () => {
    const library = {
      _id: 'e'.repeat(20),
      alt: 'A pit loom',
      caption: '',
      usedBy: [],
      media: {
        id: 'e'.repeat(20),
        width: 1920,
        height: 1280,
        placeholder: '',
        variants: [144, 640, 1280, 1920].map((width) => ({
          width,
          url: `/uploads/${'e'.repeat(20)}-${width}.webp`,
        })),
      },
    };
    beforeEach(() => {
      GET.mockResolvedValue({ data: [library], response: okResponse });
    });

    /** Opens the image panel and picks the library image in the picker. */
    async function pickFromLibrary(user: ReturnType<typeof userEvent.setup>) {
      await user.click(button('Image'));
      await user.click(button('Choose from the media library'));
      const dialog = screen.getByRole('dialog', { name: 'Insert an image' });
      await user.click(await within(dialog).findByRole('button', { name: /A pit loom/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Use this image' }));
    }

    it('inserts a media library image with its alt text and shows it', async () => {
      const user = userEvent.setup();
      const spy = jest.fn();
      renderWithQueries(<Harness initial="<p>Loom</p>" spy={spy} />);
      await pickFromLibrary(user);

      // The library's alt text comes first; this description may say it otherwise.
      const alt = screen.getByRole('textbox', { name: /^Alternative text/ });
      expect(alt).toHaveValue('A pit loom');
      await user.clear(alt);
      await user.type(alt, 'A pit loom in Bhuj');
      await user.click(button('Insert image'));

      const img = parse(spy.mock.lastCall[0]).querySelector('img');
      expect(img?.getAttribute('src')).toBe(`/uploads/${'e'.repeat(20)}-1280.webp`);
      expect(img?.getAttribute('alt')).toBe('A pit loom in Bhuj');
      expect(screen.getByRole('img', { name: 'A pit loom in Bhuj' })).toBeInTheDocument();
    });

    it('asks for an image and its alt text before inserting', async () => {
      const user = userEvent.setup();
      const spy = jest.fn();
      renderWithQueries(<Harness spy={spy} />);
      await user.click(button('Image'));
      await user.click(button('Insert image'));
      expect(
        screen.getByText('Choose an image from the media library, or upload one there.'),
      ).toBeInTheDocument();

      await pickFromLibrary(user);
      await user.clear(screen.getByRole('textbox', { name: /^Alternative text/ }));
      await user.click(button('Insert image'));
      expect(screen.getByRole('textbox', { name: /^Alternative text/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      expect(spy).not.toHaveBeenCalled();
    });

    it('offers no way to type the address of another site’s image', async () => {
      const user = userEvent.setup();
      renderWithQueries(<Harness />);
      await user.click(button('Image'));
      const panel = screen.getByRole('group', { name: 'Image' });
      // Its one text field is the alt text: an image comes from the library, not an address.
      expect(within(panel).getAllByRole('textbox')).toEqual([
        within(panel).getByRole('textbox', { name: /^Alternative text/ }),
      ]);
      expect(within(panel).queryByLabelText(/address|upload/i)).not.toBeInTheDocument();
    });
  });
});
