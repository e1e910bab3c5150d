const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * Schema names end up inside SQL text (DDL takes no parameters), so only a plain lowercase
 * identifier that Postgres never truncates or case-folds gets through.
 */
export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(
      `Invalid schema name ${JSON.stringify(schema)}: use 1-63 lowercase letters, digits or _, starting with a letter`,
    );
  }
}
