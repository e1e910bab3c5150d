import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { parseTemplate, type ParsedTemplate } from '@promptlib/proto';
import { renderWithApp } from '../../../shared/testing/render-with-app';
import type { IncludeSource } from '../included-prompts';
import { rememberedValues, rememberValues } from '../remembered-values';
import { FillTemplateDialog, type FillAction } from './FillTemplateDialog';

const note = parseTemplate('Hi {{name}}, {{tone:formal|casual}} note on {{topic=tests}} for {{name}}.');

type Options = {
  template?: ParsedTemplate;
  onClose?: () => void;
  includes?: IncludeSource;
  language?: 'en' | 'de';
};

function renderDialog(
  run: FillAction['run'],
  { template = note, onClose = vi.fn(), includes, language = 'en' }: Options = {},
) {
  const action: FillAction = { label: 'Copy', busyLabel: 'Copying...', run };
  return renderWithApp(
    <FillTemplateDialog
      title="Note"
      template={template}
      memoryKey="prompt:3"
      action={action}
      includes={includes}
      onClose={onClose}
    />,
    language,
  );
}

/** Stands in for the browser's clipboard, which jsdom has not. */
function stubClipboard(readText: () => Promise<string>) {
  Object.defineProperty(navigator, 'clipboard', { value: { readText }, configurable: true });
}

