import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { All, Controller, Req, Res } from '@nestjs/common';
import { authMessages } from '@promptlib/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LibraryClient } from '../clients/library.client';
import { libraryMcpServer } from './library-mcp-server';

const VERSION = (
  JSON.parse(readFileSync(resolve(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * The MCP server (Streamable HTTP, stateless): each request gets a server and a transport of its
 * own, answered as JSON, so any replica answers any request and no session is kept. Only a
 * personal API key opens it: a browser's session cookie is never read here.
 */
@Controller('mcp')
export class McpController {
  constructor(private readonly library: LibraryClient) {}

  @All()
  async handle(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!request.user || !request.apiKey) {
      await reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer realm="prompt-library"')
        .send({ code: 'UNAUTHENTICATED', message: authMessages.apiKeyRequired });
      return;
    }
    const server = libraryMcpServer(
      this.library,
      { userId: request.user.id, scope: request.apiKey.scope },
      VERSION,
    );
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  }
}
