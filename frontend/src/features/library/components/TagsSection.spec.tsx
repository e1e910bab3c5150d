import type { TagSummary } from '@promptlib/proto';
import { sameTag } from '@promptlib/proto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithApp, stubApi } from '../../../shared/testing/render-with-app';
import { attachToaster, type Notice } from '../../../shared/toasts/toast-bus';
import { DeleteTagDialog } from '../dialogs/DeleteTagDialog';
import { RenameTagDialog } from '../dialogs/RenameTagDialog';
import { useGetTagsQuery } from '../library.api';
import { TagsSection } from './TagsSection';

/** The section with its dialogs, wired as the dashboard wires them; the chosen tag is shown. */
function Section() {
  const [active, setActive] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<TagSummary | null>(null);
  const [deleting, setDeleting] = useState<TagSummary | null>(null);
  const { data: tags = [] } = useGetTagsQuery();
  return (
    <>
      <output aria-label="Chosen tag">{active ?? 'none'}</output>
      <TagsSection activeTag={active} onTag={setActive} onRename={setRenaming} onDelete={setDeleting} />
      <RenameTagDialog
        tag={renaming}
        tags={tags}
        onRenamed={(from, to) => setActive((tag) => (tag !== null && sameTag(tag, from) ? to : tag))}
        onClose={() => setRenaming(null)}
      />
      <DeleteTagDialog
        tag={deleting}
        onDeleted={(name) => setActive((tag) => (tag !== null && sameTag(tag, name) ? null : tag))}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

let tags: TagSummary[];
let notices: Notice[];
let detach: () => void;

/** GET /api/tags answers `tags` as they are now; the other answers are the test's own. */
function serve(
  other: (method: string, path: string, body: unknown) => { body?: unknown } | undefined = () => undefined,
) {
  return stubApi((method, path, body) =>
    method === 'GET' && path === '/api/tags' ? { body: tags } : other(method, path, body),
  );
}

beforeEach(() => {
  tags = [
    { name: 'C#/.NET', count: 2 },
    { name: 'Email', count: 3 },
    { name: 'Work', count: 1 },
  ];
  notices = [];
  detach = attachToaster((notice) => notices.push(notice));
});

afterEach(() => {
  detach();
  vi.unstubAllGlobals();
});

const chosen = () => screen.getByRole('status', { name: 'Chosen tag' }).textContent;
const tagButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

async function openMenu(menu: string, item: string) {
  fireEvent.click(await screen.findByRole('button', { name: menu }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('the tags of the sidebar', () => {
  it('lists the user’s tags with how many prompts carry each', async () => {
    serve();
    await renderWithApp(<Section />);
    expect(await screen.findByRole('heading', { name: 'Tags' })).toBeInTheDocument();
    expect(within(tagButton('Email')).getByText('3')).toBeInTheDocument();
    expect(within(tagButton('Work')).getByText('1')).toBeInTheDocument();
  });

  it('says how tags are made while the user has none', async () => {
    tags = [];
    serve();
    await renderWithApp(<Section />);
    expect(
      await screen.findByText('No tags yet. Add some to a prompt when you create or edit it.'),
    ).toBeInTheDocument();
  });

  it('narrows the list to the tag chosen, shows it chosen, and stops on Clear or a second choice', async () => {
    serve();
    await renderWithApp(<Section />);
    fireEvent.click(await screen.findByRole('button', { name: /^Email/ }));
    expect(chosen()).toBe('Email');
    expect(tagButton('Email')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Clear tag filter' }));
    expect(chosen()).toBe('none');
    fireEvent.click(tagButton('Work'));
    fireEvent.click(tagButton('Work'));
    expect(chosen()).toBe('none');
    expect(screen.queryByRole('button', { name: 'Clear tag filter' })).not.toBeInTheDocument();
  });

  it('renames a tag on every prompt, reads the tags again, and keeps the list on it', async () => {
    const calls = serve((method, path, body) => {
      if (method !== 'PATCH' || path !== '/api/tags/C%23%2F.NET') return undefined;
      expect(body).toEqual({ name: 'dotnet' });
      tags = [{ name: 'dotnet', count: 2 }, ...tags.slice(1)];
      return { body: { name: 'dotnet', prompts: 2 } };
    });
    await renderWithApp(<Section />);
    fireEvent.click(await screen.findByRole('button', { name: /^C#\/\.NET/ }));
    await openMenu('Actions for tag "C#/.NET"', 'Rename');

    const dialog = await screen.findByRole('dialog', { name: 'Rename Tag' });
    expect(
      within(dialog).getByText('"C#/.NET" is on 2 prompts. The new name replaces it on each of them.'),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'New name' }), {
      target: { value: ' dotnet ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));

    await waitFor(() => expect(chosen()).toBe('dotnet'));
    expect(await screen.findByRole('button', { name: /^dotnet/ })).toBeInTheDocument();
    expect(calls.filter((call) => call === 'GET /api/tags')).toHaveLength(2);
    expect(notices.map((notice) => notice.description)).toEqual(['"C#/.NET" is now "dotnet" on 2 prompts.']);
  });

  it('says before a rename that a name the user already has merges the two into that spelling', async () => {
    serve((method, path) => {
      if (method !== 'PATCH' || path !== '/api/tags/Work') return undefined;
      tags = [tags[0]!, { name: 'Email', count: 4 }];
      return { body: { name: 'Email', prompts: 4 } };
    });
    await renderWithApp(<Section />);
    fireEvent.click(await screen.findByRole('button', { name: /^Work/ }));
    await openMenu('Actions for tag "Work"', 'Rename');

    const dialog = await screen.findByRole('dialog', { name: 'Rename Tag' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'New name' }), {
      target: { value: 'EMAIL' },
    });
    expect(
      within(dialog).getByText(
        'You already have the tag "Email": "Work" will be merged into it on every prompt.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));

    await waitFor(() => expect(chosen()).toBe('Email'));
    expect(notices.map((notice) => notice.description)).toEqual([
      '"Work" was merged into "Email" on 4 prompts.',
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Work/ })).not.toBeInTheDocument());
  });

  it('refuses a name with a comma before asking the server', async () => {
    const calls = serve();
    await renderWithApp(<Section />);
    await openMenu('Actions for tag "Work"', 'Rename');
    const dialog = await screen.findByRole('dialog', { name: 'Rename Tag' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'New name' }), {
      target: { value: 'a, b' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('Tags cannot contain commas')).toBeInTheDocument();
    expect(calls.some((call) => call.startsWith('PATCH'))).toBe(false);
  });

  it('deletes a tag after naming it and how many prompts carry it, in German too', async () => {
    const calls = serve((method, path) => {
      if (method !== 'DELETE' || path !== '/api/tags/Email') return undefined;
      tags = tags.filter((tag) => tag.name !== 'Email');
      return { body: { name: null, prompts: 3 } };
    });
    await renderWithApp(<Section />, 'de');
    fireEvent.click(await screen.findByRole('button', { name: /^Email/ }));
    await openMenu('Aktionen für den Tag „Email“', 'Löschen');

    const dialog = await screen.findByRole('dialog', { name: 'Tag löschen' });
    expect(dialog).toHaveTextContent(
      'Den Tag „Email“ von den 3 Prompts entfernen, die ihn tragen? Die Prompts selbst bleiben.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));

    await waitFor(() => expect(chosen()).toBe('none'));
    expect(calls).toContain('DELETE /api/tags/Email');
    expect(notices.map((notice) => notice.description)).toEqual(['„Email“ von 3 Prompts entfernt.']);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Email/ })).not.toBeInTheDocument());
  });
});
