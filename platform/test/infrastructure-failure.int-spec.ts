import { commonMessages } from '@promptlib/proto';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../src/database/create-data-source';
import { infrastructureFailureOf } from '../src/errors/infrastructure-failure';
import { serviceErrorFor } from '../src/errors/service-exception.filter';
import { serviceError } from '../src/errors/service-error';
import { createLogger } from '../src/logging/logger';
import { createRedis } from '../src/redis/redis';
import { freePort } from '../testing/ports';
import { openTestDatabase, type TestDatabase } from './support/test-database';

/** What the promise failed with (the test fails if it did not). */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

const silent = createLogger('infrastructure-failure-test', 'silent');

// The errors are the ones the real clients throw, against a real Postgres and Redis or a port
// nothing listens on: the classification follows what the drivers actually do.
describe('failures of Postgres and Redis, as the caller is told of them', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await openTestDatabase('infra');
    dataSource = createDataSource({
      url: database.url,
      schema: database.newSchema('infra'),
      entities: [],
      migrations: [],
      logger: silent,
    });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.cleanup();
  });

  it.each([
    ['NUL in a text parameter', `SELECT $1::text`, ['a\u0000b']],
    ['a lone surrogate in a JSON parameter', `SELECT $1::jsonb`, [JSON.stringify({ name: 'x\udfffy' })]],
    ['an id beyond a 32-bit integer', `SELECT $1::int`, [2 ** 31]],
    ['a string where a number is expected', `SELECT $1::int`, ['twelve']],
  ])(
    'a value Postgres refuses (%s) is bad input: VALIDATION_FAILED, not INTERNAL',
    async (_case, sql, params) => {
      const error = await failureOf(dataSource.query(sql, params));
      expect(infrastructureFailureOf(error)).toBe('bad-input');
      expect(serviceErrorFor(error, silent, { subject: 'test' })).toEqual({
        code: 'VALIDATION_FAILED',
        message: commonMessages.unstorableValue,
      });
    },
  );

  it('a Postgres that cannot be reached is unavailable', async () => {
    const url = new URL(database.url);
    url.port = String(await freePort());
    const unreachable = createDataSource({
      url: url.toString(),
      schema: 'infra',
      entities: [],
      migrations: [],
      logger: silent,
    });
    const error = await failureOf(unreachable.initialize());
    expect(infrastructureFailureOf(error)).toBe('unavailable');
    expect(serviceErrorFor(error, silent, { subject: 'test' })).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: commonMessages.unavailable,
    });
  });

  it('a connection Postgres ends under a query (a restart, a failover) is unavailable', async () => {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ pid }] = (await runner.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[];
      const query = failureOf(runner.query('SELECT pg_sleep(5)'));
      await dataSource.query('SELECT pg_terminate_backend($1)', [pid]);
      expect(infrastructureFailureOf(await query)).toBe('unavailable');
    } finally {
      await runner.release().catch(() => undefined);
    }
  });

  it('a statement that outlasts the statement timeout is cancelled, and unavailable', async () => {
    const impatient = createDataSource({
      url: database.url,
      schema: database.newSchema('impatient'),
      entities: [],
      migrations: [],
      logger: silent,
      statementTimeoutMs: 100,
    });
    await impatient.initialize();
    try {
      const error = await failureOf(impatient.query('SELECT pg_sleep(2)'));
      expect(error).toMatchObject({ driverError: { code: '57014' } });
      expect(infrastructureFailureOf(error)).toBe('unavailable');
      expect(serviceErrorFor(error, silent, { subject: 'test' })).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: commonMessages.unavailable,
      });
    } finally {
      await impatient.destroy();
    }
  });

  it('a transaction left idle past the idle timeout is rolled back: its commit never lands', async () => {
    const schema = database.newSchema('idle');
    const idle = createDataSource({
      url: database.url,
      schema,
      entities: [],
      migrations: [],
      logger: silent,
      idleInTransactionTimeoutMs: 100,
    });
    await idle.initialize();
    try {
      await idle.query(`CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".writes (id int)`);
      const late = idle.transaction(async (manager) => {
        await manager.query(`INSERT INTO "${schema}".writes VALUES (1)`);
        // Waiting on something else while the transaction is open, past the timeout.
        await new Promise((resolve) => setTimeout(resolve, 500));
      });
      await failureOf(late);
      expect(await idle.query(`SELECT id FROM "${schema}".writes`)).toEqual([]);
    } finally {
      await idle.destroy();
    }
  });

  it('a Redis that cannot be reached is unavailable', async () => {
    const redis = createRedis(`redis://127.0.0.1:${await freePort()}`, 'infra', silent);
    try {
      expect(infrastructureFailureOf(await failureOf(redis.get('key')))).toBe('unavailable');
    } finally {
      redis.disconnect();
    }
  });

  it('a typed failure passes as it is, and anything else is INTERNAL', () => {
    expect(
      serviceErrorFor(serviceError('NOT_FOUND', 'Prompt not found'), silent, { subject: 'test' }),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'Prompt not found',
    });
    expect(
      serviceErrorFor(new TypeError('x is undefined'), silent, { subject: 'library.prompts.get' }),
    ).toEqual({
      code: 'INTERNAL',
      message: 'Unexpected failure in library.prompts.get',
    });
  });
});
