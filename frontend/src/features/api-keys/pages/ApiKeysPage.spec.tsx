import type { ApiKeySummary, CreatedApiKey } from '@promptlib/proto';
import { fireEvent, screen, within, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../../shared/testing/render-with-app';
import { attachToaster, type Notice } from '../../../shared/toasts/toast-bus';
import { ApiKeysPage } from './ApiKeysPage';

const laptop: ApiKeySummary = {
  id: 7,
  name: 'Claude on my laptop',
  scope: 'write',
  start: 'plk_Ab3xYz12',
  createdAt: '2026-01-05T12:00:00.000Z',
  expiresAt: '2099-12-31T12:00:00.000Z',
  lastUsedAt: '2026-02-10T12:00:00.000Z',
};
const script: ApiKeySummary = {
  id: 5,
  name: 'Backup script',
  scope: 'read',
  start: 'plk_Qr7sTu89',
  createdAt: '2025-11-20T12:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
};
const old: ApiKeySummary = {
  id: 2,
  name: 'Old experiment',
  scope: 'read',
  start: 'plk_Zz0yXx11',
  createdAt: '2025-01-03T12:00:00.000Z',
  expiresAt: '2025-02-02T12:00:00.000Z',
  lastUsedAt: null,
};
const secret = 'plk_Nw1Kk9aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789ab';

let notices: Notice[];
let detach: () => void;
let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  notices = [];
  detach = attachToaster((notice) => notices.push(notice));
  writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  detach();
  vi.unstubAllGlobals();
});

const rowOf = (name: string) => screen.getByRole('listitem', { name });
const snippetOf = (client: string) => screen.getByRole('region', { name: client }).querySelector('code')!;
const namesListed = () =>
  screen
    .getAllByRole('listitem')
    .map((item) => document.getElementById(item.getAttribute('aria-labelledby')!)?.textContent);

/** A server holding `keys`, which creates and revokes as the real one does. */
function serverWith(initial: ApiKeySummary[]) {
  let keys = [...initial];
  const calls = stubApi((method, path, body) => {
    if (path === '/api/api-keys' && method === 'GET') return { body: keys };
    if (path === '/api/api-keys' && method === 'POST') {
      const { name, scope, expiresAt } = body as {
        name: string;
        scope: 'read' | 'write';
        expiresAt: string | null;
      };
      const created: CreatedApiKey = {
        id: 11,
        name,
        scope,
        start: secret.slice(0, 12),
        createdAt: new Date().toISOString(),
        expiresAt,
        lastUsedAt: null,
        key: secret,
      };
      const { key: _key, ...summary } = created;
      keys = [summary, ...keys];
      return { status: 201, body: created };
    }
    const revoked = /^\/api\/api-keys\/(\d+)$/.exec(path);
    if (revoked && method === 'DELETE') {
      keys = keys.filter((key) => key.id !== Number(revoked[1]));
      return { status: 204 };
    }
  });
  return calls;
}

