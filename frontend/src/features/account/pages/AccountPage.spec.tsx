import type { AccountDetails, SessionSummary } from '@promptlib/proto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../../shared/testing/render-with-app';
import { attachToaster, type Notice } from '../../../shared/toasts/toast-bus';
import { AccountPage } from './AccountPage';

const account: AccountDetails = {
  id: 3,
  username: 'ada',
  signsInWithPassword: true,
  signsInWithGoogle: false,
  createdAt: '2026-01-05T12:00:00.000Z',
};
const here: SessionSummary = {
  id: 'aaaaaaaaaaaaaaaaaaaaaa',
  browser: 'Chrome 131',
  system: 'Windows',
  signedInAt: '2026-03-01T09:00:00.000Z',
  lastActiveAt: '2026-03-02T10:00:00.000Z',
  current: true,
};
const phone: SessionSummary = {
  id: 'bbbbbbbbbbbbbbbbbbbbbb',
  browser: 'Safari 18',
  system: 'iOS',
  signedInAt: '2026-02-01T09:00:00.000Z',
  lastActiveAt: '2026-02-20T10:00:00.000Z',
  current: false,
};
const script: SessionSummary = { ...phone, id: 'cccccccccccccccccccccc', browser: null, system: null };

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

/** A server with the user's sessions, which changes passwords and ends sessions as the real one does. */
function server(options: { details?: AccountDetails; wrongPassword?: boolean } = {}) {
  const deletions: unknown[] = [];
  let sessions = [here, phone, script];
  const sent: unknown[] = [];
  const calls = stubApi((method, path, body) => {
    if (method === 'GET' && path === '/api/user')
      return { body: { user: { id: 3, username: 'ada', isPro: true } } };
    if (method === 'GET' && path === '/api/user/account') return { body: options.details ?? account };
    if (method === 'GET' && path === '/api/user/sessions') return { body: sessions };
    if (method === 'POST' && path === '/api/user/password') {
      sent.push(body);
      if (options.wrongPassword)
        return {
          status: 400,
          body: {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'This is not your current password.',
            fields: { currentPassword: 'This is not your current password.' },
            rules: { currentPassword: 'incorrect' },
          },
        };
      sessions = [here];
      return { body: { success: true } };
    }
    if (method === 'DELETE' && path === '/api/user') {
      deletions.push(body);
      const { password } = body as { password?: string };
      if (options.details?.signsInWithPassword !== false && password !== 'violet-Harbor-71-kettle')
        return {
          status: 400,
          body: {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'This is not your password.',
            fields: { password: 'This is not your password.' },
            rules: { password: 'incorrect' },
          },
        };
      return { body: { success: true } };
    }
    if (method === 'POST' && path === '/api/user/sessions/end-others') {
      const ended = sessions.length - 1;
      sessions = [here];
      return { body: { ended } };
    }
    const ending = /^\/api\/user\/sessions\/(\w+)$/.exec(path);
    if (method === 'DELETE' && ending) {
      sessions = sessions.filter((session) => session.id !== ending[1]);
      return { body: { success: true } };
    }
    return undefined;
  });
  return { calls, sent, deletions };
}

