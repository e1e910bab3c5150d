import { spawnSync } from 'node:child_process';

export type OpenApiValidation = { valid: boolean; errors?: unknown };

// The validator is an ES module that reads its schemas through import.meta, which jest's CommonJS
// runtime cannot load; it runs in a Node process of its own instead.
const VALIDATE = `
import { Validator } from '@seriousme/openapi-schema-validator';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const result = await new Validator().validate(JSON.parse(input));
process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors }));
`;

/** Checks a document against the OpenAPI 3.1 schema with a maintained validator. */
export function validateOpenApi(document: unknown): OpenApiValidation {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', VALIDATE], {
    cwd: __dirname,
    input: JSON.stringify(document),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`The OpenAPI validator failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as OpenApiValidation;
}
