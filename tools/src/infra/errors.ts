export function errorMessage(error: unknown): string {
  // Node's happy-eyeballs connect rejects with an AggregateError whose own message is empty.
  if (error instanceof AggregateError && error.message === '' && error.errors.length > 0) {
    return errorMessage(error.errors[0]);
  }
  if (error instanceof Error) {
    return error.message !== '' ? error.message : error.name;
  }
  return String(error);
}

export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}
