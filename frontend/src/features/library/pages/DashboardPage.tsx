import Add from '../../../shared/icons/Add';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Category, Prompt, PromptCard, TagSummary } from '@promptlib/proto';
import { sameTag } from '@promptlib/proto';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { setSearch } from '../../../app/ui.slice';
import { ShareDialog } from '../../sharing/components/ShareDialog';
import { sharedPromptIds } from '../../sharing/share-links';
import { useListSharesQuery } from '../../sharing/sharing.api';
import { EmptyState, type EmptyList } from '../components/EmptyState';
import { PromptGrid } from '../components/PromptGrid';
import { PromptSkeletons } from '../components/PromptSkeletons';
import { PromptToolbar } from '../components/PromptToolbar';
import { SelectionBar } from '../components/SelectionBar';
import { Sidebar } from '../components/Sidebar';
import { CategoryDialog } from '../dialogs/CategoryDialog';
import { DeleteCategoryDialog } from '../dialogs/DeleteCategoryDialog';
import { RenameCategoryDialog } from '../dialogs/RenameCategoryDialog';
import { DeleteTagDialog } from '../dialogs/DeleteTagDialog';
import { RenameTagDialog } from '../dialogs/RenameTagDialog';
import { ReadPromptDialog } from '../dialogs/ReadPromptDialog';
import { DeletePromptDialog } from '../dialogs/DeletePromptDialog';
import { DeletePromptsDialog } from '../dialogs/DeletePromptsDialog';
import { PromptFormDialog, type PromptDialogState } from '../dialogs/PromptFormDialog';
import { PromptHistory, type HistoryOf } from '../history/PromptHistory';
import { useLibraryData } from '../hooks/useLibraryData';
import { usePromptCards } from '../hooks/usePromptCards';
import { usePromptMultiSelect } from '../hooks/usePromptMultiSelect';
import { useWholePrompt } from '../hooks/useWholePrompt';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useNotifyFailure } from '../../../shared/hooks/useNotifyFailure';
import { registerSearchPrefetcher } from '../../../shared/search-prefetch';
import {
  libraryApi,
  useCreatePromptMutation,
  useGetLimitsQuery,
  useGetTagsQuery,
  useUpdatePromptMutation,
} from '../library.api';
import { examplePrompts } from '../first-run-examples';
import {
  chooseInitialFilter,
  newPromptOpened,
  editRequestOpened,
  setFilter,
  setSort,
  SORTS,
  setTag,
  setView,
  type PromptFilter,
  type PromptSort,
  type PromptView,
} from '../library.slice';
import { isGeneralKey, listArgsOf } from '../prompt-selection';

const SIDEBAR_WIDTH = 300;
const NO_TAGS: TagSummary[] = [];

