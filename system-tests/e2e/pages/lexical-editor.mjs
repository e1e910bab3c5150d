// A page's Lexical editor, as some chat apps use one: the browser test of the extension checks
// that an inserted prompt reaches the editor's own state, not just its DOM.
import { registerRichText } from '@lexical/rich-text';
import { $createParagraphNode, $createTextNode, $getRoot, createEditor } from 'lexical';

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
