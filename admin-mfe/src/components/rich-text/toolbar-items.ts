import { EditorState, RichUtils } from 'draft-js';
import {
  type BlockType,
  type InlineStyle,
  currentBlockType,
  hasInlineStyle,
  linkAtSelection,
} from './editor-commands';
import type { ToolbarItem } from './Toolbar';

const INLINE: ReadonlyArray<[style: InlineStyle, label: string, glyph: string]> = [
  ['BOLD', 'Bold', 'B'],
  ['ITALIC', 'Italic', 'I'],
  ['UNDERLINE', 'Underline', 'U'],
];

const BLOCKS: ReadonlyArray<[type: BlockType, label: string, glyph: string]> = [
  ['header-two', 'Heading 2', 'H2'],
  ['header-three', 'Heading 3', 'H3'],
  ['unordered-list-item', 'Bulleted list', '•'],
  ['ordered-list-item', 'Numbered list', '1.'],
  ['blockquote', 'Blockquote', '❝'],
  ['code', 'Code block', '</>'],
];

export type PopoverKind = 'link' | 'image';

/** The editor's buttons in their groups, each reflecting the style at the caret. */
export function toolbarGroups(
  state: EditorState,
  popover: PopoverKind | null,
  popoverId: string,
): ToolbarItem[][] {
  const blockType = currentBlockType(state);
  const inline = INLINE.map(([style, label, glyph]) => ({
    id: style,
    label,
    glyph,
    shortcut: style[0],
    pressed: hasInlineStyle(state, style),
  }));
  const blocks = BLOCKS.map(([type, label, glyph]) => ({
    id: type,
    label,
    glyph,
    pressed: blockType === type,
  }));
  const insert: ToolbarItem[] = [
    {
      id: 'link',
      label: linkAtSelection(state) ? 'Edit link' : 'Link',
      glyph: '🔗',
      shortcut: 'K',
      expanded: popover === 'link',
      controls: popoverId,
    },
    { id: 'image', label: 'Image', glyph: '🖼', expanded: popover === 'image', controls: popoverId },
  ];
  const history: ToolbarItem[] = [
    {
      id: 'undo',
      label: 'Undo',
      glyph: '↶',
      shortcut: 'Z',
      disabled: state.getUndoStack().size === 0,
    },
    {
      id: 'redo',
      label: 'Redo',
      glyph: '↷',
      shortcut: 'Shift+Z',
      disabled: state.getRedoStack().size === 0,
    },
  ];
  return [inline, blocks, insert, history];
}

/** What a style or history button does to the editor state; `null` for the panel buttons. */
export function toolbarCommand(id: string): ((state: EditorState) => EditorState) | null {
  if (id === 'undo') return EditorState.undo;
  if (id === 'redo') return EditorState.redo;
  if (INLINE.some(([style]) => style === id)) {
    return (state) => RichUtils.toggleInlineStyle(state, id);
  }
  if (BLOCKS.some(([type]) => type === id)) {
    return (state) => RichUtils.toggleBlockType(state, id);
  }
  return null;
}
