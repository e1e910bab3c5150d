import { limits, validationMessages, type FieldErrors } from '@promptlib/proto';

/** Names are kept as typed, without surrounding spaces, and must be 2 to 50 characters. */
export function normalizeCategoryName(name: string): string {
  return name.trim();
}

export function categoryNameProblems(name: string): FieldErrors | null {
  if (name.length < limits.categoryName.min) return { name: validationMessages.categoryNameMin };
  if (name.length > limits.categoryName.max) return { name: validationMessages.categoryNameMax };
  return null;
}
