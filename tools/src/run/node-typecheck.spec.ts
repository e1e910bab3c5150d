import { describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './exec';
import { workspaceFolders } from './workspace-packages';

// npm test type-checks every Node package of ours as one program (tsconfig.node.json): the types
// of Nest, TypeORM and the rest are read once instead of once per package. That program must
// cover each package's own tsconfig.json, with the same settings. The web app (DOM, Vite, Vitest),
// the browser extension (DOM, the extension API) and the system tests (DOM) keep their own checks.
const CHECKED_APART = new Set(['frontend', 'extension', 'system-tests']);
// Settings about output, which a program that only checks leaves out.
const OUTPUT_SETTINGS = ['rootDir', 'outDir', 'noEmit', 'configFilePath', 'declaration', 'sourceMap'];

type ParsedConfig = { fileNames: string[]; options: Record<string, unknown> };

function parsed(configPath: string): ParsedConfig {
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const { fileNames, options } = ts.parseJsonConfigFileContent(config, ts.sys, dirname(configPath));
  const checking: Record<string, unknown> = { ...options };
  for (const setting of OUTPUT_SETTINGS) delete checking[setting];
  return { fileNames, options: checking };
}

function nodePackageConfigs(): string[] {
  return [
    ...workspaceFolders()
      .filter((folder) => !CHECKED_APART.has(folder))
      .map((folder) => `${folder}/tsconfig.json`),
    'tools/bench/tsconfig.json',
  ];
}

describe('the one type-check program of the Node packages', () => {
  const program = parsed(join(repoRoot, 'tsconfig.node.json'));
  const programFiles = new Set(program.fileNames);

  it.each(nodePackageConfigs())('covers every file of %s with its settings', (config) => {
    const own = parsed(join(repoRoot, config));
    expect(own.fileNames.length).toBeGreaterThan(0);
    expect(own.fileNames.filter((file) => !programFiles.has(file))).toEqual([]);
    // The program has vitest's globals for the tests among its files; a package without them (the
    // benches) is otherwise checked with its own settings.
    const { types: programTypes, ...programSettings } = program.options;
    const { types: ownTypes, ...ownSettings } = own.options;
    expect(programSettings).toEqual(ownSettings);
    expect(programTypes).toEqual(expect.arrayContaining(ownTypes as string[]));
  });
});
