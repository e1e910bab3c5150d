import type { TFunction } from 'i18next';

// Stands for the title (or tag) while a label is translated once; a title cannot hold it.
const MARK = '\u0000';

/** A translated label with the prompt's title (or a tag) put in later, as i18next would. */
export type NamedLabel = (name: string) => string;

function named(t: TFunction, key: string, variable: 'title' | 'tag'): NamedLabel {
  const parts = t(key, { [variable]: MARK }).split(MARK);
  // Joined rather than replaced: a title holding "$&" is put in as written.
  return (name) => parts.join(name);
}

/**
 * A card's labels in the current language, translated once per card instead of on every render.
 * A search renders every card in view again with another prompt, and i18next's `t()` was most of a
 * card's own render time: about 15 calls a card, each looking the key up and interpolating anew.
 * Plurals (the uses, the hidden tags) are still asked of `t()`, which knows each language's forms.
 */
export function cardLabels(t: TFunction) {
  return {
    favoriteAdd: t('library.favorite.add'),
    favoriteRemove: t('library.favorite.remove'),
    sharedMarker: t('library.share.marker'),
    copied: t('library.copy.copied'),
    copy: t('library.copy.label'),
    edit: t('library.card.edit'),
    history: t('library.card.history'),
    share: t('library.share.button'),
    duplicate: t('library.card.duplicate'),
    delete: t('library.card.delete'),
    tags: t('library.tags.onCard'),
    select: named(t, 'library.selection.checkbox', 'title'),
    read: named(t, 'library.card.readNamed', 'title'),
    copyNamed: named(t, 'library.copy.button', 'title'),
    editNamed: named(t, 'library.card.editNamed', 'title'),
    historyNamed: named(t, 'library.card.historyNamed', 'title'),
    shareNamed: named(t, 'library.share.buttonNamed', 'title'),
    duplicateNamed: named(t, 'library.card.duplicateNamed', 'title'),
    deleteNamed: named(t, 'library.card.deleteNamed', 'title'),
    filterByTag: named(t, 'library.tags.filterBy', 'tag'),
    openIn: t('templates.openIn.button'),
    openInNamed: named(t, 'templates.openIn.buttonNamed', 'title'),
  };
}

export type CardLabels = ReturnType<typeof cardLabels>;
