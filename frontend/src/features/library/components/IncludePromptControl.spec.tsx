import type { PromptTitle } from '@promptlib/proto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type Ref } from 'react';
import { renderWithApp, stubApi } from '../../../shared/testing/render-with-app';
import { includeSyntax } from '../../templates/insert-include';
import { useCaretInsertion } from '../hooks/useCaretInsertion';
import { IncludePromptControl } from './IncludePromptControl';

const titles: PromptTitle[] = [
  [9, 'Weekly report', null, 1],
  [8, 'Sign-off', null, 5],
  [7, 'House style', null, 3],
];

/** A content field with the control beside it, wired as the prompt editor wires them. */
function Editor({
  initial,
  excludeId = null,
  max = 1_000,
}: {
  initial: string;
  excludeId?: number | null;
  max?: number;
}) {
  const [content, setContent] = useState(initial);
  const caret = useCaretInsertion(content, setContent, max);
  return (
    <>
      <textarea
        aria-label="Content"
        ref={caret.fieldRef as Ref<HTMLTextAreaElement>}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        onBlur={caret.rememberCaret}
      />
      <IncludePromptControl excludeId={excludeId} onPick={(id) => caret.insert(includeSyntax(id))} />
    </>
  );
}

let calls: string[];
beforeEach(() => {
  calls = stubApi((method, path) =>
    method === 'GET' && path === '/api/prompts/titles' ? { body: { titles, nextBefore: null } } : undefined,
  );
});

const content = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Content' });

describe('IncludePromptControl', () => {
  it('inserts the picked prompt as {{>id}} at the caret, by keyboard, and puts the caret after it', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Editor initial="Hello world" />);
    expect(calls).toEqual([]);
    await user.click(content());
    content().setSelectionRange(6, 6);
    await user.click(screen.getByRole('button', { name: 'Include a prompt' }));
    const search = await screen.findByRole('combobox', { name: 'Prompt to include' });
    expect(search).toHaveFocus();
    await user.keyboard('sign');
    await screen.findByRole('option', { name: 'Sign-off' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(content()).toHaveFocus());
    expect(content().value).toBe('Hello {{>8}}world');
    expect([content().selectionStart, content().selectionEnd]).toEqual([12, 12]);
    expect(screen.getByRole('button', { name: 'Include a prompt' })).toBeInTheDocument();
    expect(calls).toEqual(['GET /api/prompts/titles']);
  });

  it('keeps selected text and adds the include after it', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Editor initial="Hello world" />);
    await user.click(content());
    content().setSelectionRange(0, 5);
    await user.click(screen.getByRole('button', { name: 'Include a prompt' }));
    await user.click(await screen.findByRole('option', { name: 'House style' }));
    await waitFor(() => expect(content().value).toBe('Hello{{>7}} world'));
  });

  it('offers the most used prompts first, never the one being edited, and goes back to its button on Escape', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Editor initial="Text" excludeId={8} />);
    await user.click(screen.getByRole('button', { name: 'Include a prompt' }));
    await screen.findByRole('option', { name: 'House style' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'House style',
      'Weekly report',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Include a prompt' })).toHaveFocus());
    expect(content().value).toBe('Text');
  });

  it('appends to a field the user was never in, and adds nothing past the length limit', async () => {
    const user = userEvent.setup();
    const { unmount } = await renderWithApp(<Editor initial="Intro" />);
    await user.click(screen.getByRole('button', { name: 'Include a prompt' }));
    await user.click(await screen.findByRole('option', { name: 'Sign-off' }));
    await waitFor(() => expect(content().value).toBe('Intro{{>8}}'));
    unmount();

    await renderWithApp(<Editor initial="Intro" max={8} />);
    await user.click(screen.getByRole('button', { name: 'Include a prompt' }));
    await user.click(await screen.findByRole('option', { name: 'Sign-off' }));
    expect(content().value).toBe('Intro');
  });
});
