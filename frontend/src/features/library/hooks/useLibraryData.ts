import type { Category } from '@promptlib/proto';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useGetCategoriesQuery, useGetPromptCountsQuery } from '../library.api';
import { isGeneral, sidebarCounts, type CategoryCounts } from '../prompt-selection';

// With no category at all after loading, the list is asked for once more a second later.
const CATEGORY_RETRY_MS = 1_000;

export type LibraryData = {
  general: Category | null;
  ownCategories: Category[];
  knownCategoryIds: Set<number>;
  counts: CategoryCounts;
  isLoading: boolean;
  refetchCategories: () => void;
};

/** The signed-in user's categories and how many prompts each holds; the prompts themselves come a page at a time. */
export function useLibraryData(): LibraryData {
  const { t } = useTranslation();
  const notify = useNotify();
  const counts = useGetPromptCountsQuery();
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

  const failed = counts.isError || categories.isError;
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
    return {
      general,
      ownCategories,
      knownCategoryIds,
      counts: sidebarCounts(counts.data, general, knownCategoryIds),
      isLoading: counts.isLoading || categories.isLoading,
      refetchCategories: () => void refetchCategories(),
    };
  }, [counts.data, counts.isLoading, categories.data, categories.isLoading, refetchCategories]);
}
