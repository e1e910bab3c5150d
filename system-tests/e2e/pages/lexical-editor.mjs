// A page's Lexical editor, as some chat apps use one: the browser test of the extension checks
// that an inserted prompt reaches the editor's own state, not just its DOM.
import { registerRichText } from '@lexical/rich-text';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  createEditor,
} from 'lexical';

const editor = createEditor({ namespace: 'test-page', onError: (error) => console.error(error) });
editor.setRootElement(document.querySelector('#editor'));
registerRichText(editor);
editor.update(() => {
  $getRoot().append($createParagraphNode().append($createTextNode('Hello, ')));
});
// What the page would send: the editor's state, paragraph by paragraph.
window.editorText = () =>
  editor.getEditorState().read(() =>
    $getRoot()
      .getChildren()
      .map((node) => node.getTextContent()),
  );
// Where the editor's own state has the caret: the text before it in its paragraph.
window.textBeforeCaret = () =>
  editor.getEditorState().read(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return null;
    const { anchor } = selection;
    const node = anchor.getNode();
    if (anchor.type === 'element')
      return node
        .getChildren()
        .slice(0, anchor.offset)
        .map((child) => child.getTextContent())
        .join('');
    let text = node.getTextContent().slice(0, anchor.offset);
    for (let sibling = node.getPreviousSibling(); sibling; sibling = sibling.getPreviousSibling())
      text = sibling.getTextContent() + text;
    return text;
  });
