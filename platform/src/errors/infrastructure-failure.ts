/**
 * What an error thrown by Postgres, Redis or their clients means for the caller:
 * - `unavailable`: the store cannot be reached or is overloaded or shutting down; trying again
 *   later can work (503).
 * - `bad-input`: Postgres refused a value it was given (a data exception such as an invalid byte
 *   sequence or an out-of-range number), which only a request can have brought (400).
 * - `null`: anything else, a fault of ours (500).
 */
export type InfrastructureFailure = 'unavailable' | 'bad-input' | null;

// Socket-level failures of any client: refused, reset, timed out, unresolvable, unreachable.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

// SQLSTATEs by class: 08 connection exception, 53 insufficient resources, 57P0x shutdown or
// startup, 57014 a statement cancelled at the statement timeout (a store too slow to answer in
// time), 40001/40P01 a serialization failure or deadlock that a retry resolves.
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[1-4]$|57014$|40001$|40P01$)/;
// 22 data exception; 54000 program limit exceeded (a value too large for an index row).
const BAD_INPUT_SQLSTATE = /^(22|54000$)/;

// Messages of pg and ioredis that carry no code.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Connection is closed',
  'Cannot use a pool after calling end',
  "Stream isn't writeable",
  'connect ETIMEDOUT',
];

export function infrastructureFailureOf(error: unknown): InfrastructureFailure {
  if (typeof error !== 'object' || error === null) return null;
  const candidate = error as { code?: unknown; name?: unknown; message?: unknown; driverError?: unknown };
  const code = typeof candidate.code === 'string' ? candidate.code : undefined;
  if (code && NETWORK_CODES.has(code)) return 'unavailable';
  if (candidate.name === 'MaxRetriesPerRequestError') return 'unavailable';
  if (code && /^[0-9A-Z]{5}$/.test(code)) {
    if (UNAVAILABLE_SQLSTATE.test(code)) return 'unavailable';
    if (BAD_INPUT_SQLSTATE.test(code)) return 'bad-input';
  }
  const message = typeof candidate.message === 'string' ? candidate.message : '';
  if (UNAVAILABLE_MESSAGES.some((known) => message.includes(known))) return 'unavailable';
  // TypeORM wraps the driver's error; an AggregateError (a failed dual-stack connect) holds several.
  if (candidate.driverError && candidate.driverError !== error)
    return infrastructureFailureOf(candidate.driverError);
  const errors = (error as { errors?: unknown }).errors;
  if (Array.isArray(errors) && errors.some((inner) => infrastructureFailureOf(inner) === 'unavailable')) {
    return 'unavailable';
  }
  return null;
}
