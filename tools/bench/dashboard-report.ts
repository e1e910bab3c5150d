import type { RunResult, Timed } from './dashboard-browser';
import type { MainThread, Span } from './dashboard-probe';

type Target = { limit: number; inclusive: boolean };
type Row = { label: string; target: Target | null; values: number[]; unit: 'ms' | 'cards' };

const TARGET_FIRST_CARD: Target = { limit: 1_000, inclusive: true };
const TARGET_SEARCH: Target = { limit: 50, inclusive: true };
const TARGET_CARDS: Target = { limit: 100, inclusive: false };

/** The table of targets first, then what the runs saw along the way, for whoever has to make it faster. */
export function printDashboardReport(runs: RunResult[]): void {
  const rows: Row[] = [
    ms('data → first card in the DOM', TARGET_FIRST_CARD, runs.map(firstCardMs)),
    ms('  … and painted (next frame)', null, runs.map(firstPaintMs)),
    ...runs[0].searches.map((search, index) =>
      ms(
        `search ${search.label}`,
        TARGET_SEARCH,
        runs.map((run) => run.searches[index].ms),
      ),
    ),
    ms(
      'search, slowest of the above',
      TARGET_SEARCH,
      runs.map((run) => slowest(run.searches).ms),
    ),
    ms(
      '  … and painted (next frame)',
      null,
      runs.map((run) => slowest(run.searches).paintedMs),
    ),
    ...runs[0].sorts.map((sort, index) =>
      ms(
        `sort → ${sort.label} (extra)`,
        null,
        runs.map((run) => run.sorts[index].ms),
      ),
    ),
    {
      label: 'cards in the DOM, most seen',
      target: TARGET_CARDS,
      values: runs.map((run) => Math.max(...run.cards.map((phase) => phase.count))),
      unit: 'cards',
    },
  ];
  printTable(rows, runs.length);

  console.log(
    '\nSearch is timed from the last keystroke + 300 ms (the debounce) to the DOM showing the new count ' +
      "and first card; sort from the option's click. All times come from performance.now() in the page.",
  );
  console.log('\nCards in the DOM per step (run 1, 2, …):');
  for (const [index, phase] of runs[0].cards.entries()) {
    console.log(`  ${phase.phase.padEnd(18)} ${runs.map((run) => run.cards[index].count).join(', ')}`);
  }

  console.log('\nWhere the time went:');
  runs.forEach((run, index) => printRunDetails(run, index + 1));
}

function ms(label: string, target: Target | null, values: number[]): Row {
  return { label, target, values, unit: 'ms' };
}

function firstCardMs(run: RunResult): number {
  const { prompts, firstCardInDom } = run.load;
  return prompts && firstCardInDom !== null ? firstCardInDom - prompts.responseEnd : Number.NaN;
}

function firstPaintMs(run: RunResult): number {
  const { prompts, firstCardPainted } = run.load;
  return prompts && firstCardPainted !== null ? firstCardPainted - prompts.responseEnd : Number.NaN;
}

function slowest(timings: Timed[]): Timed {
  return timings.reduce((worst, timing) => (timing.ms > worst.ms ? timing : worst));
}

function printTable(rows: Row[], runCount: number): void {
  const runHeads = Array.from({ length: runCount }, (_, index) => `run ${index + 1}`);
  const head = ['', 'target', ...runHeads, 'median', 'worst', 'result'];
  const labelWidth = Math.max(...rows.map((row) => row.label.length)) + 2;
  const line = (cells: string[]) =>
    cells
      .map((cell, index) =>
        index === 0
          ? cell.padEnd(labelWidth)
          : cell.padStart(index === 1 ? 9 : index === cells.length - 1 ? 13 : 8),
      )
      .join('')
      .trimEnd();
  console.log(`\n${line(head)}`);
  for (const row of rows) {
    const sorted = [...row.values].sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    const worst = sorted[sorted.length - 1];
    const format = (value: number) => (row.unit === 'cards' ? String(value) : formatMs(value));
    console.log(
      line([
        row.label,
        targetText(row.target),
        ...row.values.map(format),
        format(median),
        format(worst),
        verdict(row.target, median, worst),
      ]),
    );
  }
}

