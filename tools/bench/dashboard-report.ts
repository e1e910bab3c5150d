import type { RunResult, Timed } from './dashboard-browser';
import type { Fetched, MainThread, SlowFrame, Span } from './dashboard-probe';

type Target = { limit: number; inclusive: boolean };
type Unit = 'ms' | 'cards' | 'MB' | 'KB';
type Row = { label: string; target: Target | null; values: number[]; unit: Unit };

const GOAL_FIRST_CARD_MS: Target = { limit: 1_500, inclusive: true };
const GOAL_HEAP_AFTER_LOAD_MB: Target = { limit: 80, inclusive: true };
const GOAL_SEARCH_MS: Target = { limit: 150, inclusive: true };
const GOAL_LIBRARY_DATA_KB: Target = { limit: 100, inclusive: true };
const GOAL_DATA_AND_CODE_KB: Target = { limit: 500, inclusive: true };
const GOAL_CARDS_AFTER_SCROLL: Target = { limit: 100, inclusive: false };
const GOAL_HEAP_AFTER_SCROLL_MB: Target = { limit: 120, inclusive: true };

const MB = 1_000_000;
const KB = 1_000;

/** The table of goals first, then what the runs saw along the way, for whoever has to make it faster. */
export function printDashboardReport(runs: RunResult[]): void {
  const position = runs[0].scroll.position;
  const rows: Row[] = [
    row('navigation → first card in the DOM', 'ms', GOAL_FIRST_CARD_MS, runs.map(firstCardMs)),
    row('  … and painted (next frame)', 'ms', null, runs.map(firstPaintMs)),
    row(
      'JS heap after load',
      'MB',
      GOAL_HEAP_AFTER_LOAD_MB,
      runs.map((run) => run.heapAfterLoad.used / MB),
    ),
    row(
      '  … after a full GC',
      'MB',
      null,
      runs.map((run) => run.heapAfterLoad.afterGc / MB),
    ),
    row(
      'library data before first card (gzip)',
      'KB',
      GOAL_LIBRARY_DATA_KB,
      runs.map(bytesBeforeCard('api')),
    ),
    row('  … with the app code (JS/CSS/HTML)', 'KB', GOAL_DATA_AND_CODE_KB, runs.map(bytesBeforeCard('all'))),
    ...runs[0].searches.map((search, index) =>
      row(
        `search ${search.label}`,
        'ms',
        GOAL_SEARCH_MS,
        runs.map((run) => run.searches[index].ms),
      ),
    ),
    row(
      'search, slowest of the above',
      'ms',
      GOAL_SEARCH_MS,
      runs.map((run) => slowest(run.searches).ms),
    ),
    row(
      '  … and painted (next frame)',
      'ms',
      null,
      runs.map((run) => slowest(run.searches).paintedMs),
    ),
    ...runs[0].sorts.map((sort, index) =>
      row(
        `sort → ${sort.label}`,
        'ms',
        null,
        runs.map((run) => run.sorts[index].ms),
      ),
    ),
    row(
      `scroll to card ${position}`,
      'ms',
      null,
      runs.map((run) => run.scroll.ms),
    ),
    row(
      '  … cards in the DOM then',
      'cards',
      GOAL_CARDS_AFTER_SCROLL,
      runs.map((run) => run.scroll.cards),
    ),
    row(
      '  … JS heap then',
      'MB',
      GOAL_HEAP_AFTER_SCROLL_MB,
      runs.map((run) => run.scroll.heap.used / MB),
    ),
    row(
      '  … after a full GC',
      'MB',
      null,
      runs.map((run) => run.scroll.heap.afterGc / MB),
    ),
  ];
  printTable(rows, runs.length);

  console.log(
    "\nFirst card: from the navigation (the page clock's zero) to the first card in the DOM. Bytes: the " +
      'bodies as they came over the wire (gzip where compressed) of the responses that ended before it; ' +
      'library data is /api/…, the app code everything else. Heap: Performance.getMetrics JSHeapUsedSize, ' +
      'with a forced GC after as a second reading. Search is timed from the last keystroke + 300 ms (the ' +
      "debounce) to the DOM showing the server's count and first card; sort from the option's click; the " +
      `scroll from its first step (main to its end, again and again, as the pages come) to card ${position} ` +
      'in the DOM. All times come from performance.now() in the page; MB and KB are 10^6 and 10^3 bytes.',
  );
  console.log('\nCards in the DOM per step (run 1, 2, …):');
  for (const [index, phase] of runs[0].cards.entries()) {
    console.log(`  ${phase.phase.padEnd(18)} ${runs.map((run) => run.cards[index].count).join(', ')}`);
  }

  console.log('\nWhere the time went:');
  runs.forEach((run, index) => printRunDetails(run, index + 1));
}

