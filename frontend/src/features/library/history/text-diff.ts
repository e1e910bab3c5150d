/**
 * Two texts compared for a reader: what the first has that the second has not (removed), what the
 * second adds (added), and what they share. Myers' algorithm finds the fewest changes in
 * O((N+M)·D) time; D and the work are capped, so two texts that differ everywhere cost a bounded
 * few milliseconds and are then shown as one block removed and one block added.
 */

export type DiffMode = 'words' | 'lines';
export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string };
export type TextDiff = {
  /** How the texts were compared: by words for prose, by lines for code-like text. */
  mode: DiffMode;
  /**
   * In `lines` mode each part is whole lines joined by '\n' (no line break at its end); the parts
   * of the text are the lines of all parts in order.
   */
  parts: DiffPart[];
  /** Too different to compare finely: what lies between the shared start and end is shown whole. */
  whole: boolean;
};

/** Changes (tokens removed or added) past which Myers' search gives up. */
export const MAX_EDITS = 1_000;
/** Token comparisons and steps past which Myers' search gives up, whatever D is. */
export const MAX_WORK = 20_000_000;

export type DiffLimits = { maxEdits?: number; maxWork?: number };

/**
 * Whether a text reads as code, to be compared line by line; prose is compared word by word. It is
 * code when it holds a fenced block (a line starting with ``` or ~~~), or when it has at least
 * three non-blank lines and at least half of them look like code: they start with a tab or two
 * spaces, hold one of `{ } ;`, an `=`, or a name directly followed by `(` as in `print(x)`.
 * Parentheses after a space, as prose writes them, do not count.
 */
