import autocannon from 'autocannon';

export type Target = {
  name: string;
  url: string;
  headers: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
};

export type Round = {
  target: string;
  seconds: number;
  ok: number;
  latenciesMs: number[];
  bytes: number;
  errors: number;
  timeouts: number;
  non2xx: number;
};

/**
 * One autocannon run. Latencies are collected per response because autocannon's histogram has
 * p97.5 but no p95; bytes are counted the same way so that throughput spans the same responses.
 */
export function runLoad(target: Target, connections: number, seconds: number): Promise<Round> {
  const latenciesMs: number[] = [];
  let bytes = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: target.method ?? 'GET',
        headers: target.headers,
        body: target.body,
        connections,
        duration: seconds,
      },
      (error: Error | null, result) => {
        if (error) return reject(error);
        resolve({
          target: target.name,
          seconds: result.duration,
          ok: result['2xx'],
          latenciesMs,
          bytes,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
    instance.on('response', (_client, _status, resBytes, responseTime) => {
      latenciesMs.push(responseTime);
      bytes += resBytes;
    });
  });
}

/** Several rounds of one target as if they were one long run. */
export function combine(rounds: Round[]): Round {
  return {
    target: rounds[0].target,
    seconds: sum(rounds.map((round) => round.seconds)),
    ok: sum(rounds.map((round) => round.ok)),
    latenciesMs: rounds.flatMap((round) => round.latenciesMs),
    bytes: sum(rounds.map((round) => round.bytes)),
    errors: sum(rounds.map((round) => round.errors)),
    timeouts: sum(rounds.map((round) => round.timeouts)),
    non2xx: sum(rounds.map((round) => round.non2xx)),
  };
}

export type Figures = { rps: number; p50: number; p95: number; bytesPerSecond: number; failures: string };

/** Only 2xx answers count as requests served; errors and other statuses are shown beside them. */
export function figures(round: Round): Figures {
  const sorted = [...round.latenciesMs].sort((a, b) => a - b);
  return {
    rps: round.ok / round.seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    bytesPerSecond: round.bytes / round.seconds,
    failures: `${round.errors} err / ${round.timeouts} t.o. / ${round.non2xx} non-2xx`,
  };
}

// Nearest rank: a latency that some request actually had.
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** POSTs JSON (or no body) and answers the parsed reply; an answer but 2xx stops the bench. */
export async function postJson<T>(url: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Stops the bench before it measures a target that does not answer 200, or answers 200 with a
 * JSON-RPC error (which MCP sends that way): its figures would be those of a failure.
 */
export async function expectOk(target: Target): Promise<void> {
  const response = await fetch(target.url, {
    method: target.method,
    headers: target.headers,
    body: target.body,
  });
  const text = await response.text();
  if (response.status !== 200 || hasRpcError(text)) {
    throw new Error(`${target.name} answered ${response.status}: ${text}`);
  }
}

function hasRpcError(text: string): boolean {
  try {
    const answer = JSON.parse(text) as { jsonrpc?: unknown; error?: unknown } | null;
    return answer?.jsonrpc === '2.0' && answer.error !== undefined;
  } catch {
    return false;
  }
}
