import type { Env } from './load-config';

/**
 * What production insists on of a process's way to the bus and the stores, whatever the process:
 * it signs in to each, and reaches NATS over TLS. Anonymous NATS would let any process be any
 * service; plain NATS would carry every sign-in's password across the network in clear; a store
 * without a password is open to whatever can reach it. Only the variables a process reads are
 * checked.
 */
export function productionAccessProblems(reads: readonly string[], given: Env): string[] {
  const problems: string[] = [];
  if (reads.includes('NATS_URL')) {
    if (given.NATS_USER === undefined && given.NATS_CREDS_FILE === undefined)
      problems.push(
        'NATS_USER and NATS_PASSWORD (or NATS_CREDS_FILE) must be set: each process is its own NATS user',
      );
    if (given.NATS_TLS_CA === undefined)
      problems.push('NATS_TLS_CA must be set: production reaches NATS over TLS only');
  }
  if (reads.includes('REDIS_URL') && given.REDIS_URL !== undefined) {
    if (!hasPassword(given.REDIS_URL))
      problems.push('REDIS_URL must carry the password of the process’s Redis user');
    // The default user may touch every key: each process signs in as its own (redisKeyAccess).
    if (!hasOwnUser(given.REDIS_URL))
      problems.push(
        'REDIS_URL must name the process’s own Redis user (redis://<user>:<password>@…), not the default one',
      );
  }
  // The migrate step's REDIS_ADMIN_URL and REDIS_<PROCESS>_URL.
  for (const variable of reads.filter((name) => /^REDIS_[A-Z]+_URL$/.test(name))) {
    const address = given[variable];
    if (address !== undefined && !hasPassword(address)) problems.push(`${variable} must carry a password`);
  }
  // DATABASE_URL, and the migrate step's DATABASE_ADMIN_URL and DATABASE_<SERVICE>_URL.
  for (const variable of reads.filter((name) => /^DATABASE_([A-Z]+_)?URL$/.test(name))) {
    const address = given[variable];
    if (address !== undefined && !hasPassword(address) && !/[?&]sslcert=/.test(address))
      problems.push(`${variable} must carry a password (or a client certificate, sslcert)`);
  }
  return problems;
}

function hasOwnUser(url: string): boolean {
  try {
    const user = new URL(url).username;
    return user !== '' && user !== 'default';
  } catch {
    return true;
  }
}

function hasPassword(url: string): boolean {
  try {
    return new URL(url).password !== '';
  } catch {
    // A malformed address is reported by the variable's own check.
    return true;
  }
}
