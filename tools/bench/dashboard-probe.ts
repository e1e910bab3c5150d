/// <reference lib="dom" />
// `installProbe` runs inside the page, not in Node: Playwright sends its source text, so it must stay
// self-contained (no imports, no names from this module). It is the one DOM-typed code in the bench.

export type Span = { start: number; duration: number };

/** One response the page read: the document, its code, or the API. Times on the page's clock. */
export type Fetched = {
  /** Path and query, e.g. /api/prompts/cards?sort=recent&limit=50. */
  path: string;
  /** The library's data (/api/…) or the app's own files (HTML, JS, CSS, fonts, icons). */
  kind: 'api' | 'app';
  startTime: number;
  responseStart: number;
  responseEnd: number;
  /** The body as it came over the wire (gzip where the server compressed it) and unpacked. */
  encodedBytes: number;
  decodedBytes: number;
};

/** A script in a long frame: what ran it and where from (`file`: its script's file name, '' when none). */
export type ScriptAttribution = { source: string; file: string; duration: number; forcedLayout: number };

/** A long animation frame (Chromium's LoAF entry), kept for finding what held the main thread. */
export type SlowFrame = Span & {
  blocking: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: ScriptAttribution[];
};

/** The page's load on its own clock, whose zero is the navigation's start. */
export type LoadTimeline = {
  fetched: Fetched[];
  firstCardInDom: number | null;
  firstCardPainted: number | null;
};

/** What the main thread did during a run: React commits, long tasks and long frames, on the page's clock. */
export type MainThread = { commits: number[]; longTasks: Span[]; slowFrames: SlowFrame[] };

/**
 * What the DOM shows once a change has landed: the toolbar's count ("N prompts", or "N+ prompts"
 * when a search counted only so far) and the first card's title.
 */
export type Expectation = { count: number; atLeast: boolean; firstTitle: string; trigger: 'input' | 'click' };

export type Reaction = {
  triggerAt: number | null;
  debounceFiredAt: number | null;
  shownAt: number;
  paintedAt: number;
  /** When React committed between arming and the change showing; typing commits too, so the caller picks. */
  commitTimes: number[];
};

/** Where one step of a long scroll left the list: the titles in the DOM, and when the one looked for showed. */
export type ScrollStep = { titles: string[]; foundAt: number | null; ended: boolean; endedAt: number };

export type Probe = LoadTimeline &
  MainThread & {
    /** Starts watching for `expected`; fails at once if the page already shows it, which would prove nothing. */
    arm: (expected: Expectation) => void;
    /** Settles when the armed expectation is met, or rejects after `timeoutMs`. */
    reaction: (timeoutMs: number) => Promise<Reaction>;
    /** Two frames and a little more, so a scroll or a click has been rendered. */
    settle: () => Promise<void>;
    cardCount: () => number;
    /** The titles of the cards in the DOM, in document order. */
    renderedTitles: () => string[];
    /**
     * One step through `main`, the virtual list's scroll element: 'down' jumps to its end, where the
     * list asks for its next page, and waits for that page to be laid out (or `title` to show, or the
     * list to turn out to have ended); 'up' goes back most of a screen.
     */
    scrollStep: (direction: 'down' | 'up', title: string, timeoutMs: number) => Promise<ScrollStep>;
  };

export type ProbeWindow = { __dashboardBench: Probe };

/**
 * Installed with `context.addInitScript`, so it runs before the app: it sees every response the
 * page reads (resource timing, the document's own included), the first card, every React commit
 * (through a minimal devtools hook, which production React also calls) and the debounce timer
 * firing, all on the page's own clock.
 */
