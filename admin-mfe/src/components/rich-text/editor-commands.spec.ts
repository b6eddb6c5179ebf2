import { EditorState, RichUtils, SelectionState } from 'draft-js';
import {
  adjustListDepth,
  applyLink,
  handleReturn,
  keepFocus,
  linkAtSelection,
  listTabCommand,
} from './editor-commands';
import { editorStateToHtml, htmlToEditorState } from './html';

/** `html` with the caret in block `blockIndex` at `offset` (`'end'` for the block's end). */
function caretIn(html: string, blockIndex: number, offset: number | 'end'): EditorState {
  const state = htmlToEditorState(html);
  const block = state.getCurrentContent().getBlocksAsArray()[blockIndex];
  const at = offset === 'end' ? block.getLength() : offset;
  const selection = SelectionState.createEmpty(block.getKey()).merge({
    anchorOffset: at,
    focusOffset: at,
  });
  return EditorState.forceSelection(state, selection);
}

const types = (state: EditorState) =>
  state
    .getCurrentContent()
    .getBlocksAsArray()
    .map((block) => block.getType());

describe('list nesting with Tab', () => {
  it('nests a list item on Tab and un-nests it on Shift+Tab', () => {
    const state = caretIn('<ul><li>Cotton</li><li>Organic</li></ul>', 1, 0);
    expect(listTabCommand(state, false)).toBe('vitrine-indent');

    const nested = adjustListDepth(state, 1);
    expect(nested.getCurrentContent().getBlocksAsArray()[1].getDepth()).toBe(1);
    expect(listTabCommand(nested, true)).toBe('vitrine-outdent');
    expect(adjustListDepth(nested, -1).getCurrentContent().getBlocksAsArray()[1].getDepth()).toBe(
      0,
    );
  });

  it('leaves Tab alone outside lists and Shift+Tab at the top level, so focus can leave', () => {
    expect(listTabCommand(caretIn('<p>Plain</p>', 0, 0), false)).toBeNull();
    expect(listTabCommand(caretIn('<ul><li>Top</li></ul>', 0, 0), true)).toBeNull();
  });

  it('saves a nested item as a nested list', () => {
    const nested = adjustListDepth(caretIn('<ul><li>Fabric</li><li>Linen</li></ul>', 1, 0), 1);
    const doc = new DOMParser().parseFromString(editorStateToHtml(nested), 'text/html');
    expect(doc.querySelector('ul ul li')?.textContent).toBe('Linen');
  });
});

describe('Enter', () => {
  it('adds a line inside a code block instead of starting a new block', () => {
    const next = handleReturn(caretIn('<pre>a = 1</pre>', 0, 'end'), false);
    expect(next?.getCurrentContent().getBlocksAsArray()).toHaveLength(1);
    expect(next?.getCurrentContent().getFirstBlock().getText()).toBe('a = 1\n');
  });

  it('leaves a code block on an empty last line', () => {
    const twice = handleReturn(caretIn('<pre>a = 1</pre>', 0, 'end'), false) as EditorState;
    const next = handleReturn(twice, false) as EditorState;
    expect(types(next)).toEqual(['code', 'unstyled']);
    expect(next.getCurrentContent().getFirstBlock().getText()).toBe('a = 1');
  });

  it('follows a heading with a paragraph', () => {
    const next = handleReturn(caretIn('<h2>Our story</h2>', 0, 'end'), false) as EditorState;
    expect(types(next)).toEqual(['header-two', 'unstyled']);
  });

  it('ends a list on an empty item', () => {
    const state = caretIn('<ul><li>One</li><li></li></ul>', 1, 0);
    expect(types(handleReturn(state, false) as EditorState)).toEqual([
      'unordered-list-item',
      'unstyled',
    ]);
  });

  it('leaves ordinary paragraphs to draft-js', () => {
    expect(handleReturn(caretIn('<p>Text</p>', 0, 2), false)).toBeNull();
  });
});

describe('links', () => {
  it('finds the whole link around the caret', () => {
    const found = linkAtSelection(
      caretIn('<p>See <a href="https://x.org">our shop</a> now</p>', 0, 6),
    );
    expect(found?.url).toBe('https://x.org');
    expect([found?.range.getStartOffset(), found?.range.getEndOffset()]).toEqual([4, 12]);
  });

  it('inserts the address as the link text when nothing is selected', () => {
    const state = caretIn('<p>Hi</p>', 0, 'end');
    const html = editorStateToHtml(applyLink(state, state.getSelection(), 'https://x.org'));
    const link = new DOMParser().parseFromString(html, 'text/html').querySelector('a');
    expect([link?.getAttribute('href'), link?.textContent]).toEqual([
      'https://x.org',
      'https://x.org',
    ]);
  });
});

describe('keepFocus', () => {
  it('keeps a pending inline style while putting the caret back', () => {
    const bold = RichUtils.toggleInlineStyle(EditorState.createEmpty(), 'BOLD');
    const focused = keepFocus(bold);
    expect(focused.getSelection().getHasFocus()).toBe(true);
    expect(focused.mustForceSelection()).toBe(true);
    expect(focused.getCurrentInlineStyle().has('BOLD')).toBe(true);
  });
});
