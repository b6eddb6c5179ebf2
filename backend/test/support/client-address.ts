import type { INestApplication } from '@nestjs/common';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { message?: string; token?: string; [key: string]: unknown };
}

export interface Client {
  readonly address: string;
  send(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
}

/** Makes the app listen on 127.0.0.1 and gives its base URL, for clients from other addresses. */
export async function listening(app: INestApplication): Promise<string> {
  const server = app.getHttpServer() as http.Server;
  if (!server.listening) await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * An HTTP client whose connections leave from `address` (127.0.0.2, 127.0.0.3…: the whole of
 * 127/8 is this machine), so the API sees clients at distinct addresses with no proxy header.
 */
export function clientFrom(baseUrl: string, address: string): Client {
  const send = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        new URL(path, baseUrl),
        {
          method,
          localAddress: address,
          agent: false,
          headers: {
            ...(payload
              ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }
              : {}),
            ...headers,
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: text ? JSON.parse(text) : {},
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  return { address, send, post: (path, body, headers) => send('POST', path, body, headers) };
}
