import {
  blankProblems,
  composeReading,
  fillTemplate,
  initialValues,
  type ParsedTemplate,
  type TemplateValues,
  type TemplateVariable,
} from '@promptlib/proto/templates';
import type {
  FoundPrompt,
  FullPrompt,
  PaletteAnswers,
  PaletteCommand,
  PaletteRequest,
} from '../shared/messages';
import { captureCaret, insertAtCaret, type Caret } from './caret';
import { PALETTE_CSS } from './palette-style';
import { t, type MessageName } from '../shared/i18n';

// Fast enough to feel live while typing, slow enough not to ask the server for every letter.
const SEARCH_DEBOUNCE_MS = 150;
// How long a closing message (copied, saved) stays before the palette goes.
const FAREWELL_MS = 1_500;
const TITLE_SUGGESTION_CHARS = 80;

const blankProblemText = {
  required: 'blankRequired',
  number: 'blankNumber',
  date: 'blankDate',
} as const satisfies Record<string, MessageName>;

function ask<R extends PaletteRequest>(request: R): Promise<PaletteAnswers[R['type']]> {
  return chrome.runtime.sendMessage(request);
}

/** An element with attributes and children, in a few words. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/**
 * The palette over a page: search the library, pick with the keyboard, fill the blanks, and the
 * text goes where the user was typing (copied when nowhere). It lives in a closed shadow root, so
 * neither the page's styles nor its scripts reach into it.
 */
class Palette {
  private host: HTMLElement | null = null;
  private panel: HTMLElement | null = null;
  private caret: Caret | null = null;
  private searchTimer: ReturnType<typeof setTimeout> | undefined;
  private searchSeq = 0;

