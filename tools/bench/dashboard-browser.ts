import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import {
  installProbe,
  type Expectation,
  type LoadTimeline,
  type MainThread,
  type ProbeWindow,
  type Reaction,
  type ScrollStep,
} from './dashboard-probe';

/**
 * What the dashboard must show after a change, as the server answers it: the toolbar's count
 * (`atLeast`: "1000+ prompts", a search counted only so far) and the first card's title.
 */
export type Shown = { count: number; atLeast: boolean; firstTitle: string };

/** The card to scroll to: its place in the recent order, its title, and the place of every card before it. */
export type ScrollTarget = { position: number; title: string; positions: Map<string, number> };

export type Plan = {
  url: string;
  cookie: { name: string; value: string };
  initial: Shown;
  searches: { label: string; text: string; shown: Shown }[];
  sorts: { option: string; shown: Shown }[];
  scroll: ScrollTarget;
};

/**
 * One change, timed on the page's clock from its start (the trigger, plus the debounce for a search)
 * to the DOM showing the result; `startAt` and `paintedAt` place it among the run's long frames.
 */
export type Timed = {
  label: string;
  ms: number;
  paintedMs: number;
  timerLateMs: number | null;
  commits: number;
  startAt: number;
  paintedAt: number;
};

/** Chromium's JSHeapUsedSize as read, and again after a full collection (what the page really holds). */
export type Heap = { used: number; afterGc: number };

/** The long scroll: from its first step to the wanted card in the DOM, and what the page holds there. */
export type Scrolled = {
  position: number;
  ms: number;
  steps: number;
  /** How long each step down took, first to last: mostly one page of cards arriving and laid out. */
  downStepMs: number[];
  startAt: number;
  foundAt: number;
  cards: number;
  heap: Heap;
};

export type RunResult = {
  load: LoadTimeline;
  heapAfterLoad: Heap;
  searches: Timed[];
  sorts: Timed[];
  scroll: Scrolled;
  cards: { phase: string; count: number }[];
  mainThread: MainThread;
  pageProblems: string[];
};

const VIEWPORT = { width: 1440, height: 900 };
const DEBOUNCE_MS = 300;
// Well under the debounce, so only the last keystroke reaches the list, as when someone types a word.
const KEY_DELAY_MS = 80;
const REACTION_TIMEOUT_MS = 20_000;
const LOAD_TIMEOUT_MS = 60_000;
// Generous: a step waits for one page of cards from the server.
const SCROLL_STEP_TIMEOUT_MS = 20_000;
// Pages of 100 cards: 10,000 cards are about a hundred steps down, then a few back up.
const MAX_SCROLL_STEPS = 1_000;

/**
 * One measurement in a fresh context (no cache, no state left by the previous run). With
 * `profile`, the page's CPU profiles of the load and of the searches are written there
 * (dashboard-run<n>-load.cpuprofile, …-searches…, …-sorts…) for `npm run bench:profile -- <dir>` or DevTools;
 * the profiler slows the page, so those runs' figures are not the ones to quote.
 */
export async function measureRun(
  browser: Browser,
  plan: Plan,
  profile: { dir: string; run: number } | null = null,
): Promise<RunResult> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', colorScheme: 'light' });
  try {
    await context.addCookies([{ ...plan.cookie, url: plan.url }]);
    await context.addInitScript(installProbe);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const pageProblems: string[] = [];
    page.on('pageerror', (error) => pageProblems.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageProblems.push(`console: ${message.text()}`);
    });

    const profiled = async <T>(phase: string, work: () => Promise<T>): Promise<T> => {
      if (profile === null) return work();
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
      const result = await work();
      const { profile: taken } = await cdp.send('Profiler.stop');
      // A folder that does not exist yet is made, not an error after a whole run.
      mkdirSync(profile.dir, { recursive: true });
      writeFileSync(
        join(profile.dir, `dashboard-run${profile.run}-${phase}.cpuprofile`),
        JSON.stringify(taken),
      );
      return result;
    };

    await profiled('load', () => loadDashboard(page, plan));
    const heapAfterLoad = await readHeap(cdp);
    const cards = [{ phase: 'grid, after load', count: await cardCount(page) }];

    const searches = await profiled('searches', () => runSearches(page, plan));

    const sorts = await profiled('sorts', () => runSorts(page, plan));

    const scroll = await scrollToCard(page, cdp, plan.scroll);
    cards.push({ phase: `grid, card ${plan.scroll.position}`, count: scroll.cards });
    await page.getByRole('button', { name: 'List view' }).click();
    await settle(page);
    cards.push({ phase: 'list, same place', count: await cardCount(page) });

    const { load, mainThread } = await page.evaluate(() => {
      const probe = (window as unknown as ProbeWindow).__dashboardBench;
      const { fetched, firstCardInDom, firstCardPainted, commits, longTasks, slowFrames } = probe;
      return {
        load: { fetched, firstCardInDom, firstCardPainted },
        mainThread: { commits, longTasks, slowFrames },
      };
    });
    return { load, heapAfterLoad, searches, sorts, scroll, cards, mainThread, pageProblems };
  } finally {
    await context.close();
  }
}

/** Types each search as someone would and times the list's answer. */
async function runSearches(page: Page, plan: Plan): Promise<Timed[]> {
  const searchBox = page.getByPlaceholder('Search prompts...');
  await searchBox.click();
  const searches: Timed[] = [];
  for (const search of plan.searches) {
    await arm(page, { ...search.shown, trigger: 'input' });
    await searchBox.press('Control+A');
    if (search.text === '') await searchBox.press('Backspace');
    else await searchBox.pressSequentially(search.text, { delay: KEY_DELAY_MS });
    searches.push(timed(search.label, await reaction(page), DEBOUNCE_MS));
    await settle(page);
  }
  return searches;
}

