/** The API version the sandbox speaks: that of the SDK billing uses. */
export const API_VERSION = '2026-10-28.endive';
