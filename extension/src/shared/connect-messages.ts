/** What the options page and the connector ask the background. */
export type ConnectRequest =
  { type: 'connectThroughApp'; serverUrl: string } | { type: 'connected'; apiKey: string };
