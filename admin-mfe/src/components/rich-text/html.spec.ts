import { EditorState, convertToRaw } from 'draft-js';
import { editorStateToHtml, htmlToEditorState } from './html';

/** HTML → editor state → HTML, parsed so the assertions are about structure, not spacing. */
function roundTrip(html: string): Document {
  const saved = editorStateToHtml(htmlToEditorState(html));
  return new DOMParser().parseFromString(saved, 'text/html');
}

describe('the HTML round trip', () => {
  it('keeps bold, italic and underline', () => {
    const doc = roundTrip(
      '<p>A <strong>bold</strong>, <em>italic</em> and <u>underlined</u> weave</p>',
    );
    expect(doc.querySelector('p strong')?.textContent).toBe('bold');
    expect(doc.querySelector('p em')?.textContent).toBe('italic');
    expect(doc.querySelector('p u')?.textContent).toBe('underlined');
  });

  it('reads the short tags b, i and s as their long forms', () => {
    const doc = roundTrip('<p><b>bold</b> <i>italic</i></p>');
    expect(doc.querySelector('strong')?.textContent).toBe('bold');
    expect(doc.querySelector('em')?.textContent).toBe('italic');
  });

  it('keeps second- and third-level headings', () => {
    const doc = roundTrip('<h2>Our linen</h2><h3>Care</h3><p>Wash cold.</p>');
    expect(doc.querySelector('h2')?.textContent).toBe('Our linen');
    expect(doc.querySelector('h3')?.textContent).toBe('Care');
  });

  it('keeps bulleted and numbered lists, item by item', () => {
    const doc = roundTrip(
      '<ul><li>Cotton</li><li>Khadi</li></ul><ol><li>Measure</li><li>Cut</li><li>Stitch</li></ol><p>End</p>',
    );
    expect(Array.from(doc.querySelectorAll('ul > li'), (li) => li.textContent)).toEqual([
      'Cotton',
      'Khadi',
    ]);
    expect(Array.from(doc.querySelectorAll('ol > li'), (li) => li.textContent)).toEqual([
      'Measure',
      'Cut',
      'Stitch',
    ]);
    expect(doc.querySelector('li')?.hasAttribute('dir')).toBe(false);
  });

  it('keeps links with their href, inside and outside lists', () => {
    const doc = roundTrip(
      '<ul><li>See <a href="https://example.com/care?x=1&amp;y=2">care guide</a></li></ul>' +
        '<p>Write to <a href="mailto:studio@example.com">the studio</a></p>',
    );
    const links = Array.from(doc.querySelectorAll('a'));
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['https://example.com/care?x=1&y=2', 'care guide'],
      ['mailto:studio@example.com', 'the studio'],
    ]);
    expect(links.every((a) => !a.hasAttribute('target'))).toBe(true);
  });

  it('turns a javascript: link into plain text', () => {
    const doc = roundTrip('<p>Click <a href="javascript:alert(1)">here</a></p>');
    expect(doc.querySelector('a')).toBeNull();
    expect(doc.querySelector('p')?.textContent).toContain('here');
  });

  it('keeps code blocks, with their line breaks and escaped text', () => {
    const doc = roundTrip('<pre>width &lt; 140cm\nweft: 60</pre>');
    const pre = doc.querySelector('pre');
    expect(pre?.textContent).toContain('width < 140cm');
    expect(pre?.textContent).toContain('weft: 60');
  });

  it('keeps blockquotes', () => {
    const doc = roundTrip('<blockquote>The finest khadi we have worn.</blockquote>');
    expect(doc.querySelector('blockquote')?.textContent).toBe('The finest khadi we have worn.');
  });

  it('keeps images with src and alt, escaping the alt text', () => {
    const doc = roundTrip(
      '<p>Before</p><img src="https://cdn.example.com/loom.webp" alt="A &quot;pit&quot; loom"><p>After</p>',
    );
    const img = doc.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://cdn.example.com/loom.webp');
    expect(img?.getAttribute('alt')).toBe('A "pit" loom');
    expect(img?.hasAttribute('style')).toBe(false);
    expect(doc.body.textContent).toContain('After');
  });

  it('keeps the text around an image inside a paragraph', () => {
    const doc = roundTrip('<p>Warp <img src="/uploads/warp.webp" alt="Warp threads"> and weft</p>');
    expect(doc.querySelector('img')?.getAttribute('src')).toBe('/uploads/warp.webp');
    expect(doc.body.textContent).toContain('Warp');
    expect(doc.body.textContent).toContain('and weft');
  });

  it('drops an image whose address is not http(s) or a site path', () => {
    const doc = roundTrip('<p>x</p><img src="data:image/png;base64,AAAA" alt="inline data">');
    expect(doc.querySelector('img')).toBeNull();
  });

  it('is stable: saving what it loaded gives the same HTML again', () => {
    const first = editorStateToHtml(
      htmlToEditorState(
        '<h2>T</h2><p><strong>a</strong> <a href="https://x.org">b</a></p><ul><li>c</li></ul>',
      ),
    );
    expect(editorStateToHtml(htmlToEditorState(first))).toBe(first);
  });
});

describe('empty content', () => {
  it('saves an empty editor as an empty string', () => {
    expect(editorStateToHtml(EditorState.createEmpty())).toBe('');
  });

  it('loads an empty string as an empty editor', () => {
    const state = htmlToEditorState('');
    expect(state.getCurrentContent().hasText()).toBe(false);
    expect(convertToRaw(state.getCurrentContent()).blocks).toHaveLength(1);
  });

  it('saves blank paragraphs as an empty string', () => {
    expect(editorStateToHtml(htmlToEditorState('<p></p><p>  </p>'))).toBe('');
  });

  it('does not count an image-only description as empty', () => {
    expect(editorStateToHtml(htmlToEditorState('<img src="/uploads/a.webp" alt="A">'))).toContain(
      '<img',
    );
  });
});
