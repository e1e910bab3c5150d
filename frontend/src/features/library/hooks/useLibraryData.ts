import type { Category, Prompt } from '@promptlib/proto';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useGetCategoriesQuery, useGetPromptsQuery } from '../library.api';
import { countPrompts, isGeneral, type CategoryCounts } from '../prompt-selection';

// With no category at all after loading, the list is asked for once more a second later.
const CATEGORY_RETRY_MS = 1_000;

export type LibraryData = {
  prompts: Prompt[];
  general: Category | null;
  ownCategories: Category[];
  knownCategoryIds: Set<number>;
  counts: CategoryCounts;
  isLoading: boolean;
  refetchCategories: () => void;
};

/** The signed-in user's prompts and categories, as the dashboard needs them. */
export function useLibraryData(): LibraryData {
  const { t } = useTranslation();
  const notify = useNotify();
  const prompts = useGetPromptsQuery();
  const categories = useGetCategoriesQuery();
  const retried = useRef(false);

  const empty = categories.isSuccess && categories.data.length === 0;
  const refetchCategories = categories.refetch;
  useEffect(() => {
    if (!empty || retried.current) return;
    retried.current = true;
    const timer = setTimeout(() => void refetchCategories(), CATEGORY_RETRY_MS);
    return () => clearTimeout(timer);
  }, [empty, refetchCategories]);

  const failed = prompts.isError || categories.isError;
  useEffect(() => {
    if (failed)
      notify({
        title: t('library.loadFailed.title'),
        description: t('library.loadFailed.description'),
        variant: 'error',
      });
  }, [failed, notify, t]);

  return useMemo(() => {
    const list = categories.data ?? [];
    const general = list.find(isGeneral) ?? null;
    const ownCategories = list
      .filter((category) => !isGeneral(category))
      .sort((a, b) => a.position - b.position || a.id - b.id);
    const knownCategoryIds = new Set(list.map((category) => category.id));
    const promptList = prompts.data ?? [];
    return {
      prompts: promptList,
      general,
      ownCategories,
      knownCategoryIds,
      counts: countPrompts(promptList, general, knownCategoryIds),
      isLoading: prompts.isLoading || categories.isLoading,
      refetchCategories: () => void refetchCategories(),
    };
  }, [prompts.data, prompts.isLoading, categories.data, categories.isLoading, refetchCategories]);
}
