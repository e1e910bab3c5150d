/**
 * The translation file of the signed-in library. Kept apart from the i18n setup so that a lazily
 * loaded screen can name it without importing the setup, which made the bundler split the API slice
 * out of the entry file into one more download for every first visit.
 */
export const LIBRARY_NAMESPACE = 'library';
