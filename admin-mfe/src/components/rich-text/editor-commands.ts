// Pure EditorState transformations behind the toolbar and keyboard handling, kept out of the
// component so they can be tested without rendering draft-js.
import {
  AtomicBlockUtils,
  EditorState,
  Modifier,
  RichUtils,
  SelectionState,
  type ContentBlock,
  type ContentState,
} from 'draft-js';

export type InlineStyle = 'BOLD' | 'ITALIC' | 'UNDERLINE';

/** `code` (not draft's `code-block`): it is the type both HTML converters map to `<pre>`. */
export type BlockType =
  | 'header-two'
  | 'header-three'
  | 'unordered-list-item'
  | 'ordered-list-item'
  | 'blockquote'
  | 'code';

const LIST_TYPES = new Set(['unordered-list-item', 'ordered-list-item']);
const MAX_LIST_DEPTH = 4;

export function currentBlock(state: EditorState): ContentBlock {
  return state.getCurrentContent().getBlockForKey(state.getSelection().getStartKey());
}

export function currentBlockType(state: EditorState): string {
  return currentBlock(state).getType();
}

export function hasInlineStyle(state: EditorState, style: InlineStyle): boolean {
  return state.getCurrentInlineStyle().has(style);
}

export interface LinkAtSelection {
  url: string;
  /** The whole run of text the link covers. */
  range: SelectionState;
}

/** The link under the caret (or at the start of the selection), if there is one. */
export function linkAtSelection(state: EditorState): LinkAtSelection | null {
  const content = state.getCurrentContent();
  const block = currentBlock(state);
  const offset = state.getSelection().getStartOffset();
  // A caret just after a link's last letter still counts as "on" the link.
  const key = block.getEntityAt(offset) || (offset > 0 ? block.getEntityAt(offset - 1) : null);
  if (!key || content.getEntity(key).getType() !== 'LINK') return null;

  let range: SelectionState | null = null;
  block.findEntityRanges(
    (character) => character.getEntity() === key,
    (start, end) => {
      if (start <= offset && offset <= end) {
        range = SelectionState.createEmpty(block.getKey()).merge({
          anchorOffset: start,
          focusOffset: end,
        });
      }
    },
  );
  if (!range) return null;
  const { url } = content.getEntity(key).getData() as { url: string };
  return { url, range };
}

/**
 * Links `selection` to `url`. With nothing selected the address itself is inserted as the
 * link text, so the command never silently does nothing.
 */
export function applyLink(state: EditorState, selection: SelectionState, url: string): EditorState {
  const content = state.getCurrentContent().createEntity('LINK', 'MUTABLE', { url });
  const key = content.getLastCreatedEntityKey();
  if (selection.isCollapsed()) {
    const inserted = Modifier.insertText(content, selection, url, undefined, key);
    return EditorState.push(state, inserted, 'insert-characters');
  }
  const linked = Modifier.applyEntity(content, selection, key);
  return EditorState.forceSelection(EditorState.push(state, linked, 'apply-entity'), selection);
}

export function removeLink(state: EditorState, range: SelectionState): EditorState {
  const unlinked = Modifier.applyEntity(state.getCurrentContent(), range, null);
  return EditorState.push(state, unlinked, 'apply-entity');
}

/** Adds an image as a block of its own after the block holding `selection`. */
export function insertImage(
  state: EditorState,
  selection: SelectionState,
  src: string,
  alt: string,
): EditorState {
  const content = state.getCurrentContent().createEntity('IMAGE', 'IMMUTABLE', { src, alt });
  const key = content.getLastCreatedEntityKey();
  const withEntity = EditorState.set(state, { currentContent: content });
  return AtomicBlockUtils.insertAtomicBlock(
    EditorState.acceptSelection(withEntity, selection),
    key,
    ' ',
  );
}

export type ListTabCommand = 'vitrine-indent' | 'vitrine-outdent';

