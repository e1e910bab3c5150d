import { PROMPT_BULK_MAX_IDS, type Category, type PromptCard } from '@promptlib/proto';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useNotifyFailure } from '../../../shared/hooks/useNotifyFailure';
import { useDeletePromptsMutation, useMovePromptsMutation } from '../library.api';
import {
  NOTHING_SELECTED,
  selectAll,
  toggleSelected,
  type MultiSelection,
  type SelectionChange,
} from '../prompt-multi-select';
import { useDeletionNotice } from './useDeletionNotice';

export type PromptMultiSelect = ReturnType<typeof usePromptMultiSelect>;

/**
 * Selecting many prompts to move or delete them in one go. "Select" turns the cards' checkboxes on;
 * a click flips one, a Shift-click a range of the list as shown. A delete can be undone from its
 * notice; a move says where the prompts went. The selection is cleared by either, and selection
 * mode ends with Done or Escape.
 */
export function usePromptMultiSelect(
  cards: PromptCard[],
  categoryName: (categoryId: number | null) => string,
) {
  const { t } = useTranslation();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const noticeOfDeletion = useDeletionNotice();
  const [deletePrompts, deleting] = useDeletePromptsMutation();
  const [movePrompts, moving] = useMovePromptsMutation();
  const [active, setActive] = useState(false);
  const [selection, setSelection] = useState<MultiSelection>(NOTHING_SELECTED);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // Read when a checkbox is clicked, so the cards' handlers stay the same while the list grows.
  const order = useRef<number[]>([]);
  order.current = useMemo(() => cards.map((card) => card.id), [cards]);
  const selectionRef = useRef(selection);
  selectionRef.current = selection;

  const apply = useCallback(
    ({ selection: next, capped }: SelectionChange) => {
      setSelection(next);
      if (capped)
        notify({ title: t('library.selection.atMost', { max: PROMPT_BULK_MAX_IDS }), variant: 'warning' });
    },
    [notify, t],
  );
  const start = useCallback(() => setActive(true), []);
  const finish = useCallback(() => {
    setActive(false);
    setSelection(NOTHING_SELECTED);
  }, []);
  const clear = useCallback(() => setSelection(NOTHING_SELECTED), []);
  const toggle = useCallback(
    (prompt: PromptCard, range: boolean) =>
      apply(toggleSelected(selectionRef.current, prompt.id, range, order.current)),
    [apply],
  );
  const all = useCallback(() => apply(selectAll(selectionRef.current, order.current)), [apply]);
  const isSelected = useCallback((prompt: PromptCard) => selection.ids.has(prompt.id), [selection]);

  // Escape ends selection mode, unless a dialog or menu has it for itself.
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (
        event.key !== 'Escape' ||
        event.defaultPrevented ||
        target?.closest('[role="dialog"], [role="menu"]')
      )
        return;
      finish();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, finish]);

  const ids = () => [...selectionRef.current.ids];

  const confirmDelete = async () => {
    try {
      const { promptIds } = await deletePrompts(ids()).unwrap();
      setConfirmingDelete(false);
      clear();
      noticeOfDeletion({ title: t('library.selection.deleted', { count: promptIds.length }) }, { promptIds });
    } catch (error) {
      notifyFailure(error, t('library.selection.deleteFailed'));
    }
  };

  const moveTo = async (category: Category) => {
    try {
      const { promptIds } = await movePrompts({ promptIds: ids(), categoryId: category.id }).unwrap();
      clear();
      notify({
        title: t('library.selection.moved', { count: promptIds.length, category: categoryName(category.id) }),
        variant: 'success',
      });
    } catch (error) {
      notifyFailure(error, t('library.selection.moveFailed'));
    }
  };

  return {
    active,
    count: selection.ids.size,
    start,
    finish,
    clear,
    toggle,
    selectAll: all,
    isSelected,
    moving: moving.isLoading,
    moveTo: (category: Category) => void moveTo(category),
    askDelete: () => setConfirmingDelete(true),
    delete: {
      open: confirmingDelete,
      busy: deleting.isLoading,
      confirm: () => void confirmDelete(),
      close: () => setConfirmingDelete(false),
    },
  };
}
