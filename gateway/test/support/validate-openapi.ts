export type OpenApiValidation = { valid: boolean; errors?: unknown };

/** Checks a document against the OpenAPI 3.1 schema with a maintained validator (an ES module). */
export async function validateOpenApi(document: unknown): Promise<OpenApiValidation> {
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  const result = await new Validator().validate(document as Record<string, unknown>);
  return { valid: result.valid, errors: result.errors };
}
