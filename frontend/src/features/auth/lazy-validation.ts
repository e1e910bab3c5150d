import { yupToFormErrors, type FormikErrors } from 'formik';
import type { TFunction } from 'i18next';

type SchemaName = 'login' | 'register';
type Schemas = typeof import('./auth.schemas');

let loaded: Schemas | undefined;
let loading: Promise<Schemas> | undefined;

function loadSchemas(): Promise<Schemas> {
  loading ??= import('./auth.schemas').then((schemas) => (loaded = schemas));
  return loading;
}

/**
 * Formik validation whose Yup schema loads on first use (the first keystroke or blur), so the
 * validation library is not part of what the page needs to appear. Once loaded, validation is
 * synchronous: results can never arrive out of order and show an older value's message. If the
 * schema cannot load, the form is sent as is and the server's answer (same rules) is shown.
 */
export function lazyValidation<Values extends object>(name: SchemaName, t: TFunction) {
  const validateNow = (schemas: Schemas, values: Values): FormikErrors<Values> => {
    const schema = name === 'login' ? schemas.loginSchema(t) : schemas.registerSchema(t);
    try {
      schema.validateSync(values, { abortEarly: false });
      return {};
    } catch (error) {
      return yupToFormErrors(error);
    }
  };
  return (values: Values): FormikErrors<Values> | Promise<FormikErrors<Values>> =>
    loaded
      ? validateNow(loaded, values)
      : loadSchemas().then(
          (schemas) => validateNow(schemas, values),
          () => ({}),
        );
}
