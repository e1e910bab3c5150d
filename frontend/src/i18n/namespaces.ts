/**
 * The translation files loaded apart from what every screen needs: the signed-in library's, and the
 * templates' (the fill dialog and the words that mark typed blanks, automatic values and includes
 * in a template's text, in the library and on a shared page). Kept apart from the i18n
 * setup so that a lazily loaded screen can name them without importing the setup, which made the
 * bundler split the API slice out of the entry file into one more download for every first visit.
 */
export const LIBRARY_NAMESPACE = 'library';
export const FILL_NAMESPACE = 'fill';
