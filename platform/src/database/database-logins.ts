import type { ServiceName } from '@promptlib/proto';
import type { Logger } from 'pino';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { assertSchemaName } from './schema-name';

/**
 * Who may do what in Postgres. One login owns every service's schema and is used by the migrate
 * step alone; each service's processes sign in as a login of their own that may read and write
 * the rows of its own schema and nothing else: not another service's schema (auth's password
 * hashes, library's tiers), not the shape of its own tables, not the record of applied migrations.
 */

/** The variable that gives the migrate step a service's own address (the login its processes use). */
export function serviceDatabaseUrlVariable(service: ServiceName): `DATABASE_${Uppercase<ServiceName>}_URL` {
  return `DATABASE_${service.toUpperCase() as Uppercase<ServiceName>}_URL`;
}

type Login = { name: string; password: string | undefined; database: string };

function loginOf(url: string): Login {
  const parsed = new URL(url);
  return {
    name: decodeURIComponent(parsed.username) || 'postgres',
    password: parsed.password === '' ? undefined : decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.slice(1)) || 'postgres',
  };
}

/**
 * With a login that may create roles (`DATABASE_ADMIN_URL`): makes the schemas' owner (the
 * migrate step's own login) and the service's login exist with the passwords their addresses
 * carry, lets the owner create schemas in the database, and hands an existing schema of the
 * service over to the owner (an installation from before the logins were split, whose tables
 * the single login owned).
 */
export async function prepareDatabaseLogins(
  adminUrl: string,
  ownerUrl: string,
  service: ServiceName,
  serviceUrl: string | undefined,
  logger: Logger,
): Promise<void> {
  assertSchemaName(service);
  const owner = loginOf(ownerUrl);
  const admin = new Client({ connectionString: withDatabase(adminUrl, owner.database) });
  await admin.connect();
  try {
    const id = (name: string) => admin.escapeIdentifier(name);
    await ensureLogin(admin, owner, logger);
    await admin.query(
      `GRANT CONNECT, CREATE, TEMPORARY ON DATABASE ${id(owner.database)} TO ${id(owner.name)}`,
    );
    if (serviceUrl) await ensureLogin(admin, loginOf(serviceUrl), logger);
    await handSchemaOver(admin, service, owner.name, logger);
  } finally {
    await admin.end();
  }
}

async function ensureLogin(admin: Client, login: Login, logger: Logger): Promise<void> {
  const { rows } = await admin.query<{ exists: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AS exists',
    [login.name],
  );
  const password = login.password === undefined ? '' : ` PASSWORD ${admin.escapeLiteral(login.password)}`;
  // A login of ours is never more: no superuser, no role creation, no way around row security.
  const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS${password}`;
  if (rows[0].exists) {
    await admin.query(`ALTER ROLE ${admin.escapeIdentifier(login.name)} ${attributes}`);
  } else {
    await admin.query(`CREATE ROLE ${admin.escapeIdentifier(login.name)} ${attributes}`);
    logger.info({ login: login.name }, 'Database login created');
  }
}

async function handSchemaOver(admin: Client, schema: string, owner: string, logger: Logger): Promise<void> {
  const id = (name: string) => admin.escapeIdentifier(name);
  const { rows } = await admin.query<{ owner: string }>(
    'SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = $1',
    [schema],
  );
  if (rows.length === 0 || rows[0].owner === owner) return;
  await admin.query(`ALTER SCHEMA ${id(schema)} OWNER TO ${id(owner)}`);
  // Tables first: each takes the sequences of its own columns along.
  for (const kinds of [['r', 'p', 'v', 'm'], ['S']]) {
    const objects = await admin.query<{ name: string; kind: string }>(
      `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind = ANY($2) AND pg_get_userbyid(c.relowner) <> $3`,
      [schema, kinds, owner],
    );
    for (const object of objects.rows) {
      const what = { r: 'TABLE', p: 'TABLE', v: 'VIEW', m: 'MATERIALIZED VIEW', S: 'SEQUENCE' }[object.kind];
      await admin.query(`ALTER ${what} ${id(schema)}.${id(object.name)} OWNER TO ${id(owner)}`);
    }
  }
  const functions = await admin.query<{ signature: string }>(
    `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p
       JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = $1 AND pg_get_userbyid(p.proowner) <> $2
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
    [schema, owner],
  );
  for (const { signature } of functions.rows)
    await admin.query(`ALTER FUNCTION ${signature} OWNER TO ${id(owner)}`);
  logger.info({ schema, owner }, 'Schema handed over to the owner of the schemas');
}

/**
 * Run by the schema's owner after migrating: the service's login may use the schema's rows and
 * sequences, read which migrations are applied, and nothing more. Granted again after every
 * migration, so tables a migration adds are covered too.
 */
export async function grantServiceLogin(
  dataSource: DataSource,
  schema: string,
  serviceUrl: string,
  logger: Logger,
): Promise<void> {
  assertSchemaName(schema);
  const login = loginOf(serviceUrl);
  const [{ current }] = (await dataSource.query('SELECT current_user AS current')) as Array<{
    current: string;
  }>;
  if (login.name === current) {
    logger.warn(
      { schema, login: login.name },
      'The service signs in as the owner of its schema: nothing to grant',
    );
    return;
  }
  const [{ exists }] = (await dataSource.query(
    'SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AS exists',
    [login.name],
  )) as Array<{ exists: boolean }>;
  if (!exists) {
    throw new Error(
      `The database login ${login.name} of the ${schema} service does not exist: create it, or give the migrate step DATABASE_ADMIN_URL`,
    );
  }
  const who = `"${login.name.replace(/"/g, '""')}"`;
  await dataSource.transaction(async (manager) => {
    await manager.query(`GRANT USAGE ON SCHEMA "${schema}" TO ${who}`);
    await manager.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${schema}" TO ${who}`);
    await manager.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA "${schema}" TO ${who}`);
    // Which migrations ran is the migrate step's to write; a service only reads it at boot.
    await manager.query(`REVOKE INSERT, UPDATE, DELETE ON "${schema}"."migrations" FROM ${who}`);
  });
  logger.debug({ schema, login: login.name }, 'Service login granted its schema');
}

/**
 * Production runs each service under a login of its own that cannot change its schema: refuses a
 * login that owns the schema or is a superuser, which could rewrite any table.
 */
export async function assertServiceLogin(dataSource: DataSource, schema: string): Promise<void> {
  const [row] = (await dataSource.query(
    `SELECT current_user AS login,
            (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
            (SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = $1) AS owner`,
    [schema],
  )) as Array<{ login: string; superuser: boolean; owner: string | null }>;
  if (row.superuser || row.owner === row.login) {
    throw new Error(
      `The ${schema} service signs in to Postgres as ${row.login}, ${row.superuser ? 'a superuser' : 'the owner of its schema'}: in production it must use a login of its own (migrate with ${serviceDatabaseUrlVariable(schema as ServiceName)} set to its address)`,
    );
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}
