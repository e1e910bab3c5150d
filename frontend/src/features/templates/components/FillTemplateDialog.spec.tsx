import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../../shared/testing/render-with-app';
import { rememberedValues, rememberValues } from '../remembered-values';
import { parseTemplate } from '../template';
import { FillTemplateDialog, type FillAction } from './FillTemplateDialog';

const template = parseTemplate('Hi {{name}}, {{tone:formal|casual}} note on {{topic=tests}} for {{name}}.');

function renderDialog(run: FillAction['run'], onClose = vi.fn()) {
  const action: FillAction = { label: 'Copy', busyLabel: 'Copying...', run };
  return renderWithApp(
    <FillTemplateDialog
      title="Note"
      template={template}
      memoryKey="prompt:3"
      action={action}
      onClose={onClose}
    />,
  );
}

beforeEach(() => window.localStorage.clear());

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
    await renderDialog(run, onClose);
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
    await renderDialog(vi.fn().mockResolvedValue(false), onClose);
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
    topic.focus();
    expect([topic.selectionStart, topic.selectionEnd]).toEqual([0, 'budgets'.length]);
  });
});
