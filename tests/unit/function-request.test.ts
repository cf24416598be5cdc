import { createServer, Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRawBody } from '../../src/lib/server/http';
import { functionRequest } from '../../scripts/function-request';

/*
 * The local server (scripts/serve.ts) hands each function call a Request made by functionRequest.
 * A function reads its body through the shop's reader, which refuses a body past 32 KB by its
 * Content-Length without reading it, or part way through when the length is not declared. Either
 * way the client's kept-alive connection must still carry its next request.
 */
let server: Server;
let port: number;

beforeAll(async () => {
  // As serve.ts answers a function call: the function's Response, written out to the connection.
  server = createServer(async (incoming, outgoing) => {
    const request = functionRequest(incoming, outgoing);
    let answer: Response;
    try {
      const body = await readRawBody(request);
      answer = Response.json({ bytes: body.length });
    } catch (error) {
      answer = Response.json({ error: (error as Error).message }, { status: 400 });
    }
    outgoing.writeHead(answer.status, Object.fromEntries(answer.headers));
    outgoing.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((closed) => server.close(closed));
});

type Reply = { status: number; body: unknown; reusedSocket: boolean };

/** One POST on the agent's connection; a chunked body when `declareLength` is false. */
function post(agent: Agent, body: Buffer, declareLength = true): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/orders/get', agent, headers: { 'content-type': 'application/json', ...(declareLength ? { 'content-length': body.length } : {}) } },
      (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('end', () => resolve({ status: reply.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()), reusedSocket: call.reusedSocket }));
      },
    );
    call.on('error', reject);
    if (declareLength) call.end(body);
    else {
      // Written in parts, so no Content-Length goes with it.
      for (let at = 0; at < body.length; at += 64 * 1024) call.write(body.subarray(at, at + 64 * 1024));
      call.end();
    }
  });
}

const OVER_THE_LIMIT = Buffer.alloc(2 * 1024 * 1024, 'x');

describe('the local server after refusing a body over 32 KB', () => {
  it.each([
    ['declared by its Content-Length (refused unread)', true],
    ['sent without a length (refused part way through)', false],
  ])('keeps the kept-alive connection usable for the next request: %s', async (_, declareLength) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await expect(post(agent, OVER_THE_LIMIT, declareLength)).resolves.toMatchObject({ status: 400, body: { error: 'Request body is larger than 32 KB' } });
      // The same connection carries the next request, and the one after.
      for (let next = 0; next < 2; next += 1) {
        await expect(post(agent, Buffer.from('{"orderNumber":"MK-1"}'))).resolves.toEqual({ status: 200, body: { bytes: 22 }, reusedSocket: true });
      }
    } finally {
      agent.destroy();
    }
  });

  it('still hands a function the whole of a body within the limit', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await expect(post(agent, Buffer.alloc(30 * 1024, 'y'), false)).resolves.toMatchObject({ status: 200, body: { bytes: 30 * 1024 } });
      await expect(post(agent, Buffer.alloc(30 * 1024, 'y'))).resolves.toEqual({ status: 200, body: { bytes: 30 * 1024 }, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  });
});
