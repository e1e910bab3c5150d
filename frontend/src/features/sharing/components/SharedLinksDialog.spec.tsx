import { fireEvent, screen, within, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../../shared/testing/render-with-app';
import { attachToaster, type Notice } from '../../../shared/toasts/toast-bus';
import { SharedLinksDialog } from './SharedLinksDialog';

const weekly = {
  promptId: 7,
  title: 'Weekly summary',
  shareId: 'k3Jd9_aZ0qLmN4pQrStUvw',
  url: 'http://localhost:8080/shared/k3Jd9_aZ0qLmN4pQrStUvw',
  views: 3,
  createdAt: '2026-11-03T10:00:00.000Z',
};
const release = {
  promptId: 9,
  title: 'Release notes',
  shareId: 'a1Bc2De3Fg4Hi5Jk6Lm7No',
  url: 'http://localhost:8080/shared/a1Bc2De3Fg4Hi5Jk6Lm7No',
  views: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
};

let writeText: ReturnType<typeof vi.fn>;
let notices: Notice[];
let detach: () => void;

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

const rowOf = (title: string) => screen.getByRole('listitem', { name: title });

describe('SharedLinksDialog', () => {
  it('lists every live link with its title, day and views, and copies one', async () => {
    stubApi((_method, path) => (path === '/api/shares' ? { body: [release, weekly] } : undefined));
    await renderWithApp(<SharedLinksDialog onClose={vi.fn()} />);

    expect(await screen.findByRole('listitem', { name: 'Release notes' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-labelledby') && item.textContent),
    ).toEqual([expect.stringContaining('Release notes'), expect.stringContaining('Weekly summary')]);
    expect(
      within(rowOf('Weekly summary')).getByText('Shared on Nov 3, 2026 · Viewed 3 times'),
    ).toBeInTheDocument();
    expect(
      within(rowOf('Release notes')).getByText('Shared on Nov 20, 2026 · Viewed 1 time'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the public page of "Weekly summary"' })).toHaveAttribute(
      'href',
      weekly.url,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Copy the link to "Weekly summary"' }));
    expect(
      await within(rowOf('Weekly summary')).findByRole('button', { name: 'Copied!' }),
    ).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(weekly.url);
  });

  it('stops sharing one link, which leaves the list at once', async () => {
    let live = [release, weekly];
    const calls = stubApi((method, path) => {
      if (method === 'DELETE' && path === '/api/prompts/7/share') {
        live = [release];
        return { body: { success: true } };
      }
      if (path === '/api/shares') return { body: live };
    });
    await renderWithApp(<SharedLinksDialog onClose={vi.fn()} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Stop sharing "Weekly summary"' }));

    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Weekly summary' })).not.toBeInTheDocument(),
    );
    expect(rowOf('Release notes')).toBeInTheDocument();
    expect(notices).toEqual([{ title: 'Stopped sharing "Weekly summary". Its link no longer works.' }]);
    expect(calls).toContain('DELETE /api/prompts/7/share');
  });

  it('keeps the link when stopping fails, and says why in the user’s language', async () => {
    stubApi((method, path) => {
      if (method === 'DELETE' && path === '/api/prompts/7/share')
        return {
          status: 429,
          body: {
            statusCode: 429,
            code: 'RATE_LIMITED',
            message: 'Too many changes in a short time. Please try again in 1 minute.',
            params: { retryAfterMinutes: 1, action: 'write' },
          },
        };
      if (path === '/api/shares') return { body: [release, weekly] };
    });
    await renderWithApp(<SharedLinksDialog onClose={vi.fn()} />, 'de');

    fireEvent.click(await screen.findByRole('button', { name: 'Teilen von „Weekly summary“ beenden' }));
    await waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toMatchObject({ title: 'Fehler', variant: 'error' });
    expect(notices[0].description).toMatch(/^Zu viele .+ in 1 Minute noch einmal\.$/);
    expect(rowOf('Weekly summary')).toBeInTheDocument();
  });

  it('says when nothing is shared, and when the list cannot be read, with a retry', async () => {
    let attempts = 0;
    stubApi((_method, path) => {
      if (path !== '/api/shares') return undefined;
      return ++attempts === 1
        ? {
            status: 503,
            body: { statusCode: 503, message: 'The service is unavailable.', error: 'Service Unavailable' },
          }
        : { body: [] };
    });
    await renderWithApp(<SharedLinksDialog onClose={vi.fn()} />);

    expect(
      await screen.findByText('Your shared links could not be loaded. Check your connection and try again.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(
        'You have not shared any prompt yet. Share one from its card to get a public link.',
      ),
    ).toBeInTheDocument();
  });
});