export function installProbe(): void {
  const DEBOUNCE_MS = 300;
  const now = () => performance.now();
  // rAF runs just before the frame is drawn; a message posted from it arrives just after.
  const afterPaint = (then: (at: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => then(now());
      channel.port2.postMessage(null);
    });
  const firstCard = () => {
    const card = document.querySelector('main article');
    return card !== null && card.checkVisibility() ? card : null;
  };

  let lastInputAt: number | null = null;
  let lastClickAt: number | null = null;
  let debounceFiredAt: number | null = null;
  let armed: { expected: Expectation; matches: () => boolean; since: number } | null = null;
  const toolbarCount = () => document.querySelector('main h1 span')?.textContent ?? '';

  const probe: Probe = {
    fetched: [],
    firstCardInDom: null,
    firstCardPainted: null,
    commits: [],
    longTasks: [],
    slowFrames: [],
    arm(expected) {
      const matches = () => {
        const shown = toolbarCount();
        const card = firstCard();
        return (
          shown !== '' &&
          Number(shown.replace(/\D/g, '')) === expected.count &&
          shown.includes('+') === expected.atLeast &&
          card?.querySelector('h3')?.textContent === expected.firstTitle
        );
      };
      if (matches()) throw new Error(`The page already shows ${JSON.stringify(expected)}`);
      lastInputAt = null;
      lastClickAt = null;
      debounceFiredAt = null;
      armed = { expected, matches, since: now() };
    },
    reaction(timeoutMs) {
      const watch = armed;
      if (watch === null) return Promise.reject(new Error('Nothing is armed'));
      return new Promise<Reaction>((resolve, reject) => {
        const finish = () => {
          const shownAt = now();
          observer.disconnect();
          clearTimeout(timer);
          afterPaint((paintedAt) =>
            resolve({
              triggerAt: watch.expected.trigger === 'input' ? lastInputAt : lastClickAt,
              debounceFiredAt,
              shownAt,
              paintedAt,
              commitTimes: probe.commits.filter((at) => at >= watch.since && at <= shownAt),
            }),
          );
        };
        const observer = new MutationObserver(() => {
          if (watch.matches()) finish();
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          const shown = toolbarCount();
          const title = firstCard()?.querySelector('h3')?.textContent;
          reject(
            new Error(`Expected ${JSON.stringify(watch.expected)}, the page shows "${shown}", "${title}"`),
          );
        }, timeoutMs);
        // The change may have landed before this promise was asked for.
        if (watch.matches()) finish();
        else observer.observe(document, { childList: true, subtree: true, characterData: true });
      });
    },
    settle: () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
      ),
    cardCount: () => document.querySelectorAll('article').length,
    renderedTitles: () =>
      Array.from(document.querySelectorAll('main article h3'), (title) => title.textContent ?? ''),
    scrollStep(direction, title, timeoutMs) {
      const main = document.querySelector('main');
      if (main === null) return Promise.reject(new Error('No <main> to scroll'));
      const height = main.scrollHeight;
      const startedAt = now();
      if (direction === 'down') main.scrollTop = main.scrollHeight;
      else main.scrollTop -= Math.round(main.clientHeight * 0.75);
      return new Promise<ScrollStep>((resolve, reject) => {
        const found = () => probe.renderedTitles().includes(title);
        const done = (foundAt: number | null, ended: boolean) =>
          resolve({ titles: probe.renderedTitles(), foundAt, ended, endedAt: now() });
        let frames = 0;
        let grewAt: number | null = null;
        const check = () => {
          frames += 1;
          if (found()) return done(now(), false);
          // A few frames give the virtualiser time to render the rows scrolled to, and the list to
          // ask for its next page; only then does "not growing" mean anything.
          const rendered = frames >= 3 && now() - startedAt >= 50;
          if (rendered && direction === 'up') return done(null, false);
          if (grewAt === null && main.scrollHeight !== height) grewAt = frames;
          // Two frames after the next page is laid out, the rows around the old end are rendered.
          if (grewAt !== null && frames - grewAt >= 2) return done(null, false);
          // The list is busy while its placeholder row for the next page is on screen.
          const busy = main.querySelector('[role="list"][aria-busy="true"]') !== null;
          if (rendered && grewAt === null && !busy) return done(null, true);
          if (now() - startedAt > timeoutMs)
            return reject(new Error(`Scrolling ${direction}: no new cards in ${timeoutMs} ms`));
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
    },
  };
  (window as unknown as ProbeWindow).__dashboardBench = probe;

  // An observer, not performance.getEntries(): the scroll reads a hundred pages, past the 250
  // entries the resource timing buffer keeps.
  const record = (entry: PerformanceResourceTiming): Fetched => {
    const url = new URL(entry.name);
    return {
      path: `${url.pathname}${url.search}`,
      kind: url.origin === location.origin && url.pathname.startsWith('/api/') ? 'api' : 'app',
      startTime: entry.startTime,
      responseStart: entry.responseStart,
      responseEnd: entry.responseEnd,
      encodedBytes: entry.encodedBodySize,
      decodedBytes: entry.decodedBodySize,
    };
  };
  const fetched = (list: PerformanceObserverEntryList) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) probe.fetched.push(record(entry));
  };
  // Chromium reports the document's own entry early, before its response has ended, and again once
  // it has: one record, the last one.
  let documentAt: number | null = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (documentAt === null) documentAt = probe.fetched.push(record(entry)) - 1;
      else probe.fetched[documentAt] = record(entry);
    }
  }).observe({ type: 'navigation', buffered: true });
  new PerformanceObserver(fetched).observe({ type: 'resource', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  type LoafScript = {
    invoker: string;
    sourceURL: string;
    sourceFunctionName: string;
    duration: number;
    forcedStyleAndLayoutDuration: number;
  };
  type Loaf = PerformanceEntry & {
    blockingDuration: number;
    renderStart: number;
    styleAndLayoutStart: number;
    scripts: LoafScript[];
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Loaf[])
      probe.slowFrames.push({
        start: entry.startTime,
        duration: entry.duration,
        blocking: entry.blockingDuration,
        renderStart: entry.renderStart,
        styleAndLayoutStart: entry.styleAndLayoutStart,
        scripts: entry.scripts.map((script) => ({
          source: `${script.invoker} ${script.sourceFunctionName || ''} ${script.sourceURL.split('/').pop() ?? ''}`,
          file: script.sourceURL.split('/').pop() ?? '',
          duration: script.duration,
          forcedLayout: script.forcedStyleAndLayoutDuration,
        })),
      });
  }).observe({ type: 'long-animation-frame', buffered: true });

  const cards = new MutationObserver(() => {
    if (firstCard() === null) return;
    probe.firstCardInDom = now();
    cards.disconnect();
    afterPaint((at) => (probe.firstCardPainted = at));
  });
  cards.observe(document, { childList: true, subtree: true });

  // Capture on window runs before React's own listeners on its root, i.e. before the debounce restarts.
  window.addEventListener('input', () => (lastInputAt = now()), { capture: true });
  window.addEventListener('click', () => (lastClickAt = now()), { capture: true });

  // Tags the search debounce (the app's only 300 ms timer while typing) to tell a late timer from slow work.
  const nativeSetTimeout = window.setTimeout.bind(window);
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) => {
    if (timeout !== DEBOUNCE_MS || typeof handler !== 'function')
      return nativeSetTimeout(handler, timeout, ...rest);
    const tagged = (...args: unknown[]) => {
      debounceFiredAt = now();
      (handler as (...args: unknown[]) => void)(...args);
    };
    return nativeSetTimeout(tagged, timeout, ...rest);
  }) as typeof window.setTimeout;

  // React calls these on every commit when the hook exists, production builds included.
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberRoot: () => probe.commits.push(now()),
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
  };
}
