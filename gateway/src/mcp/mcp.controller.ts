import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { All, Controller, Req, Res } from '@nestjs/common';
import { authMessages } from '@promptlib/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { LibraryClient } from '../clients/library.client';
import { LiveStreams } from '../live/live-streams';
import { packageVersion } from '../package-root';
import { CallerLibrary } from './caller-library';
import { libraryMcpServer } from './library-mcp-server';
import { McpServerPool } from './mcp-server-pool';
import { promptListChange } from './prompt-list-changes';

const VERSION = packageVersion();

/** Servers kept between requests: about the requests one replica answers at the same time. */
const IDLE_SERVERS = 64;

/**
 * The MCP server (Streamable HTTP, stateless): each request gets a transport of its own, answered
 * as JSON, and a pooled server that knows the caller only through that request, so any replica
 * answers any request and no session is kept. A GET is the client's stream of notifications: the
 * user's live feed, said as `notifications/prompts/list_changed` (resumed from Last-Event-ID, on
 * any replica). Only a personal API key opens it: a browser's session cookie is never read here.
 */
@Controller('mcp')
export class McpController {
  private readonly servers: McpServerPool;

  constructor(
    private readonly library: LibraryClient,
    private readonly streams: LiveStreams,
  ) {
    this.servers = new McpServerPool(() => libraryMcpServer(library, VERSION), IDLE_SERVERS);
  }

  @All()
  async handle(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!request.user || !request.apiKey) {
      await reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer realm="prompt-library"')
        .send({ code: 'UNAUTHENTICATED', message: authMessages.apiKeyRequired });
      return;
    }
    if (request.method === 'GET') {
      await this.streams.open(
        request,
        reply,
        request.user.id,
        this.streams.resumePoint(request),
        promptListChange,
      );
      return;
    }
    const caller = new CallerLibrary(this.library, { userId: request.user.id, scope: request.apiKey.scope });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.hijack();
    reply.raw.on('close', () => void transport.close());
    await this.servers.connect(transport);
    const raw = request.raw as IncomingMessage & { auth?: AuthInfo };
    raw.auth = caller.asAuthInfo(`key-${request.apiKey.id}`);
    await transport.handleRequest(raw, reply.raw, request.body);
  }
}
