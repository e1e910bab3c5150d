// A page's ProseMirror editor, as the big chat apps use one: the browser test of the extension
// checks that an inserted prompt reaches the editor's own state, not just its DOM.
import { DOMParser } from 'prosemirror-model';
import { schema } from 'prosemirror-schema-basic';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';

const initial = document.querySelector('#initial');
const view = new EditorView(document.querySelector('#editor'), {
  state: EditorState.create({ doc: DOMParser.fromSchema(schema).parse(initial) }),
});
initial.remove();
// What the page would send: the editor's state, paragraph by paragraph.
window.editorText = () => {
  const paragraphs = [];
  view.state.doc.forEach((node) => paragraphs.push(node.textContent));
  return paragraphs;
};
// Where the editor's own state has the caret: the text before it in its paragraph.
window.textBeforeCaret = () => {
  const { $head } = view.state.selection;
  return $head.parent.textBetween(0, $head.parentOffset);
};
