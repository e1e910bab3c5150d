/** A value of a form body as Stripe's clients send it: text, or nested fields and lists of them. */
export type FormValue = string | FormValue[] | { [field: string]: FormValue };
export type FormFields = { [field: string]: FormValue };

/**
 * Stripe's request bodies are `application/x-www-form-urlencoded` with bracketed paths:
 * `line_items[0][price]=price_x`, `metadata[user]=7`, `expand[0]=customer`. Numeric segments make
 * lists, in index order; a field given twice keeps its last value, as Stripe does.
 */
export function parseFormBody(body: string): FormFields {
  const root: FormFields = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = pathOf(key);
    if (path === undefined) throw new FormBodyError(key);
    let node: Record<string, FormValue> = root;
    path.forEach((given, index) => {
      // `expand[]=a&expand[]=b`: an empty index appends.
      const segment = given === '' ? String(Object.keys(node).length) : given;
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const existing = node[segment];
      if (existing === undefined || typeof existing === 'string') node[segment] = {};
      node = node[segment] as Record<string, FormValue>;
    });
  }
  return listsOf(root) as FormFields;
}

export class FormBodyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid array or hash syntax in parameter: ${key}`);
  }
}

// `a[b][0]` → ['a', 'b', '0']; anything else with brackets is malformed.
function pathOf(key: string): string[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return undefined;
  return [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1])];
}

// Objects whose every key is a number become lists, ordered by index.
function listsOf(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, listsOf(value[key])]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]);
  }
  return converted;
}
