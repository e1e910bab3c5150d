import type { Browser, Page } from 'playwright-core';
import {
  installProbe,
  type Expectation,
  type LoadTimeline,
  type MainThread,
  type ProbeWindow,
  type Reaction,
} from './dashboard-probe';

/** What the dashboard must show after a change: the count in the heading and the first card's title. */
export type Shown = { count: number; firstTitle: string };

export type Plan = {
  url: string;
  cookie: { name: string; value: string };
  initial: Shown;
  searches: { label: string; text: string; shown: Shown }[];
  sorts: { option: string; shown: Shown }[];
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

export type RunResult = {
  load: LoadTimeline;
  searches: Timed[];
  sorts: Timed[];
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

/** One measurement in a fresh context (no cache, no state left by the previous run). */
export async function measureRun(browser: Browser, plan: Plan): Promise<RunResult> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', colorScheme: 'light' });
  try {
    await context.addCookies([{ ...plan.cookie, url: plan.url }]);
    await context.addInitScript(installProbe);
    const page = await context.newPage();
    const pageProblems: string[] = [];
    page.on('pageerror', (error) => pageProblems.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageProblems.push(`console: ${message.text()}`);
    });

    const load = await loadDashboard(page, plan);
    const cards = [{ phase: 'grid, after load', count: await cardCount(page) }];

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

    cards.push({ phase: 'grid, middle', count: await scrollAndCount(page, 0.5) });
    cards.push({ phase: 'grid, end', count: await scrollAndCount(page, 1) });
    await page.getByRole('button', { name: 'List view' }).click();
    await settle(page);
    cards.push({ phase: 'list, end', count: await cardCount(page) });
    cards.push({ phase: 'list, middle', count: await scrollAndCount(page, 0.5) });
    cards.push({ phase: 'list, top', count: await scrollAndCount(page, 0) });

    const mainThread = await page.evaluate(() => {
      const { commits, longTasks, slowFrames } = (window as unknown as ProbeWindow).__dashboardBench;
      return { commits, longTasks, slowFrames };
    });
    return { load, searches, sorts, cards, mainThread, pageProblems };
  } finally {
    await context.close();
  }
}

async function loadDashboard(page: Page, plan: Plan): Promise<LoadTimeline> {
  await page.goto(`${plan.url}/`);
  await page.waitForFunction(
    () => {
      const probe = (window as unknown as ProbeWindow).__dashboardBench;
      return probe.firstCardPainted !== null && probe.prompts !== null;
    },
    undefined,
    { timeout: LOAD_TIMEOUT_MS },
  );
  await settle(page);
  const { load, heading, firstTitle } = await page.evaluate(() => {
    const probe = (window as unknown as ProbeWindow).__dashboardBench;
    return {
      load: {
        prompts: probe.prompts,
        categories: probe.categories,
        firstCardInDom: probe.firstCardInDom,
        firstCardPainted: probe.firstCardPainted,
      },
      heading: document.querySelector('main h1 span')?.textContent ?? '',
      firstTitle: document.querySelector('main article h3')?.textContent ?? '',
    };
  });
  // A first card from a partial or wrong list would make the timing meaningless.
  if (Number(heading.replace(/\D/g, '')) !== plan.initial.count || firstTitle !== plan.initial.firstTitle) {
    throw new Error(`After loading, the page shows "${heading}" and "${firstTitle}"`);
  }
  return load;
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

/** Scrolls the list's scroll container (`main`) to a fraction of its height and counts the cards. */
async function scrollAndCount(page: Page, fraction: number): Promise<number> {
  await page.evaluate(async (to) => {
    const main = document.querySelector('main');
    if (main === null) throw new Error('No <main> to scroll');
    main.scrollTop = to * (main.scrollHeight - main.clientHeight);
    await (window as unknown as ProbeWindow).__dashboardBench.settle();
  }, fraction);
  return cardCount(page);
}
