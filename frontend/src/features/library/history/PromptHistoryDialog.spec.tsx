import type { LimitsRecord, PromptVersion } from '@promptlib/proto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp, stubApi } from '../../../shared/testing/render-with-app';
import { attachToaster, type Notice } from '../../../shared/toasts/toast-bus';
import { PromptHistoryDialog } from './PromptHistoryDialog';

// Made from the local time, so the expected texts hold in every time zone.
const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).toISOString();

const categories = [
  { id: 11, name: 'General', position: 0 },
  { id: 4, name: 'Work', position: 1 },
];
const v1: PromptVersion = {
  version: 1,
  title: 'Summary',
  content: 'Summarise the week for the team.',
  categoryId: 11,
  createdAt: at(18, 8, 5),
  source: 'app',
};
const v2: PromptVersion = {
  version: 2,
  title: 'Weekly summary',
  content: 'Summarise the week in five bullet points for the team.',
  categoryId: 4,
  createdAt: at(19, 16, 45),
  source: 'import',
};
const v3: PromptVersion = {
  version: 3,
  title: 'Weekly summary',
  content: 'Summarise the week in three bullet points for the team.',
  categoryId: 4,
  createdAt: at(20, 9, 30),
  source: 'app',
};
const history = [v3, v2, v1];

function limits(isPro: boolean): LimitsRecord {
  return {
    isPro,
    prompts: { used: 3, limit: isPro ? -1 : 5, canCreate: true },
    categories: { used: 1, limit: isPro ? -1 : 1, canCreate: !isPro },
    versionsKept: isPro ? 1_000 : 20,
    subscription: { isCancelled: false, endsAt: null },
  };
}

/** The app's usual answers, and the history given. */
function answer(versions: () => PromptVersion[], isPro = false) {
  return (_method: string, path: string) => {
    if (path === '/api/prompts/7/versions') return { body: versions() };
    if (path === '/api/categories') return { body: categories };
    if (path === '/api/user/limits') return { body: limits(isPro) };
    return undefined;
  };
}

/** A screen as wide as a desktop's: every min-width query matches, no max-width one. */
function wideScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
}

let notices: Notice[];
let detach: () => void;

beforeEach(() => {
  notices = [];
  detach = attachToaster((notice) => notices.push(notice));
});

afterEach(() => {
  detach();
  vi.unstubAllGlobals();
});

