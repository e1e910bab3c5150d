export * from './account-export';
export * from './auth';
export * from './billing';
export * from './config';
export * from './contracts';
export * from './error-codes';
export * from './errors';
export * from './events';
export * from './dead-letters';
export * from './library';
export * from './live';
export * from './prompt-cards';
export * from './prompt-versions';
export * from './tags';
export * from './api-keys';
export * from './api-key-rules';
export * from './limits';
export * from './messages';
export * from './namespace';
export * from './sharing';
export * from './subjects';
export * from './user';
export * from './text';
export * from './text-rules';
export * from './tag-rules';
export * from './templates';
export * from './bus-access';
export * from './store-access';
// The library file formats: what an export writes and an import reads, and how an import travels.
export * from './library-file/format';
export { parseCsv, toCsv } from './library-file/csv';
export { CSV_COLUMNS, csvPlan, libraryCsv } from './library-file/library-csv';
export { jsonPlan, libraryFile, libraryJson, type StoredLibrary } from './library-file/library-json';
export {
  isMarkdownPath,
  markdownFiles,
  markdownPlan,
  type MarkdownFile,
} from './library-file/library-markdown';
export { importPlan } from './library-file/import-plan';
export {
  ImportFileError,
  promptsOutsideGeneral,
  type ImportFileProblem,
  type ImportPlan,
} from './library-file/plan';
export {
  importPages,
  noteImported,
  pageBody,
  type PlannedHistory,
  type PlannedPage,
} from './library-file/import-pages';
export { readLibrary, type GetJson } from './library-file/read-library';
export * from './extension-connect';
