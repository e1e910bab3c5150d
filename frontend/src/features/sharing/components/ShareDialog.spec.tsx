import type { Prompt } from '@promptlib/proto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp, stubApi } from '../../../shared/testing/render-with-app';
import { ShareDialog } from './ShareDialog';

const prompt: Prompt = {
  id: 7,
  title: 'Blog outline',
  content: 'Write an outline for a blog post.',
  categoryId: 1,
  isFavorite: 0,
  usageCount: 0,
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-01-05T10:00:00.000Z',
  tags: [],
};
const shareId = 'k3Jd9_aZ0qLmN4pQrStUvw';
const url = `http://localhost:8080/shared/${shareId}`;
const listed = {
  promptId: 7,
  title: 'Blog outline',
  shareId,
  url,
  views: 3,
  createdAt: '2025-01-05T10:00:00.000Z',
};
const unavailable = {
  status: 503,
  body: { statusCode: 503, message: 'The service is unavailable.', error: 'Service Unavailable' },
};

let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ShareDialog', () => {
  it('makes the link as it opens and offers it to copy, with its view count', async () => {
    let answer: () => void = () => undefined;
    const created = new Promise<void>((resolve) => (answer = resolve));
    const calls = stubApi((method, path) => {
      if (method === 'POST' && path === '/api/prompts/7/share')
        return { body: { shareId, url }, delay: created };
      if (path === '/api/shares') return { body: [listed] };
    });
    await renderWithApp(<ShareDialog prompt={prompt} onClose={vi.fn()} />);

    expect(screen.getByRole('dialog', { name: 'Share prompt' })).toBeInTheDocument();
    expect(await screen.findByText('Creating link...')).toBeInTheDocument();
    answer();

    expect(await screen.findByRole('textbox', { name: 'Share link' })).toHaveValue(url);
    expect(screen.getByRole('textbox', { name: 'Share link' })).toHaveAttribute('readonly');
    expect(await screen.findByText('Viewed 3 times')).toBeInTheDocument();
    expect(calls).toContain('POST /api/prompts/7/share');

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(url);
  });

  it('shows why the link could not be made, and tries again on request', async () => {
    let attempts = 0;
    const calls = stubApi((method, path) => {
      if (method === 'POST' && path === '/api/prompts/7/share')
        return ++attempts === 1 ? unavailable : { body: { shareId, url } };
      if (path === '/api/shares') return { body: [] };
    });
    await renderWithApp(<ShareDialog prompt={prompt} onClose={vi.fn()} />);
    // Not shared yet: it says what becomes public and makes nothing before the user asks.
    await screen.findByText(/^Sharing makes a public link: anyone who has it can read the title and text of/);
    expect(calls).not.toContain('POST /api/prompts/7/share');
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));

    expect(await screen.findByText('The service is unavailable.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('textbox', { name: 'Share link' })).toHaveValue(url);
    expect(calls.filter((call) => call === 'POST /api/prompts/7/share').length).toBeGreaterThanOrEqual(2);
  });

  it('stops sharing: the link is revoked and the dialog says it no longer works', async () => {
    const calls = stubApi((method, path) => {
      if (method === 'POST' && path === '/api/prompts/7/share') return { body: { shareId, url } };
      if (method === 'DELETE' && path === '/api/prompts/7/share') return { body: { success: true } };
      if (path === '/api/shares') return { body: [listed] };
    });
    await renderWithApp(<ShareDialog prompt={prompt} onClose={vi.fn()} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Stop sharing' }));

    expect(await screen.findByText('Sharing stopped. This link no longer works.')).toBeInTheDocument();
    expect(calls).toContain('DELETE /api/prompts/7/share');
    expect(screen.queryByRole('textbox', { name: 'Share link' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Share again' })).toHaveFocus());
  });

  it('closes from its Close button once the link is shown', async () => {
    stubApi((method, path) => {
      if (method === 'POST') return { body: { shareId, url } };
      if (path === '/api/shares') return { body: [listed] };
    });
    const onClose = vi.fn();
    await renderWithApp(<ShareDialog prompt={prompt} onClose={onClose} />);

    await screen.findByRole('button', { name: 'Copy link' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
