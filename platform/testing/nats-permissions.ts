import type { NatsConnection } from 'nats';

/**
 * How many permission violations the server reported on this connection for what `act` sent (a
 * publish or subscribe it refuses is reported asynchronously, as a status, not as an error).
 */
export async function permissionViolations(connection: NatsConnection, act: () => void): Promise<number> {
  let count = 0;
  const watching = (async () => {
    for await (const status of connection.status()) {
      if (String(status.data).includes('PERMISSIONS_VIOLATION')) count += 1;
    }
  })();
  act();
  await connection.flush();
  // The server's report follows the flush's answer closely, not with it.
  await new Promise((resolve) => setTimeout(resolve, 300));
  void watching;
  return count;
}