/** The library: categories on the side, the chosen prompts in the middle, and their dialogs. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const data = useLibraryData();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const [createPrompt] = useCreatePromptMutation();
  const [addingExamples, setAddingExamples] = useState(false);
  const [updatePrompt] = useUpdatePromptMutation();
  const readWhole = useWholePrompt();
  const limitsQuery = useGetLimitsQuery();
  // Only for the cards' marker: without the list they simply show none.
  const { data: shareLinks } = useListSharesQuery();
  const { filter, tag, sort, view, newPromptRequested, editRequested } = useAppSelector(
    (state) => state.library,
  );
  const { data: tags } = useGetTagsQuery();
  const search = useAppSelector((state) => state.ui.search);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const scrollRef = useRef<HTMLDivElement>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [promptDialog, setPromptDialog] = useState<PromptDialogState>(null);
  const [deletingPrompt, setDeletingPrompt] = useState<PromptCard | Prompt | null>(null);
  const [sharingPrompt, setSharingPrompt] = useState<PromptCard | Prompt | null>(null);
  const [historyOf, setHistoryOf] = useState<HistoryOf | null>(null);
  const [categoryDialogOpen, setCategoryDialogOpen] = useState(false);
  const [deletingCategory, setDeletingCategory] = useState<Category | null>(null);
  const [renamingCategory, setRenamingCategory] = useState<Category | null>(null);
  const [renamingTag, setRenamingTag] = useState<TagSummary | null>(null);
  const [deletingTag, setDeletingTag] = useState<TagSummary | null>(null);

  const loaded = !data.isLoading;
  const { general } = data;
  useEffect(() => {
    if (!loaded) return;
    dispatch(
      chooseInitialFilter(
        data.counts.all === 0 && general ? { kind: 'category', categoryId: general.id } : { kind: 'all' },
      ),
    );
  }, [loaded, data.counts.all, general, dispatch]);

  const listArgs = useMemo(
    () => listArgsOf({ filter, tag, sort, search, general }),
    [filter, tag, sort, search, general],
  );
  const list = usePromptCards(listArgs);
  useEffect(
    () =>
      registerSearchPrefetcher((next) => {
        const args = listArgsOf({ filter, tag, sort, search: next, general });
        dispatch(libraryApi.util.prefetch('getPromptCards', args, {}));
      }),
    [dispatch, filter, tag, sort, general],
  );

  const categoryName = useCallback(
    (key: number | 'temp-general' | null) => {
      if (key === null || isGeneralKey(key, general)) return t('library.filters.general');
      return data.ownCategories.find((category) => category.id === key)?.name ?? t('library.filters.general');
    },
    [general, data.ownCategories, t],
  );
  const categoryNameOf = useCallback(
    (prompt: PromptCard | Prompt) => categoryName(prompt.categoryId),
    [categoryName],
  );
  const sharedIds = useMemo(() => sharedPromptIds(shareLinks), [shareLinks]);
  const isShared = useCallback((prompt: PromptCard) => sharedIds.has(prompt.id), [sharedIds]);

  const heading =
    filter.kind === 'all'
      ? t('library.filters.all')
      : filter.kind === 'favorites'
        ? t('library.filters.favorites')
        : categoryName(filter.categoryId);

  // Stable callbacks: a search re-renders this page, and only the cards should follow.
  const refreshLimits = useCallback(() => void limitsQuery.refetch(), [limitsQuery.refetch]);
  const chooseFilter = useCallback(
    (next: PromptFilter) => {
      dispatch(setFilter(next));
      setDrawerOpen(false);
      scrollRef.current?.scrollTo({ top: 0 });
    },
    [dispatch],
  );
  const showAll = useCallback(() => chooseFilter({ kind: 'all' }), [chooseFilter]);
  const chooseTag = useCallback(
    (next: string | null) => {
      dispatch(setTag(next));
      setDrawerOpen(false);
      scrollRef.current?.scrollTo({ top: 0 });
    },
    [dispatch],
  );
  const clearTag = useCallback(() => chooseTag(null), [chooseTag]);
  // The list follows its tag through a rename (or a merge) and lets it go with a deletion.
  const onTagRenamed = useCallback(
    (from: string, to: string) => {
      if (tag !== null && sameTag(tag, from)) dispatch(setTag(to));
    },
    [tag, dispatch],
  );
  const onTagDeleted = useCallback(
    (name: string) => {
      if (tag !== null && sameTag(tag, name)) dispatch(setTag(null));
    },
    [tag, dispatch],
  );
  const closeRenameTag = useCallback(() => setRenamingTag(null), []);
  const closeDeleteTag = useCallback(() => setDeletingTag(null), []);
  const toolbarTag = useMemo(
    () => (tag === null ? undefined : { name: tag, onClear: clearTag }),
    [tag, clearTag],
  );
  const clearSearch = useCallback(() => dispatch(setSearch('')), [dispatch]);
  const filterCategory = filter.kind === 'category' ? filter.categoryId : null;
  const openNewPrompt = useCallback(() => {
    setDrawerOpen(false);
    setPromptDialog({ mode: 'create', categoryId: filterCategory });
  }, [filterCategory]);
  // Asked for from the command palette, perhaps on another page: opened once the library is here.
  useEffect(() => {
    if (!newPromptRequested || !loaded) return;
    dispatch(newPromptOpened());
    openNewPrompt();
  }, [newPromptRequested, loaded, dispatch, openNewPrompt]);
  const openCategoryDialog = useCallback(() => {
    setDrawerOpen(false);
    setCategoryDialogOpen(true);
  }, []);
  // The dialogs show, edit or copy the whole text, which a card holds only the start of: it is read
  // first, and a read that fails says so.
  const withWhole = useCallback(
    (card: PromptCard, open: (prompt: Prompt) => void) =>
      void readWhole(card).then(open, () =>
        notify({
          title: t('library.loadFailed.title'),
          description: t('library.loadFailed.description'),
          variant: 'error',
        }),
      ),
    [readWhole, notify, t],
  );
  const openDialogWithWhole = useCallback(
    (card: PromptCard, dialogFor: (prompt: Prompt) => PromptDialogState) =>
      withWhole(card, (prompt) => setPromptDialog(dialogFor(prompt))),
    [withWhole],
  );
  const onEdit = useCallback(
    (card: PromptCard) => openDialogWithWhole(card, (prompt) => ({ mode: 'edit', prompt })),
    [openDialogWithWhole],
  );
  // Asked for from the command palette, perhaps on another page.
  useEffect(() => {
    if (!editRequested || !loaded) return;
    dispatch(editRequestOpened());
    onEdit(editRequested);
  }, [editRequested, loaded, dispatch, onEdit]);
  const [readingPrompt, setReadingPrompt] = useState<Prompt | null>(null);
  const onRead = useCallback((card: PromptCard) => withWhole(card, setReadingPrompt), [withWhole]);
  const closeRead = useCallback(() => setReadingPrompt(null), []);
  const editRead = useCallback((prompt: Prompt) => {
    setReadingPrompt(null);
    setPromptDialog({ mode: 'edit', prompt });
  }, []);
  // A copy starts as a new prompt holding the whole text, in the same category, saved only when
  // the user saves it (a free account at its limit gets the limit's panel, as for any new prompt).
  const onDuplicate = useCallback(
    (card: PromptCard) =>
      openDialogWithWhole(card, (prompt) => ({
        mode: 'create',
        categoryId: prompt.categoryId,
        copyOf: prompt,
      })),
    [openDialogWithWhole],
  );
  // Where the card asked to be deleted stands in the list, read as it is asked (see onPromptDeleted).
  const shownCards = useRef(list.cards);
  useEffect(() => {
    shownCards.current = list.cards;
  });
  const deletingAt = useRef(-1);
  const onDelete = useCallback((prompt: PromptCard | Prompt) => {
    deletingAt.current = shownCards.current.findIndex((card) => card.id === prompt.id);
    setDeletingPrompt(prompt);
  }, []);
  const onShare = useCallback((prompt: PromptCard | Prompt) => setSharingPrompt(prompt), []);
  const onHistory = useCallback((card: PromptCard) => setHistoryOf({ id: card.id, title: card.title }), []);
  const closeHistory = useCallback(() => setHistoryOf(null), []);
  // A card dropped onto a category moves its prompt there: an edit of its category alone, made
  // with the whole text read first, as the edit dialog would.
  const onDropPrompt = useCallback(
    async (categoryId: number, promptId: number) => {
      const card = shownCards.current.find((shown) => shown.id === promptId);
      if (!card || card.categoryId === categoryId) return;
      try {
        const whole = await readWhole(card);
        const moved = await updatePrompt({
          id: whole.id,
          title: whole.title,
          content: whole.content,
          categoryId,
        }).unwrap();
        notify({
          title: t('library.move.done', { title: moved.title, category: categoryName(moved.categoryId) }),
          variant: 'success',
        });
      } catch (error) {
        notifyFailure(error, t('library.move.failed'));
      }
    },
    [readWhole, updatePrompt, notify, t, categoryName],
  );
  const closeShare = useCallback(() => setSharingPrompt(null), []);
  // A new order's first page is asked for before React renders the change, as a search's is:
  // rendering the placeholders first put 12–77 ms before the request on a library of 5,000 prompts.
  const shownListArgs = useRef(listArgs);
  useEffect(() => {
    shownListArgs.current = listArgs;
  });
  // Asks for the shown list's first page in another order (nothing when the cache holds it).
  const prefetchOrder = useCallback(
    (sort: PromptSort) =>
      dispatch(libraryApi.util.prefetch('getPromptCards', { ...shownListArgs.current, sort }, {})),
    [dispatch],
  );
  const onSort = useCallback(
    (next: PromptSort) => {
      prefetchOrder(next);
      dispatch(setSort(next));
      // A new order is read from its start.
      scrollRef.current?.scrollTo({ top: 0 });
    },
    [dispatch, prefetchOrder],
  );
  // Opening the sort menu asks for every other order's first page, while the user reads the
  // options: the chosen one is then shown from the cache, without waiting for the server.
  const onSortMenuOpen = useCallback(() => {
    for (const other of SORTS) if (other !== shownListArgs.current.sort) prefetchOrder(other);
  }, [prefetchOrder]);
  const onView = useCallback((next: PromptView) => dispatch(setView(next)), [dispatch]);
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const closePromptDialog = useCallback(() => setPromptDialog(null), []);
  const closeDeletePrompt = useCallback(() => setDeletingPrompt(null), []);
  // After a delete the focus goes to the card that took the deleted one's place, else the one
  // before it, else the list's heading. Left to the dialog, it would go back to the Delete button
  // it came from, which the next card owns once the deleted one is gone (cards keep their slots).
  const [deletedPrompt, setDeletedPrompt] = useState<{ id: number; at: number } | null>(null);
  const onPromptDeleted = useCallback(
    (prompt: PromptCard | Prompt) => setDeletedPrompt({ id: prompt.id, at: deletingAt.current }),
    [],
  );
  useEffect(() => {
    if (!deletedPrompt || deletingPrompt !== null) return;
    if (list.cards.some((card) => card.id === deletedPrompt.id)) return;
    setDeletedPrompt(null);
    const next = list.cards[deletedPrompt.at] ?? list.cards[deletedPrompt.at - 1];
    const target = next
      ? document.getElementById(`prompt-title-${next.id}`)?.closest('article')
      : scrollRef.current?.querySelector('h1');
    target?.focus();
  }, [deletedPrompt, deletingPrompt, list.cards]);
  const multi = usePromptMultiSelect(list.cards, categoryName);
  const gridSelection = useMemo(
    () => (multi.active ? { isSelected: multi.isSelected, onToggle: multi.toggle } : undefined),
    [multi.active, multi.isSelected, multi.toggle],
  );
  const closeCategoryDialog = useCallback(() => setCategoryDialogOpen(false), []);
  const closeDeleteCategory = useCallback(() => setDeletingCategory(null), []);
  const closeRenameCategory = useCallback(() => setRenamingCategory(null), []);
  const onCategoryDeleted = useCallback(
    (category: Category) => {
      if (filterCategory === category.id) dispatch(setFilter({ kind: 'all' }));
    },
    [filterCategory, dispatch],
  );
  const allCategories = useMemo(
    () => (data.general ? [data.general, ...data.ownCategories] : data.ownCategories),
    [data.general, data.ownCategories],
  );

  const sidebar = (
    <Sidebar
      data={data}
      limits={limitsQuery.data}
      filter={filter}
      onFilter={chooseFilter}
      tag={tag}
      onTag={chooseTag}
      onRenameTag={setRenamingTag}
      onDeleteTag={setDeletingTag}
      onNewPrompt={openNewPrompt}
      onAddCategory={openCategoryDialog}
      onRenameCategory={setRenamingCategory}
      onDeleteCategory={setDeletingCategory}
      onDropPrompt={onDropPrompt}
    />
  );

  // A new account may start from examples, made one after another in General as any new prompt.
  const addExamples = async () => {
    setAddingExamples(true);
    try {
      for (const example of examplePrompts(i18n.resolvedLanguage))
        await createPrompt({ ...example, categoryId: data.general?.id ?? null }).unwrap();
      notify({
        title: t('library.firstRun.added.title'),
        description: t('library.firstRun.added.description'),
        variant: 'success',
      });
    } catch (error) {
      notifyFailure(error, t('library.firstRun.failed'));
    } finally {
      setAddingExamples(false);
    }
  };
  const firstRun =
    data.counts.all === 0 && search.trim() === ''
      ? { onAddExamples: () => void addExamples(), adding: addingExamples }
      : undefined;

  // SPEC's two sentences where they hold (no prompt at all, none in a category); a favourite not
  // yet marked, a search without a match and a tag no prompt of the list carries say so, with
  // their own way back to the prompts.
  const emptyList: EmptyList =
    search.trim() !== '' && data.counts.all > 0
      ? { kind: 'search', search: search.trim() }
      : tag !== null && data.counts.all > 0
        ? { kind: 'tag', tag }
        : filter.kind === 'favorites' && data.counts.all > 0
          ? { kind: 'favorites' }
          : filter.kind === 'category'
            ? { kind: 'category', name: heading }
            : { kind: 'none' };

  return (
    <Box sx={{ display: 'flex', flexGrow: 1, minHeight: 0 }}>
      {wide ? (
        <Box
          sx={{
            width: SIDEBAR_WIDTH,
            flexShrink: 0,
            borderRight: 1,
            borderColor: 'divider',
            overflowY: 'auto',
          }}
        >
          {sidebar}
        </Box>
      ) : (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}
        >
          {sidebar}
        </Drawer>
      )}
      <Box
        component="main"
        ref={scrollRef}
        // Below the list, room for the floating New Prompt button not to cover the last card's buttons.
        sx={{
          flexGrow: 1,
          minWidth: 0,
          overflowY: 'auto',
          p: { xs: 2, md: 3 },
          pb: wide ? { xs: 2, md: 3 } : { xs: 11 },
        }}
      >
        <PromptToolbar
          heading={heading}
          tag={toolbarTag}
          shown={data.isLoading || list.isStale ? null : list.total}
          shownAtLeast={list.atLeast}
          sort={sort}
          view={view}
          onSort={onSort}
          onSortMenuOpen={onSortMenuOpen}
          onView={onView}
          onOpenCategories={wide ? undefined : openDrawer}
          onSelect={multi.active || list.cards.length === 0 ? undefined : multi.start}
        />
        {multi.active ? (
          <SelectionBar selection={multi} categories={allCategories} categoryName={categoryName} />
        ) : null}
        {data.isLoading || list.isLoading ? (
          <PromptSkeletons />
        ) : list.cards.length === 0 && !list.hasMore ? (
          list.isStale ? null : (
            <EmptyState
              list={emptyList}
              onCreate={openNewPrompt}
              onShowAll={showAll}
              onClearSearch={clearSearch}
              onClearTag={clearTag}
              firstRun={firstRun}
            />
          )
        ) : (
          <PromptGrid
            prompts={list.cards}
            hasMore={list.hasMore}
            moreFailed={list.moreFailed}
            onLoadMore={list.loadMore}
            view={view}
            scrollElement={scrollRef}
            categoryNameOf={categoryNameOf}
            isShared={isShared}
            onEdit={onEdit}
            onHistory={onHistory}
            onShare={onShare}
            onRead={onRead}
            onDuplicate={onDuplicate}
            onDelete={onDelete}
            onTag={chooseTag}
            activeTag={tag}
            selection={gridSelection}
          />
        )}
      </Box>

      {wide ? null : (
        // Without the sidebar in view, New Prompt floats over the list where a thumb reaches it.
        <Fab
          id="new-prompt-fab"
          variant="extended"
          color="primary"
          disabled={limitsQuery.data === undefined}
          onClick={openNewPrompt}
          sx={{ position: 'fixed', right: 16, bottom: 16 }}
        >
          <Add sx={{ mr: 1 }} />
          {t('library.newPrompt')}
        </Fab>
      )}
      <PromptFormDialog
        state={promptDialog}
        data={data}
        limits={limitsQuery.data}
        onRefreshLimits={refreshLimits}
        onShare={onShare}
        onClose={closePromptDialog}
      />
      <ReadPromptDialog
        prompt={readingPrompt}
        categoryName={categoryNameOf}
        onEdit={editRead}
        onClose={closeRead}
      />
      <ShareDialog prompt={sharingPrompt} onClose={closeShare} />
      <PromptHistory prompt={historyOf} onClose={closeHistory} />
      <DeletePromptDialog prompt={deletingPrompt} onClose={closeDeletePrompt} onDeleted={onPromptDeleted} />
      <DeletePromptsDialog selection={multi} />
      <CategoryDialog
        open={categoryDialogOpen}
        categories={allCategories}
        ownCategories={data.ownCategories}
        limits={limitsQuery.data}
        onRefreshLimits={refreshLimits}
        onClose={closeCategoryDialog}
      />
      <RenameCategoryDialog
        category={renamingCategory}
        categories={allCategories}
        onClose={closeRenameCategory}
      />
      <RenameTagDialog
        tag={renamingTag}
        tags={tags ?? NO_TAGS}
        onRenamed={onTagRenamed}
        onClose={closeRenameTag}
      />
      <DeleteTagDialog tag={deletingTag} onDeleted={onTagDeleted} onClose={closeDeleteTag} />
      <DeleteCategoryDialog
        category={deletingCategory}
        promptCount={deletingCategory ? (data.counts.byCategory.get(deletingCategory.id) ?? 0) : 0}
        onDeleted={onCategoryDeleted}
        onClose={closeDeleteCategory}
      />
    </Box>
  );
}