  open(command: PaletteCommand): void {
    if (this.host) this.close(false);
    else this.caret = captureCaret(document);
    const host = el('div', { 'data-prompt-library': 'palette' });
    const root = host.attachShadow({ mode: 'closed' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(PALETTE_CSS);
    root.adoptedStyleSheets = [sheet];
    const panel = el('div', {
      class: 'panel',
      role: 'dialog',
      'aria-modal': 'true',
      'aria-label': t('extensionName'),
    });
    const backdrop = el('div', { class: 'backdrop' }, panel);
    backdrop.addEventListener('mousedown', (event) => {
      if (event.target === backdrop) this.close();
    });
    panel.addEventListener('keydown', (event) => {
      // The page must not act on keys typed into the palette (its own shortcuts, say).
      event.stopPropagation();
      if (event.key === 'Escape') {
        event.preventDefault();
        this.close();
      }
    });
    root.append(backdrop);
    document.documentElement.append(host);
    this.host = host;
    this.panel = panel;
    if (command.type === 'save') this.showSave(command.selection);
    else this.showSearch();
  }

  /** Takes the palette away; the field the user was in gets the focus back. */
  close(refocus = true): void {
    clearTimeout(this.searchTimer);
    this.host?.remove();
    this.host = null;
    this.panel = null;
    if (refocus && this.caret?.element.isConnected) this.caret.element.focus();
  }

  private show(...children: (Node | string)[]): void {
    this.panel?.replaceChildren(...children);
  }

  private showSearch(): void {
    const input = el('input', {
      type: 'text',
      role: 'combobox',
      'aria-label': t('searchPrompts'),
      'aria-controls': 'results',
      'aria-expanded': 'true',
      'aria-autocomplete': 'list',
      placeholder: t('searchPrompts'),
      autocomplete: 'off',
      spellcheck: 'false',
    });
    const list = el('ul', { id: 'results', role: 'listbox', 'aria-label': t('resultsLabel') });
    const status = el('div', { class: 'hint', role: 'status' });
    let found: FoundPrompt[] = [];
    let selected = 0;

    const render = () => {
      list.replaceChildren(
        ...found.map((prompt, index) => {
          const item = el(
            'li',
            {
              class: 'result',
              role: 'option',
              id: `result-${index}`,
              'aria-selected': String(index === selected),
            },
            el('span', { class: 'title' }, prompt.title),
            el('span', { class: 'preview' }, prompt.preview.replace(/\s+/g, ' ')),
          );
          item.addEventListener('mousedown', (event) => {
            event.preventDefault();
            void this.choose(prompt);
          });
          return item;
        }),
      );
      if (found.length > 0) input.setAttribute('aria-activedescendant', `result-${selected}`);
      else input.removeAttribute('aria-activedescendant');
    };

    const search = async (query: string) => {
      const seq = ++this.searchSeq;
      status.textContent = t('searching');
      const answer = await ask({ type: 'search', query });
      if (seq !== this.searchSeq) return;
      if (!answer.ok) {
        found = [];
        render();
        status.textContent = answer.message;
        status.className = 'problem';
        return;
      }
      found = answer.prompts;
      selected = 0;
      render();
      status.className = 'hint';
      status.textContent =
        found.length === 0 ? (query.trim() === '' ? t('libraryEmpty') : t('noMatch')) : t('searchHint');
    };

    input.addEventListener('input', () => {
      clearTimeout(this.searchTimer);
      this.searchTimer = setTimeout(() => void search(input.value), SEARCH_DEBOUNCE_MS);
    });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        if (found.length === 0) return;
        selected = (selected + (event.key === 'ArrowDown' ? 1 : found.length - 1)) % found.length;
        render();
      } else if (event.key === 'Enter') {
        event.preventDefault();
        const chosen = found[selected];
        if (chosen) void this.choose(chosen);
      }
    });
    this.show(el('h2', {}, t('insertHeading')), input, list, status);
    input.focus();
    void search('');
  }

  private async choose(found: FoundPrompt): Promise<void> {
    this.show(el('div', { class: 'hint', role: 'status' }, t('opening', found.title)));
    const answer = await ask({ type: 'prompt', id: found.id });
    if (!answer.ok) return this.showProblem(answer.message);
    if (!answer.prompt) return this.showProblem(t('promptGone', found.title));
    const template = await this.composed(answer.prompt).catch((error: Error) => error);
    if (template instanceof Error) return this.showProblem(template.message);
    if (template.variables.length === 0) return this.deliver(answer.prompt, fillTemplate(template, {}));
    this.showFill(answer.prompt, template);
  }

  /** The prompt's template with the prompts it includes read in, as the app composes it. */
  private composed(prompt: FullPrompt): Promise<ParsedTemplate> {
    return composeReading(prompt.id, prompt.content, async (id) => {
      const answer = await ask({ type: 'prompt', id });
      if (!answer.ok) throw new Error(answer.message);
      return answer.prompt?.content ?? null;
    });
  }

  private showFill(prompt: FullPrompt, template: ParsedTemplate): void {
    const now = new Date();
    const values: TemplateValues = initialValues(
      template,
      {},
      {
        date: now.toLocaleDateString(),
        time: now.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }),
        clipboard: '',
      },
    );
    const problems = new Map<string, HTMLElement>();
    // Once an insert was refused, each problem goes as soon as its blank is put right.
    let tried = false;
    const showProblems = () => {
      const wrong = blankProblems(template, values);
      for (const [name, element] of problems) {
        const found = wrong.find((each) => each.name === name);
        element.textContent = found ? t(blankProblemText[found.problem]) : '';
      }
      return wrong;
    };
    const fields = template.variables.map((variable, index) => {
      const id = `blank-${index}`;
      const control = this.blankControl(variable, id, values);
      control.addEventListener('input', () => {
        if (tried) showProblems();
      });
      const problem = el('div', { class: 'problem', id: `${id}-problem`, 'aria-live': 'polite' });
      problems.set(variable.name, problem);
      control.setAttribute('aria-describedby', problem.id);
      return el('div', {}, el('label', { for: id }, variable.name), control, problem);
    });
    const insert = el('button', { type: 'submit', class: 'primary' }, this.caret ? t('insert') : t('copy'));
    const cancel = el('button', { type: 'button' }, t('cancel'));
    cancel.addEventListener('click', () => this.close());
    const form = el('form', {}, ...fields, el('div', { class: 'actions' }, cancel, insert));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      tried = true;
      const first = showProblems()[0];
      if (first) {
        const index = template.variables.findIndex((variable) => variable.name === first.name);
        form.querySelector<HTMLElement>(`#blank-${index}`)?.focus();
        return;
      }
      void this.deliver(prompt, fillTemplate(template, values));
    });
    form.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
    this.show(el('h2', {}, prompt.title), form);
    form.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }

  private blankControl(variable: TemplateVariable, id: string, values: TemplateValues): HTMLElement {
    const set = (value: string) => {
      values[variable.name] = value;
    };
    const value = values[variable.name] ?? '';
    if (variable.kind === 'choice') {
      const options = variable.optional ? ['', ...variable.options] : variable.options;
      const select = el(
        'select',
        { id },
        ...options.map((option) => el('option', { value: option }, option || '—')),
      );
      select.value = value;
      select.addEventListener('change', () => set(select.value));
      return select;
    }
    if (variable.kind === 'long') {
      const area = el('textarea', { id });
      area.value = value;
      area.addEventListener('input', () => set(area.value));
      return area;
    }
    const type = variable.kind === 'date' ? 'date' : 'text';
    const input = el('input', { id, type, autocomplete: 'off' });
    if (variable.kind === 'number') input.inputMode = 'decimal';
    input.value = value;
    input.addEventListener('input', () => set(input.value));
    return input;
  }

  /** The text goes where the user was typing, else to the clipboard; the use is counted either way. */
  private async deliver(prompt: FullPrompt, text: string): Promise<void> {
    const caret = this.caret;
    void ask({ type: 'used', id: prompt.id });
    if (caret && caret.element.isConnected) {
      this.close(false);
      insertAtCaret(caret, text);
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      this.farewell(t('copiedNoField', prompt.title));
    } catch {
      this.showProblem(t('copyFailed'));
    }
  }

  private showSave(selection: string): void {
    const text = selection.trim();
    const title = el('input', { id: 'save-title', type: 'text', autocomplete: 'off' });
    title.value = (text.split('\n')[0] ?? '').trim().slice(0, TITLE_SUGGESTION_CHARS);
    const content = el('textarea', { id: 'save-content' });
    content.value = text;
    const problem = el('div', { class: 'problem', role: 'alert' });
    const save = el('button', { type: 'submit', class: 'primary' }, t('save'));
    const cancel = el('button', { type: 'button' }, t('cancel'));
    cancel.addEventListener('click', () => this.close());
    const form = el(
      'form',
      {},
      el('label', { for: 'save-title' }, t('title')),
      title,
      el('label', { for: 'save-content' }, t('text')),
      content,
      problem,
      el('div', { class: 'actions' }, cancel, save),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      save.disabled = true;
      save.textContent = t('saving');
      void ask({ type: 'save', title: title.value, content: content.value }).then((answer) => {
        if (answer.ok) return this.farewell(t('savedAs', answer.title));
        problem.textContent = answer.message;
        save.disabled = false;
        save.textContent = t('save');
      });
    });
    this.show(el('h2', {}, t('saveSelection')), form);
    title.focus();
    title.select();
  }

  private showProblem(message: string): void {
    const close = el('button', { type: 'button' }, t('close'));
    close.addEventListener('click', () => this.close());
    this.show(
      el('div', { class: 'problem', role: 'alert' }, message),
      el('div', { class: 'actions' }, close),
    );
    close.focus();
  }

  private farewell(message: string): void {
    this.show(el('div', { role: 'status' }, message));
    setTimeout(() => this.close(), FAREWELL_MS);
  }
}

// The script is put into a tab each time the user opens the palette: one palette per tab.
const tab = globalThis as { promptLibraryPalette?: Palette };
if (!tab.promptLibraryPalette) {
  const palette = new Palette();
  tab.promptLibraryPalette = palette;
  chrome.runtime.onMessage.addListener((command: PaletteCommand, sender) => {
    if (sender.id === chrome.runtime.id) palette.open(command);
    return false;
  });
}