describe('AccountPage', () => {
  it('shows the account, and the sessions with this device first and unnamed devices said so', async () => {
    server();
    await renderWithApp(<AccountPage />);
    expect(await screen.findByText('ada')).toBeInTheDocument();
    expect(screen.getByText('Username and password')).toBeInTheDocument();
    expect(screen.getByText('Jan 5, 2026')).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Chrome 131 on Windows',
      'Safari 18 on iOS',
      'Unknown device',
    ]);
    expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button')).toBeNull();
  });

  it('signs out one device, then every other, each said in a toast', async () => {
    const { calls } = server();
    await renderWithApp(<AccountPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Safari 18 on iOS' }));
    await waitFor(() => expect(screen.queryByText('Safari 18 on iOS')).toBeNull());
    expect(calls).toContain('DELETE /api/user/sessions/bbbbbbbbbbbbbbbbbbbbbb');
    expect(notices.at(-1)).toMatchObject({ title: 'Safari 18 on iOS was signed out.', variant: 'success' });

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(
      await screen.findByText('You’re signed in on this device only.'.replace('’', "'")),
    ).toBeInTheDocument();
    expect(notices.at(-1)).toMatchObject({ title: 'Signed out on 1 other device.' });
  });

  it('checks the new password before sending it, then changes it and empties the form', async () => {
    const { sent } = server();
    await renderWithApp(<AccountPage />);
    const current = await screen.findByLabelText('Current password');
    const fresh = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    fireEvent.change(current, { target: { value: 'violet-Harbor-71-kettle' } });
    fireEvent.change(fresh, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.change(fresh, { target: { value: 'amber-Lantern-42-orchard' } });
    fireEvent.change(confirm, { target: { value: 'amber-Lantern-42-orchard' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(notices.at(-1)).toMatchObject({ title: 'Password changed' }));
    expect(sent).toEqual([
      { currentPassword: 'violet-Harbor-71-kettle', newPassword: 'amber-Lantern-42-orchard' },
    ]);
    expect(current).toHaveValue('');
    expect(fresh).toHaveValue('');
    // The other devices were signed out: the list is read again.
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  it('says a wrong current password beside its field, in German too, and keeps what was typed', async () => {
    server({ wrongPassword: true });
    await renderWithApp(<AccountPage />, 'de');
    const current = await screen.findByLabelText('Aktuelles Passwort');
    fireEvent.change(current, { target: { value: 'not-it-at-all' } });
    fireEvent.change(screen.getByLabelText('Neues Passwort'), {
      target: { value: 'amber-Lantern-42-orchard' },
    });
    fireEvent.change(screen.getByLabelText('Neues Passwort bestätigen'), {
      target: { value: 'amber-Lantern-42-orchard' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Das ist nicht dein aktuelles Passwort.')).toBeInTheDocument();
    expect(current).toHaveValue('not-it-at-all');
    expect(current).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers the data export as a download of the server’s file', async () => {
    server();
    await renderWithApp(<AccountPage />);
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/user/export');
  });

  it('offers no password form to a Google user', async () => {
    server({ details: { ...account, signsInWithPassword: false, signsInWithGoogle: true } });
    await renderWithApp(<AccountPage />);
    expect(
      await screen.findByText('You sign in with Google, so your account has no password to change here.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });
  it('deletes the account once the username is typed as shown and the password given', async () => {
    const { deletions } = server();
    await renderWithApp(<AccountPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(within(dialog).getByRole('link', { name: 'Download my data first' })).toHaveAttribute(
      'href',
      '/api/user/export',
    );
    const name = within(dialog).getByLabelText('Your username');
    fireEvent.change(name, { target: { value: 'Ada' } });
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'wrong-password' } });
    // Another spelling of the name is not the name.
    expect(confirm).toBeDisabled();
    fireEvent.change(name, { target: { value: 'ada' } });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('This is not your password.')).toBeInTheDocument();
    expect(notices).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Your password'), {
      target: { value: 'violet-Harbor-71-kettle' },
    });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(notices.at(-1)).toMatchObject({ title: 'Account deleted', variant: 'success' }),
    );
    expect(deletions).toEqual([
      { confirmUsername: 'ada', password: 'wrong-password' },
      { confirmUsername: 'ada', password: 'violet-Harbor-71-kettle' },
    ]);
  });

  it('asks a Google user for their username alone before deleting', async () => {
    const { deletions } = server({
      details: { ...account, signsInWithPassword: false, signsInWithGoogle: true },
    });
    await renderWithApp(<AccountPage />, 'de');
    fireEvent.click(await screen.findByRole('button', { name: 'Konto löschen...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dein Konto löschen?' });
    expect(within(dialog).queryByLabelText('Dein Passwort')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Dein Benutzername'), { target: { value: ' ada ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Konto löschen' }));
    await waitFor(() => expect(notices.at(-1)).toMatchObject({ title: 'Konto gelöscht' }));
    expect(deletions).toEqual([{ confirmUsername: ' ada ' }]);
  });
});
