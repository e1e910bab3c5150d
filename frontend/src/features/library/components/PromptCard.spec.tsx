import type { PromptCard as PromptCardData } from '@promptlib/proto';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp } from '../../../shared/testing/render-with-app';
import { PromptCard } from './PromptCard';

const prompt: PromptCardData = {
  id: 3,
  title: 'Code review',
  preview: 'Review this code for bugs.',
  contentLength: 26,
  lastUsedAt: null,
  categoryId: 1,
  isFavorite: 0,
  usageCount: 2,
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-01-05T10:00:00.000Z',
  tags: [],
};

function renderCard(
  shared: boolean,
  onShare = vi.fn(),
  onDuplicate = vi.fn(),
  onRead = vi.fn(),
  onHistory = vi.fn(),
  language: 'en' | 'de' = 'en',
  shown: PromptCardData = prompt,
  onTag = vi.fn(),
  activeTag: string | null = null,
) {
  return renderWithApp(
    <PromptCard
      prompt={shown}
      categoryName="General"
      shared={shared}
      onRead={onRead}
      onEdit={vi.fn()}
      onHistory={onHistory}
      onShare={onShare}
      onDuplicate={onDuplicate}
      onDelete={vi.fn()}
      onTag={onTag}
      activeTag={activeTag}
    />,
    language,
  );
}

describe('PromptCard', () => {
  it('carries a labelled marker while the prompt has a live link', async () => {
    await renderCard(true);
    const marker = screen.getByRole('img', { name: 'Shared by link' });
    expect(marker).toHaveAttribute('title', 'Shared by link');
  });

  it('carries no marker when the prompt is not shared', async () => {
    await renderCard(false);
    expect(screen.queryByRole('img', { name: 'Shared by link' })).not.toBeInTheDocument();
  });

  it('opens sharing for its own prompt from a button named after it', async () => {
    const onShare = vi.fn();
    await renderCard(false, onShare);
    fireEvent.click(screen.getByRole('button', { name: 'Share "Code review"' }));
    expect(onShare).toHaveBeenCalledWith(prompt);
  });

  it('asks for a copy of its own prompt from a button named after it', async () => {
    const onDuplicate = vi.fn();
    await renderCard(false, vi.fn(), onDuplicate);
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate "Code review"' }));
    expect(onDuplicate).toHaveBeenCalledWith(prompt);
  });

  it('opens the prompt whole from its preview, a button named for the prompt', async () => {
    const onRead = vi.fn();
    await renderCard(false, vi.fn(), vi.fn(), onRead);
    fireEvent.click(screen.getByRole('button', { name: 'Read "Code review" whole' }));
    expect(onRead).toHaveBeenCalledWith(prompt);
  });

  it('opens the history of its own prompt from a button named after it, in each language', async () => {
    const onHistory = vi.fn();
    await renderCard(false, vi.fn(), vi.fn(), vi.fn(), onHistory);
    fireEvent.click(screen.getByRole('button', { name: 'Version history of "Code review"' }));
    expect(onHistory).toHaveBeenCalledWith(prompt);

    await renderCard(false, vi.fn(), vi.fn(), vi.fn(), vi.fn(), 'de');
    expect(screen.getByRole('button', { name: 'Versionsverlauf von „Code review“' })).toHaveAttribute(
      'title',
      'Verlauf',
    );
  });

  it('shows its first tags as buttons that filter the list, and says how many more it has', async () => {
    const onTag = vi.fn();
    const tagged = { ...prompt, tags: ['Email', 'Work', 'Drafts', 'Later', 'Team'] };
    await renderCard(false, vi.fn(), vi.fn(), vi.fn(), vi.fn(), 'en', tagged, onTag);
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Email', 'Work', 'Drafts']);
    expect(within(tags).getByLabelText('2 more tags')).toHaveAttribute('title', 'Later, Team');
    fireEvent.click(screen.getByRole('button', { name: 'Show prompts tagged "Work"' }));
    expect(onTag).toHaveBeenCalledWith('Work');
    expect(screen.getByRole('button', { name: 'Show prompts tagged "Work"' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('presses the tag the list is narrowed to, in any case, and lets it go on a second click', async () => {
    const onTag = vi.fn();
    const tagged = { ...prompt, tags: ['Email', 'Work'] };
    await renderCard(false, vi.fn(), vi.fn(), vi.fn(), vi.fn(), 'en', tagged, onTag, 'WORK');
    const work = screen.getByRole('button', { name: 'Show prompts tagged "Work"' });
    expect(work).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Show prompts tagged "Email"' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    fireEvent.click(work);
    expect(onTag).toHaveBeenCalledWith(null);
  });

  it('shows no tag list for a prompt without tags', async () => {
    await renderCard(false);
    expect(screen.queryByRole('list', { name: 'Tags' })).not.toBeInTheDocument();
  });
});
