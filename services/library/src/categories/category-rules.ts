import { limits, validationMessages, type FieldProblems } from '@promptlib/proto';

/** Names are kept as typed, without surrounding spaces, and must be 2 to 50 characters. */
export function normalizeCategoryName(name: string): string {
  return name.trim();
}

export function categoryNameProblems(name: string): FieldProblems | null {
  if (name.length < limits.categoryName.min)
    return { name: { rule: 'tooShort', message: validationMessages.categoryNameMin } };
  if (name.length > limits.categoryName.max)
    return { name: { rule: 'tooLong', message: validationMessages.categoryNameMax } };
  return null;
}
