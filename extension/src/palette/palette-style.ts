/**
 * The palette's look, inside its own shadow root: the page's styles cannot reach it, and it is a
 * constructed stylesheet, which a page's Content-Security-Policy for styles does not block.
 */
export const PALETTE_CSS = `
:host { all: initial; }
.backdrop {
  position: fixed; inset: 0; z-index: 2147483647; display: flex; justify-content: center;
  align-items: flex-start; padding-top: 12vh; background: rgba(15, 18, 25, 0.35);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1d24;
}
.panel {
  width: min(560px, calc(100vw - 24px)); max-height: 70vh; overflow: auto; box-sizing: border-box;
  background: #fff; border-radius: 12px; box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3); padding: 12px;
}
@media (prefers-color-scheme: dark) {
  .panel { background: #1a1d24; color: #e8eaf0; }
  input, textarea, select { background: #111318; color: #e8eaf0; border-color: #4a5060; }
  .result[aria-selected="true"] { background: #2a3550; }
  .hint, .preview { color: #aab0bd; }
}
h2 { font-size: 15px; margin: 0 0 8px; }
label { display: block; font-weight: 600; margin: 8px 0 4px; }
input, textarea, select {
  width: 100%; box-sizing: border-box; font: inherit; padding: 8px 10px; border: 1px solid #c4c8d2;
  border-radius: 8px; background: #fff; color: inherit;
}
textarea { min-height: 80px; resize: vertical; }
input:focus-visible, textarea:focus-visible, select:focus-visible, button:focus-visible {
  outline: 2px solid #3451b2; outline-offset: 1px;
}
ul { list-style: none; margin: 8px 0 0; padding: 0; }
.result { padding: 8px 10px; border-radius: 8px; cursor: pointer; }
.result[aria-selected="true"] { background: #e6ebfa; }
.title { font-weight: 600; display: block; }
.preview { color: #5a6070; display: block; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.hint { color: #5a6070; font-size: 12px; margin-top: 8px; }
.problem { color: #b3261e; margin-top: 8px; }
.actions { display: flex; gap: 8px; justify-content: flex-end; margin-top: 12px; }
button {
  font: inherit; font-weight: 600; padding: 7px 14px; border-radius: 8px; border: 1px solid #3451b2;
  background: transparent; color: inherit; cursor: pointer;
}
button.primary { background: #3451b2; color: #fff; }
button:disabled { opacity: 0.6; cursor: default; }
`;