const longDate = (iso: string) =>
  new Intl.DateTimeFormat(navigator.languages[0], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('FillTemplateDialog', () => {
  it('asks for each name once, starts from defaults and previews the filled text', async () => {
    await renderDialog(vi.fn());
    expect(screen.getByRole('dialog', { name: 'Fill in “Note”' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'tone' })).toHaveValue('formal');
    expect(screen.getByRole('textbox', { name: 'topic' })).toHaveValue('tests');
    fireEvent.change(screen.getByRole('textbox', { name: 'name' }), { target: { value: 'Ada' } });
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent(
      'Hi Ada, formal note on tests for Ada.',
    );
  });

  it('says which blank is still empty in the preview', async () => {
    await renderDialog(vi.fn());
    expect(screen.getAllByLabelText('name: empty', { selector: 'mark' })).toHaveLength(2);
  });

  it('uses nothing while a blank is empty or only spaces: it marks the empty ones and focuses the first', async () => {
    const run = vi.fn().mockResolvedValue(true);
    await renderDialog(run);
    fireEvent.change(screen.getByRole('textbox', { name: 'topic' }), { target: { value: '   ' } });
    expect(screen.queryByText('Fill in this blank first.')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(run).not.toHaveBeenCalled();
    expect(screen.getAllByText('Fill in this blank first.')).toHaveLength(2);
    const name = screen.getByRole('textbox', { name: 'name' });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Fill in this blank first.');

    fireEvent.change(name, { target: { value: 'Ada' } });
    expect(screen.getAllByText('Fill in this blank first.')).toHaveLength(1);
    fireEvent.keyDown(name, { key: 'Enter' });
    expect(screen.getByRole('textbox', { name: 'topic' })).toHaveFocus();
    expect(run).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: 'topic' }), { target: { value: 'docs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith('Hi Ada, formal note on docs for Ada.'));
  });

  it('uses the filled text once however often it is asked, then remembers the values and closes', async () => {
    let finish: (used: boolean) => void = () => undefined;
    const run = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    await renderDialog(run, { onClose });
    fireEvent.change(screen.getByRole('textbox', { name: 'name' }), { target: { value: 'Lin' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'tone' }), { target: { value: 'casual' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'topic' }), { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Copying...' })).toBeDisabled();
    finish(true);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith('Hi Lin, casual note on tests for Lin.');
    expect(rememberedValues('prompt:3')).toEqual({ name: 'Lin', tone: 'casual', topic: 'tests' });
  });

  it('stays open, remembering nothing, when the text could not be used', async () => {
    const onClose = vi.fn();
    await renderDialog(vi.fn().mockResolvedValue(false), { onClose });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByRole('button', { name: 'Copy' });
    expect(onClose).not.toHaveBeenCalled();
    expect(rememberedValues('prompt:3')).toEqual({});
  });

  it('starts from the values last used for the prompt, and Shift+Enter does not use the text', async () => {
    rememberValues('prompt:3', { name: 'Grace', tone: 'casual' });
    const run = vi.fn();
    await renderDialog(run);
    expect(screen.getByRole('textbox', { name: 'name' })).toHaveValue('Grace');
    expect(screen.getByRole('combobox', { name: 'tone' })).toHaveValue('casual');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'name' }), { key: 'Enter', shiftKey: true });
    expect(run).not.toHaveBeenCalled();
  });

  it('selects the remembered value of the field that has the focus, the first one to begin with', async () => {
    rememberValues('prompt:3', { name: 'Grace', topic: 'budgets' });
    await renderDialog(vi.fn());
    const name = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'name' });
    await waitFor(() => expect(name).toHaveFocus());
    expect([name.selectionStart, name.selectionEnd]).toEqual([0, 'Grace'.length]);
    const topic = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'topic' });
    act(() => topic.focus());
    expect([topic.selectionStart, topic.selectionEnd]).toEqual([0, 'budgets'.length]);
  });

  it('gives each type of blank its field, and labels the optional ones, which may stay empty', async () => {
    const run = vi.fn().mockResolvedValue(true);
    await renderDialog(run, {
      template: parseTemplate(
        'Notes: {{notes#long}}|Count: {{count#number=3}}|Due: {{due#date=2026-01-31}}|Extra: {{extra?}}|Tone: {{tone?:warm|cool}}',
      ),
    });
    const notes = screen.getByRole('textbox', { name: 'notes' });
    expect(notes.tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'count' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('textbox', { name: 'count' })).toHaveValue('3');
    const due = screen.getByLabelText(/^due/, { selector: 'input' });
    expect(due).toHaveAttribute('type', 'date');
    expect(due).toHaveValue('2026-01-31');
    expect(screen.getByRole('textbox', { name: 'extra (optional)' })).toHaveValue('');
    const tone = screen.getByRole('combobox', { name: 'tone (optional)' });
    expect(
      within(tone)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['(none)', 'warm', 'cool']);
    expect(screen.getByText(/in a multi-line field, (Ctrl|⌘)\+Enter uses the text/)).toBeInTheDocument();

    fireEvent.change(notes, { target: { value: 'first\nsecond' } });
    fireEvent.change(tone, { target: { value: '' } });
    // Enter is a new line in a field of several lines; Ctrl+Enter uses the text.
    fireEvent.keyDown(notes, { key: 'Enter' });
    expect(run).not.toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent(
      `Due: ${longDate('2026-01-31')}`,
    );
    fireEvent.keyDown(notes, { key: 'Enter', ctrlKey: true });
    await waitFor(() =>
      expect(run).toHaveBeenCalledWith(
        `Notes: first\nsecond|Count: 3|Due: ${longDate('2026-01-31')}|Extra: |Tone: `,
      ),
    );
  });

  it('says beside the button what is still to fill, naming a number that is not one, and uses nothing meanwhile', async () => {
    const run = vi.fn().mockResolvedValue(true);
    await renderDialog(run, { template: parseTemplate('Dear {{name}}, {{count#number}} by {{due#date}}.') });
    const copy = screen.getByRole('button', { name: 'Copy' });
    expect(screen.getByText('Still to fill: name, count, due')).toBeInTheDocument();
    expect(copy).toHaveAccessibleDescription('Still to fill: name, count, due');

    fireEvent.change(screen.getByRole('textbox', { name: 'name' }), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'count' }), { target: { value: 'three' } });
    expect(copy).toHaveAccessibleDescription('Still to fill: count (a number), due');

    fireEvent.click(copy);
    expect(run).not.toHaveBeenCalled();
    const count = screen.getByRole('textbox', { name: 'count' });
    expect(count).toHaveFocus();
    expect(count).toHaveAccessibleDescription('Enter a number, such as 3 or 2.5.');
    expect(screen.getByLabelText(/^due/, { selector: 'input' })).toHaveAccessibleDescription(
      'Fill in this blank first.',
    );

    fireEvent.change(count, { target: { value: '2,5' } });
    fireEvent.change(screen.getByLabelText(/^due/, { selector: 'input' }), {
      target: { value: '2026-02-01' },
    });
    expect(screen.queryByText(/Still to fill/)).not.toBeInTheDocument();
    expect(copy).not.toHaveAttribute('aria-describedby');
    fireEvent.click(copy);
    await waitFor(() => expect(run).toHaveBeenCalledWith(`Dear Ada, 2,5 by ${longDate('2026-02-01')}.`));
  });

  it('fills in the date, the time and the clipboard by themselves, open to change and never remembered', async () => {
    let paste: (text: string) => void = () => undefined;
    stubClipboard(() => new Promise((resolve) => (paste = resolve)));
    const run = vi.fn().mockResolvedValue(true);
    const before = new Date();
    await renderDialog(run, { template: parseTemplate('{{@date}} {{@time}}: {{@clipboard}} for {{name}}') });

    const today = screen.getByRole('textbox', { name: "Today's date" });
    expect(today).toHaveValue(new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(before));
    expect(screen.getByRole('textbox', { name: 'Time' })).not.toHaveValue('');
    const clipboard = screen.getByRole('textbox', { name: 'Clipboard' });
    expect(clipboard).toHaveAttribute('aria-busy', 'true');
    expect(clipboard).toHaveAccessibleDescription('Reading the clipboard…');
    paste('copied words');
    await waitFor(() => expect(clipboard).toHaveValue('copied words'));
    expect(clipboard).not.toHaveAttribute('aria-busy');
    // Automatic values are never required.
    expect(screen.getByText('Still to fill: name')).toBeInTheDocument();

    fireEvent.change(today, { target: { value: 'tomorrow' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Time' }), { target: { value: 'noon' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'name' }), { target: { value: 'Lin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith('tomorrow noon: copied words for Lin'));
    expect(rememberedValues('prompt:3')).toEqual({ name: 'Lin' });
  });

  it('offers an empty field to paste into when the clipboard cannot be read', async () => {
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    await renderDialog(vi.fn(), { template: parseTemplate('Summarize: {{@clipboard}}') });
    const clipboard = screen.getByRole('textbox', { name: 'Clipboard' });
    await waitFor(() =>
      expect(clipboard).toHaveAccessibleDescription('The clipboard could not be read. Paste the text here.'),
    );
    expect(clipboard).toHaveValue('');
    expect(screen.queryByText(/Still to fill/)).not.toBeInTheDocument();
  });

  it('reads the clipboard only for a template that asks for it', async () => {
    const readText = vi.fn().mockResolvedValue('secret');
    stubClipboard(readText);
    await renderDialog(vi.fn());
    await screen.findByRole('textbox', { name: 'name' });
    expect(readText).not.toHaveBeenCalled();
  });

  it('reads the included prompts as they are now, asks a name they share once, and says what is left out', async () => {
    const reads: Record<number, (content: string | null) => void> = {};
    const read = vi.fn(
      (promptId: number) => new Promise<string | null>((resolve) => (reads[promptId] = resolve)),
    );
    const run = vi.fn().mockResolvedValue(true);
    await renderDialog(run, {
      template: parseTemplate('Dear {{name}}, {{>2}}|{{>7}}|{{>8}}'),
      includes: { promptId: 1, read },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Reading the included prompts…');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();

    reads[2]!('thanks, {{name}}. {{sig#long?}}');
    reads[7]!(null);
    reads[8]!('loop {{>1}}');
    const name = await screen.findByRole('textbox', { name: 'name' });
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'sig (optional)' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'This prompt includes a prompt that no longer exists ({{>7}}); it is left out.',
    );
    expect(alert).toHaveTextContent(
      'This prompt includes a prompt that leads back to itself ({{>1}}); it is left out there.',
    );

    fireEvent.change(name, { target: { value: 'Ada' } });
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('Dear Ada, thanks, Ada.');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith('Dear Ada, thanks, Ada. ||loop '));
    expect(read.mock.calls.map(([promptId]) => promptId)).toEqual([2, 7, 8]);
  });

  it('says when the included prompts could not be read, and reads them again on request', async () => {
    const read = vi
      .fn<(promptId: number) => Promise<string | null>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('Signed, {{name}}');
    await renderDialog(vi.fn(), { template: parseTemplate('{{>2}}'), includes: { promptId: 1, read } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The included prompts could not be read. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'name' })).toBeInTheDocument();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('without a way to read included prompts (a shared page), leaves them out as not shared', async () => {
    const run = vi.fn().mockResolvedValue(true);
    await renderDialog(run, { template: parseTemplate('Intro. {{>5}}{{>6}}') });
    expect(screen.getByText('Nothing to fill in: check the preview, then use the text.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This prompt includes 2 other prompts that are not shared ({{>5}}, {{>6}}); they are left out.',
    );
    const copy = screen.getByRole('button', { name: 'Copy' });
    await waitFor(() => expect(copy).toHaveFocus());
    fireEvent.click(copy);
    await waitFor(() => expect(run).toHaveBeenCalledWith('Intro. '));
  });

  it("speaks the user's language, dates included", async () => {
    const run = vi.fn().mockResolvedValue(true);
    await renderDialog(run, {
      template: parseTemplate('{{@date}} – {{due#date=2026-01-31}}'),
      language: 'de',
    });
    expect(screen.getByRole('dialog', { name: '„Note“ ausfüllen' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Heutiges Datum' })).toHaveValue(
      new Intl.DateTimeFormat('de', { dateStyle: 'long' }).format(new Date()),
    );
    expect(screen.getByRole('region', { name: 'Vorschau' })).toHaveTextContent('31. Januar 2026');
  });
});
