/**
 * How each AI client connects to the library's MCP server with a personal API key. One module for
 * the page and for what the README tells, so the two never say different things.
 */

/** The server's name in every client's configuration. */
export const MCP_SERVER_NAME = 'prompt-library';

/** Stands for the key in a snippet until the user has one to put there. */
export const KEY_PLACEHOLDER = '<your key>';

export type ClientId = 'claudeDesktop' | 'claudeCode' | 'cursor' | 'vscode';

export type ClientConfig = {
  id: ClientId;
  /** The client's name, never translated. */
  client: string;
  /** Where the snippet goes: a file, or null for a command typed in a terminal. */
  file: string | null;
  language: 'json' | 'shell';
  text: string;
};

/** The MCP server of the app served from `origin` (Streamable HTTP). */
export function mcpServerUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/mcp`;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * Each client's configuration for the server at `url` with `key`. Claude Desktop starts local
 * servers only, so it reaches this one through mcp-remote, which adds the header; the others speak
 * HTTP and send the header themselves.
 */
export function clientConfigs(url: string, key: string = KEY_PLACEHOLDER): ClientConfig[] {
  const authorization = `Bearer ${key}`;
  return [
    {
      id: 'claudeDesktop',
      client: 'Claude Desktop',
      file: 'claude_desktop_config.json',
      language: 'json',
      text: json({
        mcpServers: {
          [MCP_SERVER_NAME]: {
            command: 'npx',
            args: ['mcp-remote', url, '--header', `Authorization: ${authorization}`],
          },
        },
      }),
    },
    {
      id: 'claudeCode',
      client: 'Claude Code',
      file: null,
      language: 'shell',
      // A key is base64url: the header needs quotes for its spaces only, in every shell.
      text: `claude mcp add --transport http ${MCP_SERVER_NAME} ${url} --header "Authorization: ${authorization}"`,
    },
    {
      id: 'cursor',
      client: 'Cursor',
      file: '~/.cursor/mcp.json',
      language: 'json',
      text: json({ mcpServers: { [MCP_SERVER_NAME]: { url, headers: { Authorization: authorization } } } }),
    },
    {
      id: 'vscode',
      client: 'VS Code',
      file: '.vscode/mcp.json',
      language: 'json',
      text: json({
        servers: { [MCP_SERVER_NAME]: { type: 'http', url, headers: { Authorization: authorization } } },
      }),
    },
  ];
}
