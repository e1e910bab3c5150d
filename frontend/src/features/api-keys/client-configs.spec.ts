import { clientConfigs, KEY_PLACEHOLDER, MCP_SERVER_NAME, mcpServerUrl } from './client-configs';

const url = 'https://prompts.example.com/mcp';
const key = 'plk_Ab3xYz12Cd4eFg5hIj6kLm7nOp8qRs9tUv0wXy1zA2b';

const textOf = (id: string, configs = clientConfigs(url, key)) =>
  configs.find((config) => config.id === id)!.text;

describe('mcpServerUrl', () => {
  it('puts the server at /mcp of the origin, a trailing slash or none', () => {
    expect(mcpServerUrl('https://prompts.example.com')).toBe(url);
    expect(mcpServerUrl('https://prompts.example.com/')).toBe(url);
    expect(mcpServerUrl('http://localhost:8080')).toBe('http://localhost:8080/mcp');
  });
});

describe('clientConfigs', () => {
  it('offers Claude Desktop, Claude Code, Cursor and VS Code, in that order, with where each goes', () => {
    expect(clientConfigs(url).map(({ client, file, language }) => ({ client, file, language }))).toEqual([
      { client: 'Claude Desktop', file: 'claude_desktop_config.json', language: 'json' },
      { client: 'Claude Code', file: null, language: 'shell' },
      { client: 'Cursor', file: '~/.cursor/mcp.json', language: 'json' },
      { client: 'VS Code', file: '.vscode/mcp.json', language: 'json' },
    ]);
  });

  it('runs mcp-remote for Claude Desktop, with the key in its header argument', () => {
    expect(JSON.parse(textOf('claudeDesktop'))).toEqual({
      mcpServers: {
        'prompt-library': {
          command: 'npx',
          args: ['mcp-remote', url, '--header', `Authorization: Bearer ${key}`],
        },
      },
    });
  });

  it('adds the server to Claude Code over HTTP in one command', () => {
    expect(textOf('claudeCode')).toBe(
      `claude mcp add --transport http prompt-library ${url} --header "Authorization: Bearer ${key}"`,
    );
  });

  it('gives Cursor the address and the header', () => {
    expect(JSON.parse(textOf('cursor'))).toEqual({
      mcpServers: { 'prompt-library': { url, headers: { Authorization: `Bearer ${key}` } } },
    });
  });

  it('gives VS Code an http server under "servers"', () => {
    expect(JSON.parse(textOf('vscode'))).toEqual({
      servers: { 'prompt-library': { type: 'http', url, headers: { Authorization: `Bearer ${key}` } } },
    });
  });

  it('writes the JSON files indented, as a person would paste them', () => {
    expect(textOf('cursor')).toBe(
      [
        '{',
        '  "mcpServers": {',
        '    "prompt-library": {',
        `      "url": "${url}",`,
        '      "headers": {',
        `        "Authorization": "Bearer ${key}"`,
        '      }',
        '    }',
        '  }',
        '}',
      ].join('\n'),
    );
  });

  it('says where the key goes until there is one, in every snippet', () => {
    for (const config of clientConfigs(url)) {
      expect(config.text).toContain(`Bearer ${KEY_PLACEHOLDER}`);
      expect(config.text).toContain(MCP_SERVER_NAME);
      expect(config.text).toContain(url);
    }
    expect(textOf('claudeCode', clientConfigs(url, '<dein Schlüssel>'))).toContain(
      '"Authorization: Bearer <dein Schlüssel>"',
    );
  });
});
