import { validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import type { TFunction } from 'i18next';

type SchemaName = 'login' | 'register';

/**
 * Formik validation whose Yup schema loads on first use (the first keystroke or blur), so the
 * validation library is not part of what the page needs to appear. If it cannot load, the form
 * is sent as is and the server's answer (which validates the same rules) is shown instead.
 */
export function lazyValidation<Values extends object>(name: SchemaName, t: TFunction) {
  return async (values: Values): Promise<FormikErrors<Values>> => {
    let schema;
    try {
      const schemas = await import('./auth.schemas');
      schema = name === 'login' ? schemas.loginSchema(t) : schemas.registerSchema(t);
    } catch {
      return {};
    }
    try {
      await validateYupSchema(values, schema);
      return {};
    } catch (error) {
      return yupToFormErrors(error);
    }
  };
}