export function looksLikeCode(text: string): boolean {
  const lines = text.split('\n');
  if (lines.some((line) => /^\s*(```|~~~)/.test(line))) return true;
  const filled = lines.filter((line) => line.trim() !== '');
  if (filled.length < 3) return false;
  const codeLike = filled.filter((line) => /^(\t| {2})/.test(line) || /[{};=]|\w\(/.test(line)).length;
  return codeLike * 2 >= filled.length;
}

/**
 * `before` compared with `after`. Prose is compared by words; when that is past the limits, by
 * lines; when that is too, the changed middle is one removed block and one added block.
 */
export function diffText(before: string, after: string, mode: DiffMode, limits: DiffLimits = {}): TextDiff {
  const modes: DiffMode[] = mode === 'words' ? ['words', 'lines'] : ['lines'];
  for (const tried of modes) {
    const parts = diffTokens(tokenize(before, tried), tokenize(after, tried), limits);
    if (parts) return { mode: tried, parts: finish(parts, tried), whole: false };
  }
  const a = tokenize(before, mode);
  const b = tokenize(after, mode);
  const start = sharedStart(a, b);
  const end = sharedEnd(a, b, start);
  const parts: Array<{ kind: DiffPart['kind']; tokens: string[] }> = [
    { kind: 'same', tokens: a.slice(0, start) },
    { kind: 'removed', tokens: a.slice(start, a.length - end) },
    { kind: 'added', tokens: b.slice(start, b.length - end) },
    { kind: 'same', tokens: a.slice(a.length - end) },
  ];
  return { mode, parts: finish(parts, mode), whole: true };
}

/** Words, runs of spaces and single punctuation marks; or lines, without their line breaks. */
export function tokenize(text: string, mode: DiffMode): string[] {
  if (mode === 'lines') return text === '' ? [] : text.split('\n');
  return text.match(/\s+|[\p{L}\p{N}\p{M}_]+|[^\s\p{L}\p{N}\p{M}_]/gu) ?? [];
}

type Run = { kind: DiffPart['kind']; tokens: string[] };

/**
 * The shortest edit script from `a` to `b` as runs of tokens, in order; null when it needs more
 * than `maxEdits` changes or `maxWork` steps.
 */
export function diffTokens(a: string[], b: string[], limits: DiffLimits = {}): Run[] | null {
  const maxEdits = limits.maxEdits ?? MAX_EDITS;
  let budget = limits.maxWork ?? MAX_WORK;
  const start = sharedStart(a, b);
  const end = sharedEnd(a, b, start);
  // Numbers compare faster than strings in the inner loop.
  const ids = new Map<string, number>();
  const idOf = (token: string) => {
    let id = ids.get(token);
    if (id === undefined) ids.set(token, (id = ids.size));
    return id;
  };
  const x0 = a.slice(start, a.length - end).map(idOf);
  const y0 = b.slice(start, b.length - end).map(idOf);
  const n = x0.length;
  const m = y0.length;
  const limit = Math.min(n + m, maxEdits);

  // v[offset + k] is the furthest x on diagonal k (x − y = k); trace[d] keeps v for k in −d..d.
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  search: for (let d = 0; d <= limit; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1;
      let y = x - k;
      const snakeStart = x;
      while (x < n && y < m && x0[x] === y0[y]) {
        x++;
        y++;
      }
      budget -= x - snakeStart + 1;
      v[offset + k] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(offset - d, offset + d + 1));
        found = d;
        break search;
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
    if (budget < 0) return null;
  }
  if (found < 0) return null;

  // Walked back from the end: each step of d is one token removed or added, after a shared snake.
  const ops: Array<{ kind: DiffPart['kind']; token: string }> = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const previous = trace[d - 1]!;
    const at = (k: number) => previous[k + d - 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      ops.push({ kind: 'same', token: a[start + x - 1]! });
      x--;
      y--;
    }
    if (down) ops.push({ kind: 'added', token: b[start + previousY]! });
    else ops.push({ kind: 'removed', token: a[start + previousX]! });
    x = previousX;
    y = previousY;
  }
  while (x > 0) {
    ops.push({ kind: 'same', token: a[start + x - 1]! });
    x--;
  }
  ops.reverse();

  const runs: Run[] = [{ kind: 'same', tokens: a.slice(0, start) }];
  for (const op of ops) {
    const last = runs.at(-1)!;
    if (last.kind === op.kind) last.tokens.push(op.token);
    else runs.push({ kind: op.kind, tokens: [op.token] });
  }
  runs.push({ kind: 'same', tokens: a.slice(a.length - end) });
  return runs;
}

function sharedStart(a: string[], b: string[]): number {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  return start;
}

function sharedEnd(a: string[], b: string[], start: number): number {
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end])
    end++;
  return end;
}

/**
 * Runs joined into parts: empty runs dropped, neighbours of one kind merged, and each stretch of
 * changes told as all it removes, then all it adds. In words mode a stretch of spaces alone between
 * two changes joins them ("quick brown" → "slow red" rather than two changes around one space),
 * which reads as the edit the writer made.
 */
function finish(runs: Run[], mode: DiffMode): DiffPart[] {
  let kept = runs.filter((run) => run.tokens.length > 0);
  if (mode === 'words') kept = joinAcrossSpaces(kept);
  const separator = mode === 'lines' ? '\n' : '';
  const parts: DiffPart[] = [];
  let same: string[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    if (same.length > 0) parts.push({ kind: 'same', text: same.join(separator) });
    if (removed.length > 0) parts.push({ kind: 'removed', text: removed.join(separator) });
    if (added.length > 0) parts.push({ kind: 'added', text: added.join(separator) });
    same = [];
    removed = [];
    added = [];
  };
  for (const run of kept) {
    if (run.kind === 'same') {
      if (removed.length > 0 || added.length > 0) flush();
      same.push(...run.tokens);
    } else {
      if (same.length > 0) flush();
      (run.kind === 'removed' ? removed : added).push(...run.tokens);
    }
  }
  flush();
  return parts;
}

function joinAcrossSpaces(runs: Run[]): Run[] {
  const changed = (run: Run | undefined) => run !== undefined && run.kind !== 'same';
  const out: Run[] = [];
  for (let index = 0; index < runs.length; index++) {
    const run = runs[index]!;
    const spaceOnly = run.kind === 'same' && run.tokens.every((token) => /^\s+$/.test(token));
    if (spaceOnly && changed(out.at(-1)) && changed(runs[index + 1])) {
      out.push({ kind: 'removed', tokens: run.tokens }, { kind: 'added', tokens: run.tokens });
      continue;
    }
    out.push(run);
  }
  return out;
}

/** Whether the two texts differ at all, as the diff would show. */
export function hasChanges(diff: TextDiff): boolean {
  return diff.parts.some((part) => part.kind !== 'same');
}
