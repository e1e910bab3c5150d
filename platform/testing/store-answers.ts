import Redis from 'ioredis';

/**
 * What Redis answers `command` sent as the user in `url`: 'allowed', or the first word of its
 * refusal (NOPERM, WRONGPASS, …). For tests of who may do what.
 */
export async function redisAnswer(url: string, command: string[]): Promise<string> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  try {
    const [name, ...args] = command;
    return await client.call(name, ...args).then(
      () => 'allowed',
      (error: Error) => error.message.split(' ')[0],
    );
  } finally {
    client.disconnect();
  }
}
