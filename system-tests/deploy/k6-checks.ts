import ts from 'typescript';

/** Modules k6 provides; anything else must be a script of ours beside it. */
const K6_MODULES = new Set([
  'k6',
  'k6/http',
  'k6/metrics',
  'k6/execution',
  'k6/data',
  'k6/crypto',
  'k6/encoding',
]);

/** The thresholds every run must keep, as k6 writes them. */
export const REQUIRED_THRESHOLDS = [
  "http_req_failed: ['rate<0.01']",
  "http_req_duration: ['p(95)<200', 'p(99)<400']",
];

/**
 * What can be checked of a k6 script without k6: it parses as an ES module (k6 runs ES2020+), it
 * imports only k6's modules and scripts that exist beside it, and an entry script exports options
 * and a default function.
 */
export function k6ScriptProblems(name: string, text: string, siblings: string[], entry: boolean): string[] {
  const problems: string[] = [];
  const output = ts.transpileModule(text, {
    fileName: name,
    reportDiagnostics: true,
    compilerOptions: { allowJs: true, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2020 },
  });
  for (const diagnostic of output.diagnostics ?? []) {
    problems.push(`${name}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
  }
  for (const [, module] of text.matchAll(/^\s*import\s[^;]*?from\s+'([^']+)'/gm)) {
    const local = module.startsWith('./') && siblings.includes(module.slice(2));
    if (!K6_MODULES.has(module) && !local) problems.push(`${name}: imports ${module}, which k6 cannot load`);
  }
  if (entry) {
    if (!/export const options\s*=/.test(text)) problems.push(`${name}: exports no options`);
    if (!/export default function/.test(text)) problems.push(`${name}: exports no default function`);
    if (!/thresholds:\s*THRESHOLDS/.test(text)) problems.push(`${name}: does not use the shared THRESHOLDS`);
  }
  return problems;
}

/** The shared library sets the required thresholds, reads BASE_URL and sends a browser's Origin. */
export function k6LibraryProblems(text: string): string[] {
  const problems = REQUIRED_THRESHOLDS.filter((line) => !text.includes(line)).map(
    (line) => `lib.js lacks the threshold ${line}`,
  );
  if (!text.includes('__ENV.BASE_URL')) problems.push('lib.js does not read BASE_URL from the environment');
  if (!/Origin:\s*ORIGIN/.test(text)) problems.push('lib.js does not send an Origin header');
  return problems;
}
