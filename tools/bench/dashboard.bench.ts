import type { PromptCardsPage, PromptSort } from '@promptlib/proto';
import { randomBytes } from 'node:crypto';
import { envNumber, loadAverage, machineLine, runBench, type BenchRun } from './bench-run';
import { registerUser, startBenchStack } from './bench-stack';
import { launchChromium } from '../src/browser/launch-chromium';
import { measureRun, type Plan, type RunResult, type ScrollTarget, type Shown } from './dashboard-browser';
import { printDashboardReport } from './dashboard-report';
import { analyzePrompts, seedPrompts, type SeedText } from './seed-prompts';

/**
 * The dashboard in Chromium with a large library, read a page at a time: navigation → first card,
 * the bytes read before it, the JS heap, search → updated list, sort → updated list, and a scroll
 * 10,000 cards down (how long, how many cards the DOM then holds, the heap then). Prints figures
 * against the goals; asserts nothing, because a shared machine's numbers are not a pass/fail signal.
 *
 *   BENCH_PROMPTS (5,000; 50,000 is Pro's ceiling), BENCH_RUNS (3),
 *   BENCH_PAGE_PROFILE=<dir>: the page's CPU profiles of the load and the searches, per run
 */
const PROMPTS = envNumber('BENCH_PROMPTS', 5_000);
const RUNS = envNumber('BENCH_RUNS', 3);
const PAGE_PROFILE_DIR = process.env.BENCH_PAGE_PROFILE || null;
/** The dashboard's first page; the plan reads the same one to know what the page must show. */
const FIRST_PAGE = 50;
const SCROLL_TO = 10_000;

// Words the seeded prose never uses, planted where the searches below should find them; the
// counts follow from the seed (50, 13 and 40 at 5,000 prompts; 500, 125 and 400 at 50,000) and are
// checked against the API.
type Planted = { word: string; where: 'title' | 'content'; every: number; offset: number };
const PLANTED: Planted[] = [
  { word: 'Onboarding', where: 'title', every: 100, offset: 37 },
  { word: 'Changelog', where: 'title', every: 400, offset: 123 },
  { word: 'sourdough', where: 'content', every: 125, offset: 61 },
];
// Typed as someone would, in lower case; each differs from the one before in what it shows.
const ONE_TITLE = `prompt ${Math.min(4321, PROMPTS)}:`;
const SEARCHES = [
  { text: 'onboarding', what: 'in titles' },
  { text: 'changelog', what: 'in titles' },
  { text: 'sourdough', what: 'in content only' },
  { text: ONE_TITLE, what: 'one title' },
  { text: 'german', what: 'many prompts' },
  { text: '', what: 'cleared' },
];
const SORTS: { option: string; sort: PromptSort }[] = [
  { option: 'Name (A-Z)', sort: 'name' },
  { option: 'Most Used', sort: 'used' },
  { option: 'Recently Added', sort: 'recent' },
];

type Api = { url: string; cookie: string };

async function bench({ namespace, cleanup }: BenchRun): Promise<void> {
  console.log(
    [
      `Dashboard benchmark — namespace ${namespace}`,
      machineLine(),
      `Library: ${PROMPTS} prompts of 500–5,000 characters for one user; Chromium 1440×900, ${RUNS} runs, ` +
        'each in a fresh browser context (nothing cached)',
      'This is a shared, noisy machine: absolute figures wander between runs; the median is the figure to quote.\n',
    ].join('\n'),
  );
  const stack = await startBenchStack(namespace, cleanup);
  const user = await registerUser(stack.gatewayUrl, `bench_${randomBytes(4).toString('hex')}`);
  await seedPrompts(
    { databaseUrl: stack.databaseUrl, userId: user.id, categoryId: user.categoryId },
    PROMPTS,
    plant,
  );
  await analyzePrompts(stack.databaseUrl);
  const plan = await planFrom({ url: stack.gatewayUrl, cookie: user.cookie });

  const browser = await launchChromium({ handleSignals: false });
  cleanup.add('closing Chromium', () => browser.close());
  const runs: RunResult[] = [];
  try {
    console.log(`Chromium ${browser.version()}`);
    for (let index = 1; index <= RUNS; index += 1) {
      console.log(`Run ${index}/${RUNS}…`);
      const profile = PAGE_PROFILE_DIR === null ? null : { dir: PAGE_PROFILE_DIR, run: index };
      runs.push(await measureRun(browser, plan, profile));
    }
  } finally {
    await browser.close();
  }
  printDashboardReport(runs);
  if (PAGE_PROFILE_DIR !== null) {
    console.log(`\nThe page's CPU profiles are in ${PAGE_PROFILE_DIR}; the profiler slowed these runs.`);
  }
  console.log(`\nLoad average at the end: ${loadAverage()}`);
}