/**
 * Tab and Shift+Tab nest and un-nest list items. Anywhere else (and where the depth cannot
 * change) the key is left alone, so keyboard users can always Tab out of the editor.
 */
export function listTabCommand(state: EditorState, shiftKey: boolean): ListTabCommand | null {
  const block = currentBlock(state);
  if (!LIST_TYPES.has(block.getType())) return null;
  if (shiftKey) return block.getDepth() > 0 ? 'vitrine-outdent' : null;
  return block.getDepth() < MAX_LIST_DEPTH ? 'vitrine-indent' : null;
}

/** Moves the selected list items one level in (+1) or out (-1). */
export function adjustListDepth(state: EditorState, delta: 1 | -1): EditorState {
  const selection = state.getSelection();
  const content = state.getCurrentContent();
  const startKey = selection.getStartKey();
  const endKey = selection.getEndKey();
  let inSelection = false;
  const blockMap = content.getBlockMap().map((block) => {
    if (!block) return block;
    if (block.getKey() === startKey) inSelection = true;
    const selected = inSelection;
    if (block.getKey() === endKey) inSelection = false;
    if (!selected || !LIST_TYPES.has(block.getType())) return block;
    const depth = Math.min(MAX_LIST_DEPTH, Math.max(0, block.getDepth() + delta));
    return block.set('depth', depth) as ContentBlock;
  });
  const adjusted = content.merge({
    blockMap,
    selectionBefore: selection,
    selectionAfter: selection,
  }) as ContentState;
  return EditorState.push(state, adjusted, 'adjust-depth');
}

/**
 * What Enter does where draft-js's default is unhelpful; `null` leaves it to draft-js.
 * - In a code block Enter adds a line to the same block; Enter on an empty last line leaves it.
 * - At the end of a heading the next block is a paragraph, not another heading.
 * - On an empty top-level list item Enter ends the list.
 */
export function handleReturn(state: EditorState, shiftKey: boolean): EditorState | null {
  const selection = state.getSelection();
  if (!selection.isCollapsed()) return null;
  const block = currentBlock(state);
  const type = block.getType();
  const text = block.getText();
  const atEnd = selection.getStartOffset() === text.length;

  if (type === 'code') {
    if (atEnd && text.endsWith('\n')) return leaveBlock(state, 1);
    return RichUtils.insertSoftNewline(state);
  }
  if (shiftKey) return RichUtils.insertSoftNewline(state);
  if (type.startsWith('header-') && atEnd) return leaveBlock(state, 0);
  // Nested items keep draft's default (a sibling item); Shift+Tab steps them out.
  if (LIST_TYPES.has(type) && text === '' && block.getDepth() === 0) {
    return RichUtils.toggleBlockType(state, type);
  }
  return null;
}

/** Splits at the caret (dropping `trim` trailing characters) and starts a plain paragraph. */
function leaveBlock(state: EditorState, trim: number): EditorState {
  const selection = state.getSelection();
  let content = state.getCurrentContent();
  if (trim > 0) {
    const end = selection.getStartOffset();
    const trailing = selection.merge({
      anchorOffset: end - trim,
      focusOffset: end,
      isBackward: false,
    });
    content = Modifier.removeRange(content, trailing, 'backward');
  }
  const split = Modifier.splitBlock(content, content.getSelectionAfter());
  const plain = Modifier.setBlockType(split, split.getSelectionAfter(), 'unstyled');
  return EditorState.push(state, plain, 'split-block');
}

/**
 * `state` with its selection re-applied to the page when it renders, so after a toolbar
 * button or a popover the caret is back where it was. The pending inline style (Bold pressed
 * with nothing selected) survives, which draft-js's own focus handling would drop.
 */
export function keepFocus(state: EditorState): EditorState {
  const selection = state.getSelection().merge({ hasFocus: true });
  const focused = EditorState.forceSelection(state, selection);
  const override = state.getInlineStyleOverride();
  return override ? EditorState.setInlineStyleOverride(focused, override) : focused;
}
