/** An HTTP server on a loopback address that records the webhook deliveries it is sent. */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What to answer the n-th request (0-based): a status, or 'hold' to never answer. */
export type Answer = (request: Received, index: number) => number | 'hold';

export interface Receiver {
  url: string;
  received: Received[];
  answer: Answer;
  /** The deliveries of one event name, parsed. */
  of(
    event: string,
  ): { id: string; event: string; createdAt: string; data: Record<string, unknown> }[];
  close(): Promise<void>;
}

export async function startReceiver(answer: Answer = () => 200): Promise<Receiver> {
  const held: http.ServerResponse[] = [];
  const receiver = {
    url: '',
    received: [] as Received[],
    answer,
    of: (event: string) =>
      receiver.received
        .filter((one) => one.headers['vitrine-event'] === event)
        .map((one) => JSON.parse(one.body)),
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } as Receiver;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const one = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      };
      const index = receiver.received.push(one) - 1;
      const status = receiver.answer(one, index);
      if (status === 'hold') {
        held.push(response);
        return;
      }
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
