/// <reference lib="dom" />
// `installProbe` runs inside the page, not in Node: Playwright sends its source text, so it must stay
// self-contained (no imports, no names from this module). It is the one DOM-typed code in the bench.

export type Span = { start: number; duration: number };

export type ResourceTiming = {
  requestStart: number;
  responseStart: number;
  responseEnd: number;
  encodedBytes: number;
  decodedBytes: number;
};

export type ScriptAttribution = { source: string; duration: number; forcedLayout: number };

/** A long animation frame (Chromium's LoAF entry), kept for finding what held the main thread. */
export type SlowFrame = Span & {
  blocking: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: ScriptAttribution[];
};

export type LoadTimeline = {
  prompts: ResourceTiming | null;
  categories: ResourceTiming | null;
  firstCardInDom: number | null;
  firstCardPainted: number | null;
};

/** What the main thread did during a run: React commits, long tasks and long frames, on the page's clock. */
export type MainThread = { commits: number[]; longTasks: Span[]; slowFrames: SlowFrame[] };

/** What the DOM shows once a change has landed: the heading count and the first card's title. */
export type Expectation = { count: number; firstTitle: string; trigger: 'input' | 'click' };

export type Reaction = {
  triggerAt: number | null;
  debounceFiredAt: number | null;
  shownAt: number;
  paintedAt: number;
  /** When React committed between arming and the change showing; typing commits too, so the caller picks. */
  commitTimes: number[];
};

export type Probe = LoadTimeline &
  MainThread & {
    /** Starts watching for `expected`; fails at once if the page already shows it, which would prove nothing. */
    arm: (expected: Expectation) => void;
    /** Settles when the armed expectation is met, or rejects after `timeoutMs`. */
    reaction: (timeoutMs: number) => Promise<Reaction>;
    /** Two frames and a little more, so a scroll or a click has been rendered. */
    settle: () => Promise<void>;
    cardCount: () => number;
  };

export type ProbeWindow = { __dashboardBench: Probe };

/**
 * Installed with `context.addInitScript`, so it runs before the app: it sees the /api/prompts
 * resource entry, the first card, every React commit (through a minimal devtools hook, which
 * production React also calls) and the debounce timer firing, all on the page's own clock.
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

  const probe: Probe = {
    prompts: null,
    categories: null,
    firstCardInDom: null,
    firstCardPainted: null,
    commits: [],
    longTasks: [],
    slowFrames: [],
    arm(expected) {
      const matches = () => {
        const shown = document.querySelector('main h1 span')?.textContent ?? '';
        const card = firstCard();
        return (
          Number(shown.replace(/\D/g, '')) === expected.count &&
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
          const shown = document.querySelector('main h1 span')?.textContent;
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
  };
  (window as unknown as ProbeWindow).__dashboardBench = probe;

  const resource = (entry: PerformanceResourceTiming): ResourceTiming => ({
    requestStart: entry.requestStart,
    responseStart: entry.responseStart,
    responseEnd: entry.responseEnd,
    encodedBytes: entry.encodedBodySize,
    decodedBytes: entry.decodedBodySize,
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      const path = new URL(entry.name).pathname;
      if (path === '/api/prompts') probe.prompts ??= resource(entry);
      if (path === '/api/categories') probe.categories ??= resource(entry);
    }
  }).observe({ type: 'resource', buffered: true });
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
