import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/**
 * Servers that answer one request at a time each, kept for the next request. Building a server
 * (its tools' schemas, its protocol tables) costs more than answering a prompt, so a replica
 * builds one per request it answers at the same time, not one per request. A server holds
 * nothing of a user between requests: the caller travels with each request.
 */
export class McpServerPool {
  private readonly idle: McpServer[] = [];

  constructor(
    private readonly build: () => McpServer,
    private readonly maxIdle: number,
  ) {}

  /** A free server connected to the request's transport; it returns to the pool when that closes. */
  async connect(transport: Transport): Promise<McpServer> {
    const server = this.idle.pop() ?? this.build();
    await server.connect(transport);
    // The server's own close handler lets the transport go; only then is it free for another.
    const disconnect = transport.onclose;
    let released = false;
    transport.onclose = () => {
      // A transport may report its close more than once; by a second report the server may be
      // answering another request already, which must not be disconnected.
      if (released) return;
      released = true;
      disconnect?.();
      if (this.idle.length < this.maxIdle) this.idle.push(server);
    };
    return server;
  }

  get idleCount(): number {
    return this.idle.length;
  }
}
