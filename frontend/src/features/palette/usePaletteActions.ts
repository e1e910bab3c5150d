import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { openAppDialog, toggleDarkMode, type AppDialog } from '../../app/ui.slice';
import { languages } from '../../i18n';
import { useSignOut } from '../auth/hooks/useSignOut';
import type { LibraryData } from '../library/hooks/useLibraryData';
import { useGetLimitsQuery } from '../library/library.api';
import { requestNewPrompt, setFilter, TEMP_GENERAL_ID, type PromptFilter } from '../library/library.slice';

export type PaletteAction = { id: string; label: string; run: () => void };

/** What the palette can do besides copying a prompt, each named as the user would ask for it. */
export function usePaletteActions(data: LibraryData): PaletteAction[] {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const darkMode = useAppSelector((state) => state.ui.darkMode);
  const { data: limits } = useGetLimitsQuery();
  const isPro = limits?.isPro ?? false;
  const { signOut } = useSignOut();

  return useMemo(() => {
    const goTo = (id: string, name: string, filter: PromptFilter): PaletteAction => ({
      id,
      label: t('palette.action.goTo', { category: name }),
      run: () => {
        dispatch(setFilter(filter));
        navigate('/');
      },
    });
    const dialog = (id: string, label: string, which: AppDialog): PaletteAction => ({
      id,
      label,
      run: () => dispatch(openAppDialog(which)),
    });
    const actions: PaletteAction[] = [
      {
        id: 'new-prompt',
        label: t('palette.action.newPrompt'),
        run: () => {
          dispatch(requestNewPrompt());
          navigate('/');
        },
      },
      goTo('go-all', t('library.filters.all'), { kind: 'all' }),
      goTo('go-favorites', t('library.filters.favorites'), { kind: 'favorites' }),
      goTo('go-general', t('library.filters.general'), {
        kind: 'category',
        categoryId: data.general?.id ?? TEMP_GENERAL_ID,
      }),
      ...data.ownCategories.map((category) =>
        goTo(`go-${category.id}`, category.name, { kind: 'category', categoryId: category.id }),
      ),
      {
        id: 'theme',
        label: darkMode ? t('palette.action.lightTheme') : t('palette.action.darkTheme'),
        run: () => dispatch(toggleDarkMode()),
      },
      ...languages
        .filter((language) => language.code !== i18n.resolvedLanguage)
        .map((language) => ({
          id: `language-${language.code}`,
          label: t('palette.action.language', { language: language.label }),
          run: () => void i18n.changeLanguage(language.code),
        })),
      dialog('shared-links', t('library.sharedLinks.menu'), 'sharedLinks'),
      dialog('export', t('transfer.export.menu'), 'export'),
      dialog('import', t('transfer.import.menu'), 'import'),
      dialog('shortcuts', t('shortcuts.menu'), 'shortcuts'),
      { id: 'logout', label: t('header.logout'), run: () => void signOut() },
    ];
    if (!isPro) {
      actions.push({ id: 'upgrade', label: t('header.upgrade'), run: () => navigate('/subscribe') });
    }
    return actions;
  }, [t, i18n, dispatch, navigate, darkMode, isPro, signOut, data.general, data.ownCategories]);
}
