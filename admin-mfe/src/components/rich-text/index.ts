export { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';
export { editorStateToHtml, htmlToEditorState } from './html';