function row(label: string, unit: Unit, target: Target | null, values: number[]): Row {
  return { label: `${label} (${unit})`, target, values, unit };
}

function firstCardMs(run: RunResult): number {
  return run.load.firstCardInDom ?? Number.NaN;
}

function firstPaintMs(run: RunResult): number {
  return run.load.firstCardPainted ?? Number.NaN;
}

/** The responses that had ended when the first card came: what the page needed (or read anyway) to show it. */
function beforeFirstCard(run: RunResult): Fetched[] {
  const at = run.load.firstCardInDom ?? Number.NaN;
  return run.load.fetched.filter((entry) => entry.responseEnd <= at);
}

function bytesBeforeCard(kind: 'api' | 'all'): (run: RunResult) => number {
  return (run) =>
    sum(
      beforeFirstCard(run)
        .filter((entry) => kind === 'all' || entry.kind === kind)
        .map((entry) => entry.encodedBytes),
    ) / KB;
}

function slowest(timings: Timed[]): Timed {
  return timings.reduce((worst, timing) => (timing.ms > worst.ms ? timing : worst));
}

function printTable(rows: Row[], runCount: number): void {
  const runHeads = Array.from({ length: runCount }, (_, index) => `run ${index + 1}`);
  const head = ['', 'goal', ...runHeads, 'median', 'worst', 'result'];
  const labelWidth = Math.max(...rows.map((entry) => entry.label.length)) + 2;
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
  for (const entry of rows) {
    const sorted = [...entry.values].sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    const worst = sorted[sorted.length - 1];
    const format = (value: number) => formatValue(entry.unit, value);
    console.log(
      line([
        entry.label,
        targetText(entry.target),
        ...entry.values.map(format),
        format(median),
        format(worst),
        verdict(entry.target, median, worst),
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

/** The worst run decides; a goal met only by the median is called so rather than rounded to a pass. */
function verdict(target: Target | null, median: number, worst: number): string {
  if (target === null) return 'info';
  if (within(target, worst)) return 'pass';
  return within(target, median) ? 'median only' : 'FAIL';
}

function formatValue(unit: Unit, value: number): string {
  if (Number.isNaN(value)) return 'n/a';
  if (unit === 'cards') return String(value);
  if (unit === 'MB' || unit === 'KB') return value.toFixed(1);
  return formatMs(value);
}

function formatMs(value: number): string {
  if (Number.isNaN(value)) return 'n/a';
  return value < 100 ? value.toFixed(1) : value.toFixed(0);
}

function printRunDetails(run: RunResult, number: number): void {
  const { fetched, firstCardInDom } = run.load;
  console.log(`  Run ${number}:`);
  if (firstCardInDom !== null) {
    const before = beforeFirstCard(run);
    console.log(`    responses ended before the first card (${formatMs(firstCardInDom)} ms):`);
    for (const entry of before) printFetched(entry);
    const during = fetched.filter(
      (entry) => entry.responseEnd > firstCardInDom && entry.startTime < firstCardInDom,
    );
    if (during.length > 0) console.log('    asked for before it, ended after it:');
    for (const entry of during) printFetched(entry);
    printWindow('navigation → first card', run.mainThread, 0, firstCardInDom);
  }
  for (const search of run.searches) printChange(`search ${search.label}`, search, fetched);
  const worst = slowest(run.searches);
  printWindow(`slowest search, ${worst.label}`, run.mainThread, worst.startAt, worst.paintedAt);
  for (const sort of run.sorts) printChange(`sort → ${sort.label}`, sort, fetched);
  const { scroll } = run;
  const pages = fetched.filter(
    (entry) =>
      entry.path.startsWith('/api/prompts/cards') &&
      entry.startTime >= scroll.startAt &&
      entry.startTime <= scroll.foundAt,
  );
  // Each step down waits for one page; a step growing with the list is work per loaded card.
  const tenth = Math.max(1, Math.floor(scroll.downStepMs.length / 10));
  console.log(
    `    scroll to card ${scroll.position}: ${scroll.steps} steps, ${pages.length} pages of cards read ` +
      `(${kb(sum(pages.map((entry) => entry.encodedBytes)))} on the wire, ` +
      `${kb(sum(pages.map((entry) => entry.decodedBytes)))} of JSON), server time to first byte ` +
      `${formatMs(median(pages.map((entry) => entry.responseStart - entry.startTime)))} ms median; a step down took ` +
      `${formatMs(median(scroll.downStepMs.slice(0, tenth)))} ms median in the first tenth of them, ` +
      `${formatMs(median(scroll.downStepMs.slice(-tenth)))} ms in the last`,
  );
  printWindow('the scroll', run.mainThread, scroll.startAt, scroll.foundAt);
  for (const problem of run.pageProblems) console.log(`    page problem: ${problem}`);
}

/**
 * One search or sort split where its time went: the app's work before its first page of cards was
 * asked for, the request (the server's part up to the first byte), and the work from the answer to
 * the DOM. A list still cached shows without a request.
 */
function printChange(label: string, change: Timed, fetched: Fetched[]): void {
  const shownAt = change.startAt + change.ms;
  const request = fetched.findLast(
    (entry) =>
      entry.path.startsWith('/api/prompts/cards?') &&
      !entry.path.includes('cursor=') &&
      entry.startTime >= change.startAt - 1 &&
      entry.startTime <= shownAt,
  );
  const timer = change.timerLateMs === null ? '' : `, debounce timer +${formatMs(change.timerLateMs)} ms`;
  const split = request
    ? `${formatMs(request.startTime - change.startAt)} ms to ask + ` +
      `${formatMs(request.responseEnd - request.startTime)} ms its first page ` +
      `(first byte after ${formatMs(request.responseStart - request.startTime)} ms) + ` +
      `${formatMs(shownAt - request.responseEnd)} ms to the DOM`
    : 'the list was cached, no request';
  console.log(`    ${label}: ${formatMs(change.ms)} ms = ${split}; ${change.commits} React commits${timer}`);
}

function printFetched(entry: Fetched): void {
  console.log(
    `      ${formatMs(entry.startTime).padStart(5)} → ${formatMs(entry.responseEnd).padStart(5)} ms ` +
      `${kb(entry.encodedBytes).padStart(9)} (${kb(entry.decodedBytes)} unpacked) ${entry.path}`,
  );
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
  const frames = thread.slowFrames.filter(overlaps);
  if (frames.length === 0) return;
  // Long frames only: work in frames under 50 ms is not attributed.
  const byFile = new Map<string, number>();
  for (const script of frames.flatMap((slow) => slow.scripts)) {
    const file = script.file || '(no file)';
    byFile.set(file, (byFile.get(file) ?? 0) + script.duration);
  }
  const layoutMs = sum(frames.map(afterScripts).filter((ms) => !Number.isNaN(ms)));
  const files = [...byFile]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([file, ms]) => `${file} ${formatMs(ms)} ms`)
    .join(', ');
  console.log(
    `      ${frames.length} long frames, ${formatMs(sum(frames.map((slow) => slow.duration)))} ms: scripts by file ` +
      `${files || 'none attributed'}; style + layout after the scripts ${formatMs(layoutMs)} ms`,
  );
  const frame = [...frames].sort((a, b) => b.duration - a.duration)[0];
  const scripts = [...frame.scripts]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 3)
    .map(
      (script) =>
        `${script.source.trim()} ${formatMs(script.duration)} ms` +
        (script.forcedLayout > 0 ? ` (forced layout ${formatMs(script.forcedLayout)} ms)` : ''),
    )
    .join('; ');
  console.log(
    `      longest frame ${formatMs(frame.duration)} ms, of which style + layout after the scripts ${formatMs(afterScripts(frame))} ms; ` +
      `scripts: ${scripts || 'none attributed'}`,
  );
}

/** Style and layout from the end of a frame's scripts to its end (NaN when the frame did none). */
function afterScripts(frame: SlowFrame): number {
  return frame.styleAndLayoutStart > 0
    ? frame.start + frame.duration - frame.styleAndLayoutStart
    : Number.NaN;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}