function plant(n: number, text: SeedText): SeedText {
  let { title, content } = text;
  for (const { word, where, every, offset } of PLANTED) {
    if (n % every !== offset) continue;
    if (where === 'title') title = title.replace(': ', `: ${word} `);
    else {
      // Replaces rather than inserts, so the content keeps its 500–5,000 character length.
      const at = Math.floor(content.length / 2);
      content = `${content.slice(0, at)} ${word} ${content.slice(at + word.length + 2)}`;
    }
  }
  return { title, content };
}

type CardsQuery = { search?: string; sort?: PromptSort; cursor?: string; limit?: number };

/** A page of the dashboard's list as the API serves it, the page's own first page by default. */
async function fetchCards(api: Api, query: CardsQuery = {}): Promise<PromptCardsPage> {
  const params = new URLSearchParams({
    sort: query.sort ?? 'recent',
    limit: String(query.limit ?? FIRST_PAGE),
  });
  if (query.search) params.set('search', query.search);
  if (query.cursor) params.set('cursor', query.cursor);
  const response = await fetch(`${api.url}/api/prompts/cards?${params.toString()}`, {
    headers: { Cookie: api.cookie },
  });
  if (response.status !== 200)
    throw new Error(`GET /api/prompts/cards?${params} answered ${response.status}`);
  return (await response.json()) as PromptCardsPage;
}

/** What the toolbar and the first card show for a first page: the server's count, not one worked out here. */
function shownBy(page: PromptCardsPage): Shown {
  if (page.total === null) throw new Error('A first page came without its total');
  return { count: page.total, atLeast: page.totalAtLeast, firstTitle: page.cards[0]?.title ?? '' };
}

/**
 * What each step must show, from the API's own first pages (the dashboard asks for the same), so the
 * page is judged against the server's answer rather than against itself; the planted words' counts
 * check that answer against the seed.
 */
async function planFrom(api: Api): Promise<Plan> {
  const initial = shownBy(await fetchCards(api));
  if (initial.count !== PROMPTS || initial.atLeast) {
    throw new Error(`The API counts ${initial.count} prompts, not ${PROMPTS}`);
  }

  const searches: Plan['searches'] = [];
  for (const { text, what } of SEARCHES) {
    const shown = shownBy(await fetchCards(api, { search: text }));
    const counted = `${shown.count}${shown.atLeast ? '+' : ''}`;
    const planted = PLANTED.find((entry) => entry.word.toLowerCase() === text);
    if (planted && !shown.atLeast && shown.count !== plantedCount(planted)) {
      throw new Error(`"${text}" finds ${counted} prompts, the seed planted ${plantedCount(planted)}`);
    }
    if (shown.count === 0) throw new Error(`"${text}" finds nothing; BENCH_PROMPTS is too small`);
    const label = text === '' ? `cleared → ${counted}` : `"${text}" → ${counted} (${what})`;
    searches.push({ label, text, shown });
  }
  differEachFromTheLast('search', initial, searches);

  // Recent last: the list goes back to where it started, ready for the scroll.
  const sorts: Plan['sorts'] = [];
  for (const { option, sort } of SORTS)
    sorts.push({ option, shown: shownBy(await fetchCards(api, { sort })) });
  differEachFromTheLast(
    'sort',
    searches[searches.length - 1].shown,
    sorts.map((sort) => ({ label: sort.option, ...sort })),
  );

  const [name, value] = api.cookie.split(/=(.*)/s);
  return { url: api.url, cookie: { name, value }, initial, searches, sorts, scroll: await scrollTarget(api) };
}

/** Each step must change what the page shows, or the bench could not see it land. */
function differEachFromTheLast(what: string, start: Shown, steps: { label: string; shown: Shown }[]): void {
  steps.forEach((step, index) => {
    const before = index === 0 ? start : steps[index - 1].shown;
    if (
      step.shown.count === before.count &&
      step.shown.atLeast === before.atLeast &&
      step.shown.firstTitle === before.firstTitle
    ) {
      throw new Error(`The ${what} ${step.label} would show what the page already shows`);
    }
  });
}

/**
 * The card SCROLL_TO cards down the recent list (the last when the library is smaller), and the
 * place of every card above it, read through the API page by page as the dashboard reads them.
 */
async function scrollTarget(api: Api): Promise<ScrollTarget> {
  const position = Math.min(SCROLL_TO, PROMPTS);
  const positions = new Map<string, number>();
  let cursor: string | undefined;
  while (positions.size < position) {
    const page = await fetchCards(api, { cursor, limit: 100 });
    for (const card of page.cards) {
      if (positions.has(card.title)) throw new Error(`Two cards are titled "${card.title}"`);
      if (positions.size < position) positions.set(card.title, positions.size + 1);
    }
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  const title = [...positions.keys()].at(-1);
  if (positions.size !== position || title === undefined) {
    throw new Error(`The list holds ${positions.size} cards, not ${position}`);
  }
  return { position, title, positions };
}

function plantedCount({ every, offset }: Planted): number {
  return PROMPTS > offset ? Math.floor((PROMPTS - 1 - offset) / every) + 1 : 0;
}

runBench(bench);