function targetText(target: Target | null): string {
  if (target === null) return '—';
  return `${target.inclusive ? '≤' : '<'} ${target.limit}`;
}

function within(target: Target, value: number): boolean {
  return target.inclusive ? value <= target.limit : value < target.limit;
}

/** The worst run decides; a target met only by the median is called so rather than rounded to a pass. */
function verdict(target: Target | null, median: number, worst: number): string {
  if (target === null) return 'info';
  if (within(target, worst)) return 'pass';
  return within(target, median) ? 'median only' : 'FAIL';
}

function formatMs(value: number): string {
  if (Number.isNaN(value)) return 'n/a';
  return value < 100 ? value.toFixed(1) : value.toFixed(0);
}

function printRunDetails(run: RunResult, number: number): void {
  const { prompts, categories, firstCardInDom } = run.load;
  console.log(`  Run ${number}:`);
  if (prompts) {
    const categoriesNote = categories
      ? `; /api/categories ended ${formatMs(Math.abs(categories.responseEnd - prompts.responseEnd))} ms ` +
        (categories.responseEnd <= prompts.responseEnd ? 'before it' : 'AFTER it (the cards wait for both)')
      : '';
    console.log(
      `    /api/prompts: ${mb(prompts.decodedBytes)} of JSON (${mb(prompts.encodedBytes)} on the wire), ` +
        `request → first byte ${formatMs(prompts.responseStart - prompts.requestStart)} ms, ` +
        `download ${formatMs(prompts.responseEnd - prompts.responseStart)} ms${categoriesNote}`,
    );
    if (firstCardInDom !== null)
      printWindow('data → first card', run.mainThread, prompts.responseEnd, firstCardInDom);
  }
  const searches = run.searches
    .map(
      (search) => `${formatMs(search.ms)} (${search.commits}c, timer +${formatMs(search.timerLateMs ?? 0)})`,
    )
    .join(', ');
  console.log(`    searches, ms (React commits, debounce timer lateness): ${searches}`);
  const worst = slowest(run.searches);
  printWindow(`slowest search, ${worst.label}`, run.mainThread, worst.startAt, worst.paintedAt);
  const sorts = run.sorts
    .map((sort) => `${sort.label} ${formatMs(sort.ms)} ms (${sort.commits}c)`)
    .join(', ');
  console.log(`    sorts: ${sorts}`);
  for (const problem of run.pageProblems) console.log(`    page problem: ${problem}`);
}

/** React commits, long tasks and the longest frame within [from, to], with the scripts that filled that frame. */
function printWindow(label: string, thread: MainThread, from: number, to: number): void {
  const overlaps = (span: Span) => span.start + span.duration >= from && span.start <= to;
  const tasks = thread.longTasks.filter(overlaps);
  const commits = thread.commits.filter((at) => at >= from && at <= to).length;
  console.log(
    `    ${label}: ${commits} React commits, ${tasks.length} long tasks ` +
      `(${formatMs(sum(tasks.map((task) => task.duration)))} ms, longest ` +
      `${formatMs(Math.max(0, ...tasks.map((task) => task.duration)))} ms)`,
  );
  const frame = thread.slowFrames.filter(overlaps).sort((a, b) => b.duration - a.duration)[0];
  if (!frame) return;
  const scripts = [...frame.scripts]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 3)
    .map(
      (script) =>
        `${script.source.trim()} ${formatMs(script.duration)} ms` +
        (script.forcedLayout > 0 ? ` (forced layout ${formatMs(script.forcedLayout)} ms)` : ''),
    )
    .join('; ');
  const layout =
    frame.styleAndLayoutStart > 0 ? frame.start + frame.duration - frame.styleAndLayoutStart : Number.NaN;
  console.log(
    `      longest frame ${formatMs(frame.duration)} ms, of which style + layout after the scripts ${formatMs(layout)} ms; ` +
      `scripts: ${scripts || 'none attributed'}`,
  );
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function mb(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MB`;
}
