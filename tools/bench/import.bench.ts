import {
  IMPORT_PAGE_MAX_PROMPTS,
  MAX_BODY_BYTES,
  namespaced,
  type EventEnvelope,
  type ImportItem,
  type ImportResult,
  type LimitsRecord,
  type Prompt,
} from '@promptlib/proto';
import { connect } from 'nats';
import { randomBytes, randomUUID } from 'node:crypto';
import { envNumber, loadAverage, machineLine, runBench, type BenchRun } from './bench-run';
import { registerUser, startBenchStack, type BenchStack, type BenchUser } from './bench-stack';

/**
 * A Pro user imports a file of BENCH_PROMPTS (5,000) small prompts (a title and one to three
 * sentences, five categories) through POST /api/prompts/import in pages of up to 100, one after
 * another as the SPA sends them, then imports the same file again (every prompt a duplicate). The
 * apps run as production runs them, the import limit at its default. Prints each pass's time,
 * prompts per second and page latencies; asserts nothing but that the library ends up with the file.
 *
 *   BENCH_PROMPTS
 */
const PROMPTS = envNumber('BENCH_PROMPTS', 5_000);
const CATEGORIES = ['Writing', 'Code', 'Research', 'Marketing', 'Support'];

type Page = { categories: string[]; prompts: ImportItem[] };
type Pass = {
  label: string;
  ms: number;
  pageMs: number[];
  imported: number;
  skipped: Record<string, number>;
};

async function bench({ namespace, cleanup }: BenchRun): Promise<void> {
  const stack = await startBenchStack(namespace, cleanup);
  const user = await registerUser(stack.gatewayUrl, `bench_${randomBytes(4).toString('hex')}`);
  await makePro(stack, user);
  const pages = paginate(fileOf(PROMPTS));
  const bytes = pages.map((page) => Buffer.byteLength(JSON.stringify(page)));

  console.log(machineLine());
  console.log(
    `${PROMPTS} prompts in ${pages.length} pages (${(bytes.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} kB, ` +
      `largest page ${(Math.max(...bytes) / 1024).toFixed(1)} kB), one page at a time`,
  );
  const first = await importFile(stack, user, pages, 'first import');
  const again = await importFile(stack, user, pages, 'same file again');
  for (const pass of [first, again]) report(pass);

  const listed = await listPrompts(stack, user);
  if (listed.length !== PROMPTS || first.imported !== PROMPTS || again.imported !== 0) {
    throw new Error(
      `expected ${PROMPTS} prompts imported once; the library has ${listed.length}, ` +
        `the passes imported ${first.imported} and ${again.imported}`,
    );
  }
  console.log(`The library holds the ${listed.length} prompts. Load average at the end: ${loadAverage()}`);
}

/** Pro as billing would announce it, then waits until the library's limits say so. */
async function makePro(stack: BenchStack, user: BenchUser): Promise<void> {
  const type = 'events.tier.changed';
  const envelope: EventEnvelope<typeof type> = {
    id: randomUUID(),
    type,
    occurredAt: new Date().toISOString(),
    data: { userId: user.id, isPro: true, isCancelled: false, endsAt: null, version: 1 },
  };
  const connection = await connect({ servers: stack.natsUrl });
  try {
    await connection
      .jetstream()
      .publish(namespaced(stack.namespace, type), JSON.stringify(envelope), { msgID: envelope.id });
  } finally {
    await connection.close();
  }
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const limits = (await call<LimitsRecord>(stack, user, 'GET', '/api/user/limits')).body;
    if (limits.isPro) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the library did not see the user turn Pro within 10 s');
}

/** Small prompts as a prompts.chat file holds them: a title and a few sentences, some favourites. */
function fileOf(count: number): ImportItem[] {
  return Array.from({ length: count }, (_, n) => ({
    title: `Act as assistant number ${n + 1}`,
    content:
      `I want you to act as assistant number ${n + 1}. ` +
      'Answer in plain words, ask when something is unclear, and keep each answer short. '.repeat(
        1 + (n % 3),
      ),
    category: n % 6 === 5 ? null : CATEGORIES[n % CATEGORIES.length],
    isFavorite: n % 10 === 0,
    usageCount: n % 17,
  }));
}

/** Pages of up to 100 prompts within the body limit; the first carries the category order. */
function paginate(items: ImportItem[]): Page[] {
  const pages: Page[] = [];
  let page: Page = { categories: CATEGORIES, prompts: [] };
  for (const item of items) {
    const next = { ...page, prompts: [...page.prompts, item] };
    if (
      page.prompts.length === IMPORT_PAGE_MAX_PROMPTS ||
      Buffer.byteLength(JSON.stringify(next)) > MAX_BODY_BYTES
    ) {
      pages.push(page);
      page = { categories: [], prompts: [item] };
    } else {
      page = next;
    }
  }
  if (page.prompts.length > 0) pages.push(page);
  return pages;
}

async function importFile(stack: BenchStack, user: BenchUser, pages: Page[], label: string): Promise<Pass> {
  const pass: Pass = { label, ms: 0, pageMs: [], imported: 0, skipped: {} };
  const started = performance.now();
  for (const page of pages) {
    const sent = performance.now();
    const { status, body } = await call<ImportResult>(stack, user, 'POST', '/api/prompts/import', page);
    if (status !== 200) throw new Error(`a page answered ${status}: ${JSON.stringify(body)}`);
    pass.pageMs.push(performance.now() - sent);
    for (const outcome of body.prompts) {
      if (outcome.status === 'imported') pass.imported += 1;
      else pass.skipped[outcome.reason] = (pass.skipped[outcome.reason] ?? 0) + 1;
    }
  }
  pass.ms = performance.now() - started;
  return pass;
}

function report(pass: Pass): void {
  const sorted = [...pass.pageMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const total = pass.imported + Object.values(pass.skipped).reduce((a, b) => a + b, 0);
  console.log(
    `${pass.label.padEnd(16)} ${(pass.ms / 1000).toFixed(2).padStart(6)} s  ` +
      `${((total / pass.ms) * 1000).toFixed(0).padStart(5)} prompts/s  ` +
      `page p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms  ` +
      `imported ${pass.imported}, skipped ${JSON.stringify(pass.skipped)}`,
  );
}

async function listPrompts(stack: BenchStack, user: BenchUser): Promise<Prompt[]> {
  return (await call<Prompt[]>(stack, user, 'GET', '/api/prompts')).body;
}

async function call<T>(
  stack: BenchStack,
  user: BenchUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { Cookie: user.cookie, Origin: stack.gatewayUrl };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${stack.gatewayUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

runBench(bench);
