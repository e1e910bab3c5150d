import { permissionViolations } from '@promptlib/platform/testing';
import { connect, type NatsConnection } from 'nats';
import { inboxPrefix, STREAM_KEEPER, type BusUser } from '@promptlib/proto';
import { startTestBus, testBusUserEnv, TEST_BUS_PASSWORDS, type TestBus } from '../src/run/test-bus';

const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_tbus`;

describe("npm test's own NATS", () => {
  let bus: TestBus;
  const connections: NatsConnection[] = [];
  const env = () => ({ [TEST_BUS_PASSWORDS]: JSON.stringify(bus.passwords) });
  const connectAs = async (app: BusUser) => {
    const { NATS_USER, NATS_PASSWORD } = testBusUserEnv(app, env());
    const connection = await connect({
      servers: bus.url,
      user: NATS_USER,
      pass: NATS_PASSWORD,
      inboxPrefix: inboxPrefix(app),
      reconnect: false,
    });
    connections.push(connection);
    return connection;
  };

  beforeAll(async () => {
    bus = await startTestBus(() => undefined);
  });

  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await bus?.remove();
  });

  it('holds each process to the shipped permissions', async () => {
    const sharing = await connectAs('sharing');
    expect(
      await permissionViolations(sharing, () => sharing.publish(`${namespace}.auth.users.verifyPassword`)),
    ).toBe(1);
    const gateway = await connectAs('gateway');
    expect(
      await permissionViolations(gateway, () => gateway.publish(`${namespace}.auth.users.verifyPassword`)),
    ).toBe(0);
  });

  it('lets only the stream keeper make the stream, and a test look into the bus without credentials', async () => {
    const library = await (await connectAs('library')).jetstreamManager({ checkAPI: false });
    const stream = { name: `${namespace.toUpperCase()}_TBUS`, subjects: [`${namespace}.events.>`] };
    await expect(library.streams.add(stream)).rejects.toThrow();
    const keeper = await (await connectAs(STREAM_KEEPER)).jetstreamManager();
    await keeper.streams.add(stream);
    const anonymous = await connect({ servers: bus.url, reconnect: false });
    connections.push(anonymous);
    const admin = await anonymous.jetstreamManager();
    expect((await admin.streams.info(stream.name)).config.subjects).toEqual(stream.subjects);
    await admin.streams.delete(stream.name);
  });

  it('refuses a process a password that is not its own', async () => {
    const { NATS_USER } = testBusUserEnv('auth', env());
    await expect(
      connect({ servers: bus.url, user: NATS_USER, pass: bus.passwords.gateway, reconnect: false }),
    ).rejects.toThrow(/authorization/i);
  });

  it('gives no user on a bus whose passwords the run did not hand down', () => {
    expect(testBusUserEnv('auth', {})).toEqual({});
  });
});
