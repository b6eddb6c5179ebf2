import {
  DefaultDraftBlockRenderMap,
  Editor,
  EditorState,
  type ContentBlock,
  type DraftHandleValue,
  type SelectionState,
  getDefaultKeyBinding,
  KeyBindingUtil,
  RichUtils,
} from 'draft-js';
import 'draft-js/dist/Draft.css';
import { FieldError, useFieldIds } from '@vitrine/ui';
import { type KeyboardEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { linkDecorator } from './decorator';
import {
  type LinkAtSelection,
  applyLink,
  handleReturn,
  insertImage,
  adjustListDepth,
  keepFocus,
  linkAtSelection,
  listTabCommand,
  removeLink,
} from './editor-commands';
import { editorStateToHtml, htmlToEditorState } from './html';
import { ImageBlock } from './ImageBlock';
import { ImageForm } from './ImageForm';
import { LinkForm } from './LinkForm';
import './rich-text.css';
import { Toolbar } from './Toolbar';
import { toolbarCommand, toolbarGroups } from './toolbar-items';

export interface RichTextEditorProps {
  /** Id of the editable area, e.g. for a form error summary to link to. */
  id?: string;
  label: string;
  /** HTML; `''` for an empty description. */
  value: string;
  /** Called with the new HTML after each change to the text (not to the caret). */
  onChange(html: string): void;
  /** Shown while the editor is empty; never saved. */
  placeholder?: string;
  error?: string;
  /** The language of the text, when it is not the page's: a translation's (issue 36). */
  lang?: string;
}

/**
 * `value` is the last HTML seen from the parent; `emitted` the HTML of `editorState`. When the
 * parent passes back what we emitted nothing happens; anything else is a new document from
 * outside (the edit form's record arriving) and replaces the editor's content.
 */
interface Synced {
  editorState: EditorState;
  value: string;
  emitted: string;
  /**
   * HTML emitted but not yet seen back from the parent. Fast typing can emit B before the
   * parent re-renders with A; A is then an echo of ours, not a new document.
   */
  echoes: string[];
}

const MAX_ECHOES = 50;

type Popover =
  | { kind: 'link'; selection: SelectionState; link: LinkAtSelection | null }
  | { kind: 'image'; selection: SelectionState };

// Both HTML converters call a code block `code` and write it as <pre>.
const blockRenderMap = DefaultDraftBlockRenderMap.set('code', { element: 'pre' });

const BLOCK_CLASSES: Record<string, string> = {
  blockquote: 'vt-rte__quote',
  code: 'vt-rte__code',
};

const LINK_COMMAND = 'vitrine-link';

/** The admin's rich-text field for product and service descriptions (draft-js). */
export function RichTextEditor({
  id,
  label,
  value,
  onChange,
  placeholder,
  error,
  lang,
}: RichTextEditorProps) {
  // The editable area's id (given, or its own), its error's, and what describes it, as the
  // kit's fields have them.
  const field = useFieldIds(id, { error });
  const editableId = field.id;
  const labelId = `${editableId}-label`;
  const popoverId = `${editableId}-popover`;
  const editorRef = useRef<Editor>(null);
  const [synced, setSynced] = useState<Synced>(() => ({
    editorState: htmlToEditorState(value, linkDecorator),
    value,
    emitted: value,
    echoes: [],
  }));
  const [popover, setPopover] = useState<Popover | null>(null);

  if (value !== synced.value) {
    const echo = synced.echoes.lastIndexOf(value);
    const fromOutside = value !== synced.emitted && echo < 0;
    setSynced({
      editorState: fromOutside ? htmlToEditorState(value, linkDecorator) : synced.editorState,
      value,
      emitted: fromOutside ? value : synced.emitted,
      echoes: fromOutside ? [] : synced.echoes.slice(echo + 1),
    });
  }
  const { editorState } = synced;

  // Reported after render, so state updates stay pure and each change is reported once.
  const report = useEffectEvent((html: string) => onChange(html));
  useEffect(() => {
    if (synced.emitted !== synced.value) report(synced.emitted);
  }, [synced.emitted, synced.value]);

  // draft-js renders the contenteditable itself and has no props for these two.
  useEffect(() => {
    const editable = editorRef.current?.editor;
    if (!editable) return;
    editable.id = editableId;
    if (error) editable.setAttribute('aria-invalid', 'true');
    else editable.removeAttribute('aria-invalid');
  }, [editableId, error]);

  function apply(transform: (state: EditorState) => EditorState) {
    setSynced((current) => {
      const next = transform(current.editorState);
      const contentChanged = next.getCurrentContent() !== current.editorState.getCurrentContent();
      if (!contentChanged) return { ...current, editorState: next };
      const html = editorStateToHtml(next);
      return {
        ...current,
        editorState: next,
        emitted: html,
        echoes: [...current.echoes, html].slice(-MAX_ECHOES),
      };
    });
  }

  /** Runs a toolbar or panel command and puts the caret back in the text. */
  function command(transform: (state: EditorState) => EditorState) {
    const pendingStyle = editorState.getInlineStyleOverride();
    editorRef.current?.focus();
    apply((state) => {
      // Focusing drops a pending inline style (Bold pressed with nothing selected).
      const base = pendingStyle ? EditorState.setInlineStyleOverride(state, pendingStyle) : state;
      return keepFocus(transform(base));
    });
  }

  function openLink(state: EditorState) {
    const link = linkAtSelection(state);
    const selection = state.getSelection();
    setPopover({
      kind: 'link',
      selection: link && selection.isCollapsed() ? link.range : selection,
      link,
    });
  }

  function closePopover() {
    setPopover(null);
    command((state) => state);
  }

  function handleKeyCommand(name: string, state: EditorState): DraftHandleValue {
    if (name === LINK_COMMAND) {
      openLink(state);
      return 'handled';
    }
    if (name === 'vitrine-indent' || name === 'vitrine-outdent') {
      apply(() => adjustListDepth(state, name === 'vitrine-indent' ? 1 : -1));
      return 'handled';
    }
    const next = RichUtils.handleKeyCommand(state, name);
    if (!next) return 'not-handled';
    apply(() => next);
    return 'handled';
  }

  function keyBinding(event: KeyboardEvent): string | null {
    if (event.key === 'Tab') return listTabCommand(editorState, event.shiftKey);
    if (KeyBindingUtil.hasCommandModifier(event) && event.key.toLowerCase() === 'k') {
      return LINK_COMMAND;
    }
    return getDefaultKeyBinding(event);
  }

  const content = editorState.getCurrentContent();
  // draft-js draws the placeholder over the first block; over a heading or list it misleads.
  const hidePlaceholder =
    !content.hasText() && content.getBlockMap().first()?.getType() !== 'unstyled';

  function handleToolbar(itemId: string) {
    if (itemId === 'link') {
      openLink(editorState);
    } else if (itemId === 'image') {
      setPopover({ kind: 'image', selection: editorState.getSelection() });
    } else {
      const transform = toolbarCommand(itemId);
      if (transform) command(transform);
    }
  }

  return (
    <div
      className={[
        'vt-rte',
        error && 'vt-rte--invalid',
        hidePlaceholder && 'vt-rte--hide-placeholder',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      {/* Not a <label>: a contenteditable is not labelable, so it is named by aria-labelledby. */}
      <span id={labelId} className="vt-field__label" onClick={() => editorRef.current?.focus()}>
        {label}
      </span>
      <Toolbar
        label={`${label}: formatting`}
        controls={editableId}
        groups={toolbarGroups(editorState, popover?.kind ?? null, popoverId)}
        onPress={handleToolbar}
      />
      {popover?.kind === 'link' && (
        <LinkForm
          id={popoverId}
          initialUrl={popover.link?.url ?? ''}
          canRemove={popover.link !== null}
          onApply={(url) => {
            setPopover(null);
            command((state) => applyLink(state, popover.selection, url));
          }}
          onRemove={() => {
            const range = popover.link?.range;
            setPopover(null);
            if (range) command((state) => removeLink(state, range));
          }}
          onCancel={closePopover}
        />
      )}
      {popover?.kind === 'image' && (
        <ImageForm
          id={popoverId}
          onInsert={(src, alt) => {
            setPopover(null);
            command((state) => insertImage(state, popover.selection, src, alt));
          }}
          onCancel={closePopover}
        />
      )}
      <div className="vt-rte__surface" lang={lang}>
        <Editor
          ref={editorRef}
          editorState={editorState}
          onChange={(next) => apply(() => next)}
          placeholder={placeholder}
          ariaLabelledBy={labelId}
          ariaDescribedBy={[field.describedBy, '{{editor_id_placeholder}}'].join(' ').trim()}
          ariaMultiline
          spellCheck
          blockRenderMap={blockRenderMap}
          blockRendererFn={renderBlock}
          blockStyleFn={(block) => BLOCK_CLASSES[block.getType()] ?? ''}
          keyBindingFn={keyBinding}
          handleKeyCommand={handleKeyCommand}
          handleReturn={(event, state) => {
            const next = handleReturn(state, event.shiftKey);
            if (!next) return 'not-handled';
            apply(() => next);
            return 'handled';
          }}
        />
      </div>
      <FieldError id={field.errorId} error={error} />
    </div>
  );
}

function renderBlock(block: ContentBlock) {
  return block.getType() === 'atomic' ? { component: ImageBlock, editable: false } : null;
}
