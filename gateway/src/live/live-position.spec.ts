import { describe, expect, it } from 'vitest';
import { LIVE_POSITION_HEADER } from '@promptlib/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { livePosition } from './live-position';

function answerHeaders(url: string, position: { epoch: string; seq: number } | null): Record<string, string> {
  const headers: Record<string, string> = {};
  const reply = {
    header: (name: string, value: string) => (headers[name] = value),
  } as unknown as FastifyReply;
  const hook = livePosition({ position }) as (
    request: FastifyRequest,
    reply: FastifyReply,
    done: () => void,
  ) => void;
  hook({ url } as FastifyRequest, reply, () => undefined);
  return headers;
}

describe('livePosition', () => {
  it('tells each API answer where the feed stood as the request came in', () => {
    expect(answerHeaders('/api/prompts/cards?filter=all', { epoch: 'mx1', seq: 41 })).toEqual({
      [LIVE_POSITION_HEADER]: 'mx1-41',
    });
  });

  it('tells nothing before the feed has read the stream, nor on the web app’s files', () => {
    expect(answerHeaders('/api/user', null)).toEqual({});
    expect(answerHeaders('/assets/index.js', { epoch: 'mx1', seq: 41 })).toEqual({});
  });
});