const prompt = { id: 7, title: 'Weekly summary' };
const optionTexts = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('PromptHistoryDialog', () => {
  it('lists the versions newest first with their number, time and origin, the newest marked current', async () => {
    stubApi(answer(() => history));
    await renderWithApp(<PromptHistoryDialog prompt={prompt} onClose={vi.fn()} />);

    expect(await screen.findByRole('dialog', { name: 'History of “Weekly summary”' })).toBeInTheDocument();
    await screen.findByRole('listbox', { name: 'Versions' });
    expect(optionTexts().map((text) => text?.replace(/[\u00a0\u202f]/g, ' '))).toEqual([
      'Version 3CurrentNov 20, 2026, 9:30 AM · Edited in the app',
      'Version 2Nov 19, 2026, 4:45 PM · Imported',
      'Version 1Nov 18, 2026, 8:05 AM · Created in the app',
    ]);
    expect(screen.getByText('Your plan keeps the last 20 versions of each prompt.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keep up to 1,000 with Pro' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
  });

  it('speaks German, dates and numbers included', async () => {
    stubApi(answer(() => [{ ...v3, source: 'restore' }, v2, v1], true));
    await renderWithApp(<PromptHistoryDialog prompt={prompt} onClose={vi.fn()} />, 'de');

    await screen.findByRole('listbox', { name: 'Versionen' });
    expect(screen.getByRole('dialog', { name: 'Verlauf von „Weekly summary“' })).toBeInTheDocument();
    expect(optionTexts()).toEqual([
      'Version 3Aktuell20.11.2026, 09:30 · Wiederhergestellt',
      'Version 219.11.2026, 16:45 · Importiert',
      'Version 118.11.2026, 08:05 · In der App erstellt',
    ]);
    expect(
      await screen.findByText('Dein Plan behält die letzten 1.000 Versionen jedes Prompts.'),
    ).toBeInTheDocument();
  });

  it('compares a chosen version with the current one word by word, marked for eyes and ears', async () => {
    stubApi(answer(() => history));
    await renderWithApp(<PromptHistoryDialog prompt={prompt} onClose={vi.fn()} />);

    fireEvent.click(await screen.findByRole('option', { name: /^Version 1/ }));

    const comparison = await screen.findByRole('region', { name: 'Comparison' });
    const heading = within(comparison).getByRole('heading', {
      name: 'Version 1 compared with the current one',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(comparison).getByText('Compared word by word.')).toBeInTheDocument();
    const legend = within(comparison).getByRole('list', { name: 'Legend' });
    expect(legend).toHaveTextContent('Removed since version 1');
    expect(legend).toHaveTextContent('Added since version 1');

    const text = within(comparison).getByText('Compared word by word.').nextElementSibling!;
    expect([...text.querySelectorAll('ins')].map((mark) => mark.textContent)).toEqual([
      'added: in three bullet points ',
    ]);
    expect(text.querySelectorAll('del')).toHaveLength(0);
    expect(text).toHaveTextContent('Summarise the week added: in three bullet points for the team.');

    // The title and the category changed too.
    expect([...comparison.querySelectorAll('del')].map((mark) => mark.textContent)).toEqual([
      'removed: Summary',
      'removed: General',
    ]);
    expect([...comparison.querySelectorAll('ins')].map((mark) => mark.textContent)).toEqual([
      'added: Weekly summary',
      'added: Work',
      'added: in three bullet points ',
    ]);
    expect(screen.getByRole('button', { name: 'Restore this version' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: '← All versions' }));
    await waitFor(() => expect(screen.getByRole('option', { name: /^Version 1/ })).toHaveFocus());
    expect(screen.getByRole('option', { name: /^Version 1/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('compares code line by line, each changed line marked − or +', async () => {
    const before = { ...v2, content: 'function add(a, b) {\n  return a + b;\n}' };
    const now = { ...v3, content: 'function add(a, b) {\n  return a - b;\n}' };
    stubApi(answer(() => [now, before, v1]));
    await renderWithApp(<PromptHistoryDialog prompt={prompt} onClose={vi.fn()} />);

    fireEvent.click(await screen.findByRole('option', { name: /^Version 2/ }));

    const comparison = await screen.findByRole('region', { name: 'Comparison' });
    const caption = within(comparison).getByText('Compared line by line.');
    expect(getComputedStyle(caption.nextElementSibling!.firstElementChild!).fontFamily).toMatch(/monospace/);
    expect([...comparison.querySelectorAll('del')].map((mark) => mark.textContent)).toEqual([
      '−removed:   return a + b;',
    ]);
    expect([...comparison.querySelectorAll('ins')].map((mark) => mark.textContent)).toEqual([
      '+added:   return a - b;',
    ]);
    expect(comparison.querySelector('del [aria-hidden]')).toHaveTextContent('−');
  });

  it('compares prose changed past a word-by-word comparison line by line, in its own font', async () => {
    // Sixty lines of ten words, every word changed: too many changes word by word, sixty lines each way.
    const prose = (word: string) =>
      Array.from({ length: 60 }, (_, line) =>
        Array.from({ length: 10 }, (_, index) => `${word}${line * 10 + index}`).join(' '),
      ).join('\n');
    stubApi(answer(() => [{ ...v3, content: prose('new') }, { ...v2, content: prose('old') }, v1]));
    await renderWithApp(<PromptHistoryDialog prompt={prompt} onClose={vi.fn()} />);

    fireEvent.click(await screen.findByRole('option', { name: /^Version 2/ }));

    const comparison = await screen.findByRole('region', { name: 'Comparison' });
    const caption = within(comparison).getByText(
      'Too many changes to compare word by word: compared line by line.',
    );
    expect(comparison.querySelectorAll('del')).toHaveLength(60);
    expect(comparison.querySelectorAll('ins')).toHaveLength(60);
    expect(getComputedStyle(caption.nextElementSibling!.firstElementChild!).fontFamily).not.toMatch(
      /monospace/,
    );
  });

  it('compares the last change at once on a wide screen, and offers no restore of the current version', async () => {
    wideScreen();
    stubApi(answer(() => history));
    await renderWithApp(<PromptHistoryDialog prompt={prompt} onClose={vi.fn()} />);

    const comparison = await screen.findByRole('region', { name: 'Comparison' });
    expect(
      within(comparison).getByRole('heading', { name: 'Version 2 compared with the current one' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /^Version 2/ })).toHaveAttribute('aria-selected', 'true');
    // The list stays beside the comparison.
    expect(screen.getByRole('listbox', { name: 'Versions' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('option', { name: /^Version 3/ }));
    expect(
      await within(comparison).findByRole('heading', { name: 'Version 3, the current one' }),
    ).toBeInTheDocument();
    expect(within(comparison).getByText('This is the current version of the prompt.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore this version' })).not.toBeInTheDocument();
  });

  it('offers no restore of a version the same as the current one', async () => {
    stubApi(answer(() => [{ ...v2, version: 3, source: 'restore' }, v2, v1]));
    await renderWithApp(<PromptHistoryDialog prompt={prompt} onClose={vi.fn()} />);

    fireEvent.click(await screen.findByRole('option', { name: /^Version 2/ }));

    expect(
      await screen.findByText('This version has the same title, category and text as the current one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore this version' })).not.toBeInTheDocument();
  });

  it('restores a version, says so, and shows the history with the restore on top', async () => {
    let versions = history;
    let release: () => void = () => undefined;
    const restored = { ...v1, version: 4, createdAt: at(21, 10, 0), source: 'restore' as const };
    const calls = stubApi((method, path) => {
      if (method === 'POST' && path === '/api/prompts/7/versions/1/restore') {
        versions = [restored, ...history];
        return {
          body: {
            id: 7,
            title: v1.title,
            content: v1.content,
            categoryId: 11,
            isFavorite: 0,
            usageCount: 2,
            tags: [],
          },
          delay: new Promise<void>((done) => (release = done)),
        };
      }
      return answer(() => versions)(method, path);
    });
    const onRestored = vi.fn();
    await renderWithApp(<PromptHistoryDialog prompt={prompt} onClose={vi.fn()} onRestored={onRestored} />);

    fireEvent.click(await screen.findByRole('option', { name: /^Version 1/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore this version' }));

    expect(await screen.findByRole('button', { name: 'Restoring...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    release();

    const heading = await screen.findByRole('heading', { name: 'Version 4, the current one' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(notices).toEqual([
      {
        title: 'Version 1 restored',
        description: 'It is now the current text. The text it replaced stays in the history.',
        variant: 'success',
      },
    ]);
    expect(onRestored).toHaveBeenCalledWith(expect.objectContaining({ id: 7, title: 'Summary' }));
    expect(calls.filter((call) => call === 'GET /api/prompts/7/versions')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: '← All versions' }));
    expect(optionTexts().map((text) => text?.split(/\d{4}/)[0])).toEqual([
      'Version 4CurrentNov 21, ',
      'Version 3Nov 20, ',
      'Version 2Nov 19, ',
      'Version 1Nov 18, ',
    ]);
    expect(screen.getByRole('option', { name: /^Version 4/ })).toHaveTextContent('Restored');
  });

  it('says why a restore failed, in the user’s language, and keeps the version to try again', async () => {
    stubApi((method, path) => {
      if (method === 'POST' && path === '/api/prompts/7/versions/1/restore')
        return {
          status: 403,
          body: {
            statusCode: 403,
            code: 'PROMPT_LIMIT_REACHED',
            message: 'You have reached the prompt limit of your plan.',
            error: 'Forbidden',
          },
        };
      return answer(() => history)(method, path);
    });
    await renderWithApp(<PromptHistoryDialog prompt={prompt} onClose={vi.fn()} />, 'de');

    fireEvent.click(await screen.findByRole('option', { name: /^Version 1/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Diese Version wiederherstellen' }));

    await waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toMatchObject({ title: 'Fehler', variant: 'error' });
    expect(notices[0]!.description).toMatch(/Limit/);
    expect(screen.getByRole('button', { name: 'Diese Version wiederherstellen' })).toBeEnabled();
  });

  it('shows placeholders while the history loads, and a retry when it cannot be read', async () => {
    let attempts = 0;
    let release: () => void = () => undefined;
    stubApi((method, path) => {
      if (path === '/api/prompts/7/versions') {
        attempts += 1;
        if (attempts === 1)
          return {
            status: 503,
            body: { statusCode: 503, message: 'The service is unavailable.', error: 'Service Unavailable' },
            delay: new Promise<void>((done) => (release = done)),
          };
        return { body: history };
      }
      return answer(() => history)(method, path);
    });
    await renderWithApp(<PromptHistoryDialog prompt={prompt} onClose={vi.fn()} />);

    expect(await screen.findByRole('status', { name: 'Loading the history...' })).toBeInTheDocument();
    release();
    expect(
      await screen.findByText('The history could not be loaded. Check your connection and try again.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listbox', { name: 'Versions' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('draws a long history a hundred rows at a time', async () => {
    const long = Array.from({ length: 250 }, (_, index) => ({ ...v1, version: 250 - index }));
    stubApi(answer(() => long));
    await renderWithApp(<PromptHistoryDialog prompt={prompt} onClose={vi.fn()} />);

    await screen.findByRole('listbox', { name: 'Versions' });
    expect(screen.getAllByRole('option')).toHaveLength(100);
    fireEvent.click(screen.getByRole('button', { name: 'Show 150 older versions' }));
    expect(screen.getAllByRole('option')).toHaveLength(200);
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 older versions' }));
    expect(screen.getAllByRole('option')).toHaveLength(250);
    expect(screen.queryByRole('button', { name: /older version/ })).not.toBeInTheDocument();
  });
});