describe('ApiKeysPage', () => {
  it('lists each key with its name, access, start, use and expiry', async () => {
    serverWith([laptop, script, old]);
    await renderWithApp(<ApiKeysPage />);

    expect(await screen.findByRole('listitem', { name: 'Claude on my laptop' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'API keys and MCP' })).toBeInTheDocument();
    expect(screen.getByText('3 of 10 keys')).toBeInTheDocument();
    expect(namesListed()).toEqual(['Claude on my laptop', 'Backup script', 'Old experiment']);

    const laptopRow = within(rowOf('Claude on my laptop'));
    expect(laptopRow.getByText('Read and write')).toBeInTheDocument();
    expect(laptopRow.getByText('plk_Ab3xYz12…')).toBeInTheDocument();
    expect(
      laptopRow.getByText(/^Created Jan 5, 2026 · Last used Feb 10, 2026, .+ · Expires Dec 31, 2099$/),
    ).toBeInTheDocument();

    const scriptRow = within(rowOf('Backup script'));
    expect(scriptRow.getByText('Read only')).toBeInTheDocument();
    expect(scriptRow.getByText('Created Nov 20, 2025 · Never used · Never expires')).toBeInTheDocument();

    expect(within(rowOf('Old experiment')).getByText('Expired')).toBeInTheDocument();
  });

  it('writes the dates as German does', async () => {
    serverWith([laptop, script]);
    await renderWithApp(<ApiKeysPage />, 'de');

    const row = within(await screen.findByRole('listitem', { name: 'Claude on my laptop' }));
    expect(row.getByText('Lesen und schreiben')).toBeInTheDocument();
    expect(
      row.getByText(
        /^Erstellt am 5\. Jan\. 2026 · Zuletzt benutzt: 10\.02\.2026, .+ · Läuft am 31\. Dez\. 2099 ab$/,
      ),
    ).toBeInTheDocument();
    expect(
      within(rowOf('Backup script')).getByText('Erstellt am 20. Nov. 2025 · Noch nie benutzt · Läuft nie ab'),
    ).toBeInTheDocument();
  });

  it('shows placeholders while loading, then says there are no keys yet', async () => {
    let answer!: () => void;
    const delay = new Promise<void>((resolve) => (answer = resolve));
    stubApi((_method, path) => (path === '/api/api-keys' ? { body: [], delay } : undefined));
    await renderWithApp(<ApiKeysPage />);

    expect(screen.getByRole('status', { name: 'Loading your keys...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled();
    answer();
    expect(
      await screen.findByText('You have no API keys yet. Create one to connect a program or an AI client.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create key' })).toBeEnabled();
  });

  it('says when the keys cannot be read, and reads them again on request', async () => {
    let attempts = 0;
    stubApi((_method, path) => {
      if (path !== '/api/api-keys') return undefined;
      return ++attempts === 1
        ? { status: 503, body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Unavailable' } }
        : { body: [script] };
    });
    await renderWithApp(<ApiKeysPage />);

    expect(
      await screen.findByText('Your API keys could not be loaded. Check your connection and try again.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Backup script' })).toBeInTheDocument();
  });

  it('creates a key: checks the name as typed, shows the key once to copy, then lists it and puts it in the snippets', async () => {
    const calls = serverWith([script]);
    await renderWithApp(<ApiKeysPage />);
    expect(snippetOf('Claude Code').textContent).toContain('"Authorization: Bearer <your key>"');

    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'x'.repeat(61) } });
    expect(await within(dialog).findByText('Name must be at most 60 characters long')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: '  Claude on my laptop ' } });
    await waitFor(() =>
      expect(within(dialog).queryByText('Name must be at most 60 characters long')).not.toBeInTheDocument(),
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: /Read and write/ }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Expiry' }), { target: { value: '90' } });
    expect(within(dialog).getByText(/^The key stops working on .+\.$/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByRole('textbox', { name: 'API key "Claude on my laptop"' })).toHaveValue(secret);
    expect(within(shown).getByText(/It will not be shown again/)).toBeInTheDocument();
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(secret);

    const post = calls.indexOf('POST /api/api-keys');
    expect(post).toBeGreaterThan(-1);
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const row = within(await screen.findByRole('listitem', { name: 'Claude on my laptop' }));
    expect(namesListed()).toEqual(['Claude on my laptop', 'Backup script']);
    expect(row.getByText('Read and write')).toBeInTheDocument();
    expect(row.getByText(`${secret.slice(0, 12)}…`)).toBeInTheDocument();
    expect(row.queryByText(secret, { exact: false })).not.toBeInTheDocument();
    expect(screen.getByText('2 of 10 keys')).toBeInTheDocument();
    expect(snippetOf('Claude Code').textContent).toContain(`"Authorization: Bearer ${secret}"`);
    expect(snippetOf('VS Code').textContent).toContain(`"Authorization": "Bearer ${secret}"`);
    expect(
      screen.getByText('These hold your new key "Claude on my laptop" until you leave this page.'),
    ).toBeInTheDocument();
  });

  it('sends the name trimmed, the access and an expiry days ahead', async () => {
    let sent: unknown;
    stubApi((method, path, body) => {
      if (path !== '/api/api-keys') return undefined;
      if (method === 'GET') return { body: [] };
      sent = body;
      return { status: 201, body: { ...script, id: 12, name: 'Nightly job', key: secret } };
    });
    await renderWithApp(<ApiKeysPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: ' Nightly job ' },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Expiry' }), { target: { value: '30' } });
    const before = Date.now();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await screen.findByRole('dialog', { name: 'Your new API key' });

    const { expiresAt, ...rest } = sent as { expiresAt: string };
    expect(rest).toEqual({ name: 'Nightly job', scope: 'read' });
    const days = (new Date(expiresAt).getTime() - before) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThanOrEqual(30);
    expect(days).toBeLessThan(30.01);
  });

  it('says a name the server refused beside the field, in the user’s language', async () => {
    stubApi((method, path) => {
      if (path !== '/api/api-keys') return undefined;
      if (method === 'GET') return { body: [] };
      return {
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Key name must be at most 60 characters long',
          fields: { name: 'Key name must be at most 60 characters long' },
          rules: { name: 'tooLong' },
        },
      };
    });
    await renderWithApp(<ApiKeysPage />, 'de');
    fireEvent.click(await screen.findByRole('button', { name: 'Schlüssel erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'API-Schlüssel erstellen' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Laptop' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schlüssel erstellen' }));

    expect(
      await within(dialog).findByText('Der Name darf höchstens 60 Zeichen lang sein'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('says an expiry the server refused in the dialog', async () => {
    stubApi((method, path) => {
      if (path !== '/api/api-keys') return undefined;
      if (method === 'GET') return { body: [] };
      return {
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'A key must expire in the future, within a year',
          fields: { expiresAt: 'A key must expire in the future, within a year' },
          rules: { expiresAt: 'invalid' },
        },
      };
    });
    await renderWithApp(<ApiKeysPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Laptop' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Expiry' }), { target: { value: '365' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The expiry must be in the future and within a year.',
    );
  });

  it('at ten keys, keeps Create from being pressed and says why', async () => {
    const ten = Array.from({ length: 10 }, (_, index) => ({
      ...script,
      id: index + 1,
      name: `Key ${index + 1}`,
    }));
    serverWith(ten);
    await renderWithApp(<ApiKeysPage />);

    const create = await screen.findByRole('button', { name: 'Create key' });
    await waitFor(() => expect(create).toBeDisabled());
    const reason = 'You have 10 keys, the most an account can have. Revoke one to create another.';
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(create).toHaveAccessibleDescription(reason);
  });

  it('says the limit when keys were made elsewhere meanwhile, and reads the list again', async () => {
    let keys = [script];
    stubApi((method, path) => {
      if (path !== '/api/api-keys') return undefined;
      if (method === 'GET') return { body: keys };
      keys = Array.from({ length: 10 }, (_, index) => ({
        ...script,
        id: index + 1,
        name: `Key ${index + 1}`,
      }));
      return {
        status: 403,
        body: {
          statusCode: 403,
          code: 'API_KEY_LIMIT_REACHED',
          message: 'You have 10 API keys, the most one account can have.',
          params: { limit: 10 },
        },
      };
    });
    await renderWithApp(<ApiKeysPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'One more' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    expect(
      await within(dialog).findByText(
        'You have 10 API keys, the most an account can have. Revoke one to create another.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('10 of 10 keys')).toBeInTheDocument();
  });

  it('revokes a key once asked, with a toast, and takes it out of the snippets', async () => {
    const calls = serverWith([script]);
    await renderWithApp(<ApiKeysPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Laptop' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Your new API key' })).getByRole('button', {
        name: 'Done',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(snippetOf('Cursor').textContent).toContain(`"Bearer ${secret}"`);

    fireEvent.click(await screen.findByRole('button', { name: 'Revoke "Laptop"' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(
      within(confirm).getByText('Revoke "Laptop"? Programs using it stop working at once.'),
    ).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    // The rest of the page is hidden from the accessibility tree while the question shows.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('listitem', { name: 'Laptop' })).not.toBeInTheDocument();
    expect(namesListed()).toEqual(['Backup script']);
    // Its button went with it: the keyboard carries on from the list.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your keys' })).toHaveFocus());
    expect(calls).toContain('DELETE /api/api-keys/11');
    expect(notices).toEqual([
      {
        title: 'Success',
        description: '"Laptop" was revoked. Programs using it no longer have access.',
        variant: 'success',
      },
    ]);
    expect(snippetOf('Cursor').textContent).toContain('"Bearer <your key>"');
  });

  it('keeps a key whose revocation failed, and says why', async () => {
    stubApi((method, path) => {
      if (path === '/api/api-keys' && method === 'GET') return { body: [script] };
      if (path === '/api/api-keys/5' && method === 'DELETE')
        return {
          status: 503,
          body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Unavailable' },
        };
    });
    await renderWithApp(<ApiKeysPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke "Backup script"' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke API key' })).getByRole('button', {
        name: 'Revoke',
      }),
    );

    await waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toMatchObject({
      title: 'Error',
      description: 'The service is temporarily unavailable. Please try again in a moment.',
      variant: 'error',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowOf('Backup script')).toBeInTheDocument();
  });

  describe('connecting the browser extension', () => {
    // The button is there, disabled, before the extension's word re-renders it: a click must wait for that.
    const enabledConnect = async (dialog: HTMLElement) => {
      const button = within(dialog).getByRole('button', { name: 'Connect' });
      await waitFor(() => expect(button).toBeEnabled(), { timeout: 5_000 });
      return button;
    };
    const extensionSays = (type: string, extra: object = {}) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type, ...extra },
          origin: window.location.origin,
          source: window,
        }),
      );

    it('waits for the extension, then makes a read-and-write key for it and hands it over unseen', async () => {
      const calls = serverWith([]);
      const posted: unknown[] = [];
      let asked = 0;
      const listen = (event: MessageEvent) => {
        const { type } = event.data as { type?: string };
        if (type === 'prompt-library:extension-key') posted.push(event.data);
        // A connector that arrived before the dialog rendered learns it is listening, and says ready again.
        if (type === 'prompt-library:page-listening') asked += 1;
      };
      window.addEventListener('message', listen);
      await renderWithApp(<ApiKeysPage />, 'en', '/settings/api-keys?connect=extension');

      const dialog = await screen.findByRole('dialog', { name: 'Connect the browser extension' });
      expect(within(dialog).getByRole('status')).toHaveTextContent(/Waiting for the extension/);
      expect(within(dialog).getByRole('button', { name: 'Connect' })).toBeDisabled();
      await waitFor(() => expect(asked).toBe(1), { timeout: 5_000 });

      extensionSays('prompt-library:extension-ready');
      fireEvent.click(await enabledConnect(dialog));
      await waitFor(() => expect(posted).toEqual([{ type: 'prompt-library:extension-key', key: secret }]), {
        timeout: 5_000,
      });
      expect(calls).toContain('POST /api/api-keys');
      expect(screen.queryByText(secret)).toBeNull();

      extensionSays('prompt-library:extension-connected');
      expect(await within(dialog).findByText(/The extension is connected/)).toBeInTheDocument();
      window.removeEventListener('message', listen);
    });

    it('says why when the extension could not take the key', async () => {
      serverWith([]);
      await renderWithApp(<ApiKeysPage />, 'en', '/settings/api-keys?connect=extension');
      const dialog = await screen.findByRole('dialog', { name: 'Connect the browser extension' });
      extensionSays('prompt-library:extension-ready');
      fireEvent.click(await enabledConnect(dialog));
      extensionSays('prompt-library:extension-failed', {
        message: 'Connect from the extension’s options page.',
      });
      expect(
        await within(dialog).findByText('Connect from the extension’s options page.'),
      ).toBeInTheDocument();
    });
  });
});
