/** One route of the sandbox: a method, a path pattern whose groups are the route's parameters, an answer. */
export type Route<Input> = {
  method: string;
  pattern: RegExp;
  answer: (params: string[], input: Input) => unknown;
};

/** The route a request takes, with its path parameters decoded, or undefined. */
export function findRoute<Input>(
  routes: readonly Route<Input>[],
  method: string,
  path: string,
): { route: Route<Input>; params: string[] } | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (match) return { route, params: match.slice(1).map(decodeURIComponent) };
  }
  return undefined;
}
