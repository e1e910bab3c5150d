import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { clientConfigs, mcpServerUrl } from './client-configs';

// The README tells a reader how to connect each client: it must say what the page says, for a
// server on this machine and a key still to make.
describe('the README’s connection instructions', () => {
  const readme = readFileSync(resolve(__dirname, '../../../../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### The MCP server'));
  const blocks = [
    ...section.slice(0, section.indexOf('\n### ', 4)).matchAll(/```(json|sh)\n([\s\S]*?)```/g),
  ].map(([, language, text]) => ({ language, text: text!.trim() }));

  it('gives every client’s configuration as the page does', () => {
    const configs = clientConfigs(mcpServerUrl('http://localhost:8080'));
    expect(blocks).toHaveLength(configs.length);
    configs.forEach((config, at) => {
      const block = blocks[at]!;
      if (config.language === 'json') expect(JSON.parse(block.text)).toEqual(JSON.parse(config.text));
      else expect(block.text).toBe(config.text);
    });
  });
});