/** Opens the dashboard and waits for its first screen and the requests that follow it to finish. */
async function loadDashboard(page: Page, plan: Plan): Promise<void> {
  await page.goto(`${plan.url}/`);
  await page.waitForFunction(
    () => (window as unknown as ProbeWindow).__dashboardBench.firstCardPainted !== null,
    undefined,
    { timeout: LOAD_TIMEOUT_MS },
  );
  // "After load" is the page at rest: what the first screen asked for after its first card is in.
  await page.waitForLoadState('networkidle', { timeout: LOAD_TIMEOUT_MS });
  await settle(page);
  const { heading, firstTitle } = await page.evaluate(() => ({
    heading: document.querySelector('main h1 span')?.textContent ?? '',
    firstTitle: document.querySelector('main article h3')?.textContent ?? '',
  }));
  // A first card from a partial or wrong list would make the timing meaningless.
  const { count, atLeast } = plan.initial;
  if (
    Number(heading.replace(/\D/g, '')) !== count ||
    heading.includes('+') !== atLeast ||
    firstTitle !== plan.initial.firstTitle
  ) {
    throw new Error(`After loading, the page shows "${heading}" and "${firstTitle}"`);
  }
}

/**
 * Scrolls `main` down to its end again and again, each time waiting for the page of cards that
 * asks for, until the wanted card is loaded; then back up a screen at a time until it is rendered.
 * Which cards are above or below the wanted one the plan knows from their titles. Node drives the
 * steps: a card's place is looked up here rather than in a map that would swell the page's heap.
 */
async function scrollToCard(page: Page, cdp: CDPSession, target: ScrollTarget): Promise<Scrolled> {
  const startAt = await page.evaluate(() => performance.now());
  const downStepMs: number[] = [];
  let direction: 'down' | 'up' = 'down';
  for (let steps = 1; steps <= MAX_SCROLL_STEPS; steps += 1) {
    const stepAt = await page.evaluate(() => performance.now());
    const step = await scrollStep(page, direction, target.title);
    if (direction === 'down') downStepMs.push(step.endedAt - stepAt);
    if (step.foundAt !== null) {
      await settle(page);
      return {
        position: target.position,
        ms: step.foundAt - startAt,
        steps,
        downStepMs,
        startAt,
        foundAt: step.foundAt,
        cards: await cardCount(page),
        heap: await readHeap(cdp),
      };
    }
    // A title the plan does not know is further down than the wanted card.
    const places = step.titles.map((title) => target.positions.get(title) ?? Number.POSITIVE_INFINITY);
    if (places.length > 0 && Math.min(...places) > target.position) direction = 'up';
    else if (direction === 'up')
      throw new Error(`Scrolled up past card ${target.position} without seeing "${target.title}"`);
    else if (step.ended) throw new Error(`The list ended before card ${target.position}`);
  }
  throw new Error(`Card ${target.position} not reached in ${MAX_SCROLL_STEPS} scroll steps`);
}

/** JSHeapUsedSize from the Performance domain, then again after a collection the page did not ask for. */
async function readHeap(cdp: CDPSession): Promise<Heap> {
  const used = await jsHeapUsed(cdp);
  await cdp.send('HeapProfiler.collectGarbage');
  return { used, afterGc: await jsHeapUsed(cdp) };
}

async function jsHeapUsed(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const used = metrics.find((metric) => metric.name === 'JSHeapUsedSize');
  if (used === undefined) throw new Error('Performance.getMetrics gave no JSHeapUsedSize');
  return used.value;
}

/** Each sort of the plan chosen from the toolbar, timed from the click on its option to its first card. */
async function runSorts(page: Page, plan: Plan): Promise<Timed[]> {
  const sorts: Timed[] = [];
  for (const sort of plan.sorts) {
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    const option = page.getByRole('option', { name: sort.option });
    await option.waitFor();
    await arm(page, { ...sort.shown, trigger: 'click' });
    await option.click();
    sorts.push(timed(sort.option, await reaction(page), 0));
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await settle(page);
  }
  return sorts;
}

function arm(page: Page, expected: Expectation): Promise<void> {
  return page.evaluate((value) => (window as unknown as ProbeWindow).__dashboardBench.arm(value), expected);
}

function reaction(page: Page): Promise<Reaction> {
  return page.evaluate(
    (timeoutMs) => (window as unknown as ProbeWindow).__dashboardBench.reaction(timeoutMs),
    REACTION_TIMEOUT_MS,
  );
}

function scrollStep(page: Page, direction: 'down' | 'up', title: string): Promise<ScrollStep> {
  return page.evaluate(
    ({ direction, title, timeoutMs }) =>
      (window as unknown as ProbeWindow).__dashboardBench.scrollStep(direction, title, timeoutMs),
    { direction, title, timeoutMs: SCROLL_STEP_TIMEOUT_MS },
  );
}

function timed(label: string, result: Reaction, delayMs: number): Timed {
  if (result.triggerAt === null) throw new Error(`${label}: the page saw no trigger`);
  const start = result.triggerAt + delayMs;
  return {
    label,
    ms: result.shownAt - start,
    paintedMs: result.paintedAt - start,
    timerLateMs: delayMs > 0 && result.debounceFiredAt !== null ? result.debounceFiredAt - start : null,
    commits: result.commitTimes.filter((at) => at >= start).length,
    startAt: start,
    paintedAt: result.paintedAt,
  };
}

function settle(page: Page): Promise<void> {
  return page.evaluate(() => (window as unknown as ProbeWindow).__dashboardBench.settle());
}

function cardCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as ProbeWindow).__dashboardBench.cardCount());
}
