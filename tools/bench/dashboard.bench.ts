import type { Prompt } from '@promptlib/proto';
import { randomBytes } from 'node:crypto';
import { envNumber, loadAverage, machineLine, runBench, type BenchRun } from './bench-run';
import { registerUser, startBenchStack } from './bench-stack';
import { launchChromium } from '../src/browser/launch-chromium';
import { measureRun, type Plan, type RunResult, type Shown } from './dashboard-browser';
import { printDashboardReport } from './dashboard-report';
import { seedPrompts, type SeedText } from './seed-prompts';

/**
 * The dashboard in Chromium with a large library: data → first card, search → updated list, sort →
 * updated list, and how many cards the DOM holds. Prints figures against the targets; asserts
 * nothing, because a shared machine's numbers are not a pass/fail signal.
 */
const PROMPTS = envNumber('BENCH_PROMPTS', 5_000);
const RUNS = envNumber('BENCH_RUNS', 3);

// Words the seeded prose never uses, planted where the searches below should find them; the
// counts follow from the seed (50, 13 and 40 at 5,000 prompts) and are checked against the API.
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

async function bench({ namespace, cleanup }: BenchRun): Promise<void> {
  console.log(
    [
      `Dashboard benchmark — namespace ${namespace}`,
      machineLine(),
      `Library: ${PROMPTS} prompts of 500–5,000 characters for one user; Chromium 1440×900, ${RUNS} runs, ` +
        'each in a fresh browser context',
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
  const plan = planFrom(await fetchPrompts(stack.gatewayUrl, user.cookie), stack.gatewayUrl, user.cookie);

  const browser = await launchChromium({ handleSignals: false });
  cleanup.add('closing Chromium', () => browser.close());
  const runs: RunResult[] = [];
  try {
    console.log(`Chromium ${browser.version()}`);
    for (let index = 1; index <= RUNS; index += 1) {
      console.log(`Run ${index}/${RUNS}…`);
      runs.push(await measureRun(browser, plan));
    }
  } finally {
    await browser.close();
  }
  printDashboardReport(runs);
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

async function fetchPrompts(gatewayUrl: string, cookie: string): Promise<Prompt[]> {
  const response = await fetch(`${gatewayUrl}/api/prompts`, { headers: { Cookie: cookie } });
  if (response.status !== 200) throw new Error(`GET /api/prompts answered ${response.status}`);
  return (await response.json()) as Prompt[];
}

/**
 * What each step must show, worked out from the list the API serves with the dashboard's own rules
 * (title or content contains the text, case-insensitive; recent = id descending), so the page is
 * judged against data rather than against itself.
 */
function planFrom(prompts: Prompt[], url: string, cookie: string): Plan {
  if (prompts.length !== PROMPTS) throw new Error(`The API serves ${prompts.length} prompts, not ${PROMPTS}`);
  const recent = [...prompts].sort((a, b) => b.id - a.id);
  const shown = (list: Prompt[]): Shown => ({ count: list.length, firstTitle: list[0]?.title ?? '' });

  const searches = SEARCHES.map(({ text, what }) => {
    const needle = text.toLowerCase();
    const found = recent.filter((prompt) =>
      `${prompt.title}\n${prompt.content}`.toLowerCase().includes(needle),
    );
    const planted = PLANTED.find((entry) => entry.word.toLowerCase() === needle);
    if (planted && found.length !== plantedCount(planted)) {
      throw new Error(`"${text}" finds ${found.length} prompts, the seed planted ${plantedCount(planted)}`);
    }
    if (found.length === 0) throw new Error(`"${text}" finds nothing; BENCH_PROMPTS is too small`);
    const label = text === '' ? `cleared → ${found.length}` : `"${text}" → ${found.length} (${what})`;
    return { label, text, shown: shown(found) };
  });
  searches.forEach((search, index) => {
    const before = index === 0 ? shown(recent) : searches[index - 1].shown;
    if (search.shown.count === before.count && search.shown.firstTitle === before.firstTitle) {
      throw new Error(
        `${search.label} would show what the page already shows; the bench could not see it land`,
      );
    }
  });

  // The dashboard's collator: titles A–Z, numbers in order, newer first among equals.
  const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
  const byName = [...recent].sort((a, b) => collator.compare(a.title, b.title) || b.id - a.id);
  const byUse = [...recent].sort((a, b) => b.usageCount - a.usageCount || b.id - a.id);

  const [name, value] = cookie.split(/=(.*)/s);
  return {
    url,
    cookie: { name, value },
    initial: shown(recent),
    searches,
    sorts: [
      { option: 'Name (A-Z)', shown: shown(byName) },
      { option: 'Most Used', shown: shown(byUse) },
    ],
  };
}

function plantedCount({ every, offset }: Planted): number {
  return PROMPTS > offset ? Math.floor((PROMPTS - 1 - offset) / every) + 1 : 0;
}

runBench(bench);
