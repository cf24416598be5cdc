import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The Request a function is given for a call to the local server (scripts/serve.ts), its body
 * streamed from the connection as the function reads it.
 *
 * What the function leaves unread (a body it refuses past 32 KB, by its Content-Length or part way
 * through) is read off the connection and dropped once the function stops reading or its answer has
 * been sent, as Node does with a body no handler reads: the client's kept-alive connection then
 * carries its next request. (@netlify/dev-utils' toWebRequest, used here before, streams through
 * Readable.toWeb, which destroys the request when the reader is cancelled and leaves an unread body
 * paused on the connection: the client's next request on it met ECONNRESET.)
 */
export function functionRequest(incoming: IncomingMessage, answer: ServerResponse): Request {
  const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? 'localhost'}`);
  const method = incoming.method ?? 'GET';
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, one);
  }
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });

  let dropping = false;
  const dropTheRest = () => {
    if (dropping) return;
    dropping = true;
    incoming.off('data', onData);
    // Flowing with no reader: Node reads what is left of the body off the connection and drops it.
    incoming.resume();
  };
  let onData: (chunk: Buffer) => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      onData = (chunk) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) incoming.pause();
      };
      // Paused first, so the body flows only as the function reads it.
      incoming.pause();
      incoming.on('data', onData);
      incoming.once('end', () => {
        if (!dropping) controller.close();
      });
      incoming.once('error', (error) => {
        if (!dropping) controller.error(error);
      });
    },
    pull() {
      incoming.resume();
    },
    cancel: dropTheRest,
  });
  // A function that answers without reading its body, or without reading all of it.
  answer.once('finish', dropTheRest);
  answer.once('close', dropTheRest);
  return new Request(url, { method, headers, body, duplex: 'half' } as RequestInit);
}
