import type { LimitsRecord } from '@promptlib/proto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp, stubApi } from '../../../shared/testing/render-with-app';
import { attachToaster, type Notice } from '../../../shared/toasts/toast-bus';
import { SaveToLibraryButton } from './SaveToLibraryButton';

const shared = { title: 'Blog outline', content: 'Write an outline for a blog post.' };
const categories = [
  { id: 4, name: 'Work', position: 1 },
  { id: 11, name: 'General', position: 0 },
];

function limits(canCreate: boolean): LimitsRecord {
  return {
    isPro: false,
    prompts: { used: canCreate ? 2 : 5, limit: 5, canCreate },
    categories: { used: 1, limit: 1, canCreate: false },
    versionsKept: 20,
    subscription: { isCancelled: false, endsAt: null },
  };
}

const limitReached = {
  status: 403,
  body: {
    statusCode: 403,
    message: 'You have reached the prompt limit of your plan.',
    error: 'Forbidden',
    code: 'PROMPT_LIMIT_REACHED',
  },
};

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

describe('SaveToLibraryButton', () => {
  it("saves the shared prompt into the visitor's General category and says so", async () => {
    const created: unknown[] = [];
    stubApi((method, path, body) => {
      if (path === '/api/user/limits') return { body: limits(true) };
      if (path === '/api/categories') return { body: categories };
      if (method === 'POST' && path === '/api/prompts') {
        created.push(body);
        return { body: { id: 20, ...shared, categoryId: 11, isFavorite: 0, usageCount: 0, tags: [] } };
      }
    });
    await renderWithApp(<SaveToLibraryButton prompt={shared} shareId="s7Kp2Qx9" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Save to my library' }));

    await waitFor(() => expect(notices).toHaveLength(1));
    expect(created).toEqual([{ ...shared, categoryId: 11 }]);
    expect(notices[0]).toMatchObject({ title: 'Saved to your library', variant: 'success' });
    // Once saved, the page says so and a second press cannot make a second copy.
    expect(await screen.findByRole('button', { name: 'Saved to your library' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save to my library' })).toBeNull();
  });

  it("tells the link's owner the prompt is theirs instead of offering to save it", async () => {
    stubApi((_method, path) => {
      if (path === '/api/shares')
        return {
          body: [
            {
              promptId: 3,
              title: 'Shared',
              shareId: 's7Kp2Qx9',
              views: 2,
              createdAt: '2026-11-01T10:00:00.000Z',
              url: '',
            },
          ],
        };
    });
    await renderWithApp(<SaveToLibraryButton prompt={shared} shareId="s7Kp2Qx9" />);

    await screen.findByText('This is your prompt: you shared it.');
    expect(screen.queryByRole('button', { name: 'Save to my library' })).toBeNull();
  });

  it('shows the limit notice instead of saving when the limits say no more prompts', async () => {
    const calls = stubApi((_method, path) => {
      if (path === '/api/user/limits') return { body: limits(false) };
    });
    await renderWithApp(<SaveToLibraryButton prompt={shared} shareId="s7Kp2Qx9" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Save to my library' }));

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Prompt Limit Reached');
    expect(notice).toHaveTextContent(
      "You've reached the limit of 5 prompts on the free plan. Upgrade to Pro for unlimited prompts.",
    );
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/subscribe');
    expect(calls).not.toContain('POST /api/prompts');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the limit notice when the server refuses the prompt for the limit', async () => {
    let limitsRead = 0;
    stubApi((method, path) => {
      if (path === '/api/user/limits') return { body: limits(++limitsRead === 1) };
      if (path === '/api/categories') return { body: categories };
      if (method === 'POST' && path === '/api/prompts') return limitReached;
    });
    await renderWithApp(<SaveToLibraryButton prompt={shared} shareId="s7Kp2Qx9" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Save to my library' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Prompt Limit Reached');
    expect(notices).toEqual([]);
  });

  it('tells any other failure in a toast', async () => {
    stubApi((method, path) => {
      if (path === '/api/user/limits') return { body: limits(true) };
      if (path === '/api/categories') return { body: categories };
      if (method === 'POST' && path === '/api/prompts')
        return {
          status: 503,
          body: { statusCode: 503, message: 'Try later.', error: 'Service Unavailable' },
        };
    });
    await renderWithApp(<SaveToLibraryButton prompt={shared} shareId="s7Kp2Qx9" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Save to my library' }));

    await waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toMatchObject({ title: 'Error', description: 'Try later.', variant: 'error' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
