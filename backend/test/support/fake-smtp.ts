/**
 * A tiny SMTP server for the outbox tests: plain text on 127.0.0.1, no STARTTLS and no AUTH
 * (so nodemailer sends in the clear without being told to), and it records what it gets.
 */
import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent, headers and body. */
  raw: string;
  headers: Record<string, string>;
  /** The body, decoded from quoted-printable or base64 when the message says so. */
  text: string;
}

export interface FakeSmtpOptions {
  /** Answer this many DATA commands with 451 (a temporary failure) before accepting. */
  failData?: number;
  /** Acknowledge each message this long after receiving it: a slow server, mail in flight. */
  acceptDelayMs?: number;
}

export interface FakeSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** DATA commands seen, refused ones included. */
  dataCommands: number;
  close(): Promise<void>;
}

function unfoldHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding = ''): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        );
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

export function parseMail(from: string, to: string[], raw: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = unfoldHeaders(split < 0 ? raw : raw.slice(0, split));
  const body = split < 0 ? '' : raw.slice(split + 4);
  const text = decodeBody(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n');
  return { from, to, raw, headers, text: text.replace(/\n$/, '') };
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startFakeSmtp(options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  let failuresLeft = options.failData ?? 0;
  const sockets = new Set<net.Socket>();

  const state: Omit<FakeSmtp, 'port' | 'url' | 'close'> = { received: [], dataCommands: 0 };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');

    let buffer = '';
    let inData = false;
    let dataLines: string[] = [];
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const reset = () => {
      from = '';
      to = [];
    };

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      switch (verb) {
        case 'EHLO':
          return reply('250-fake-smtp.test greets you\r\n250-8BITMIME\r\n250 SMTPUTF8');
        case 'HELO':
          return reply('250 fake-smtp.test');
        case 'MAIL':
          from = line.replace(/^MAIL FROM:\s*<?([^>\s]*)>?.*$/i, '$1');
          return reply('250 2.1.0 Sender OK');
        case 'RCPT':
          to.push(line.replace(/^RCPT TO:\s*<?([^>\s]*)>?.*$/i, '$1'));
          return reply('250 2.1.5 Recipient OK');
        case 'DATA':
          state.dataCommands += 1;
          if (failuresLeft > 0) {
            failuresLeft -= 1;
            return reply('451 4.3.0 Temporary failure, please try again later');
          }
          inData = true;
          dataLines = [];
          return reply('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          reset();
          return reply('250 2.0.0 Reset OK');
        case 'NOOP':
          return reply('250 2.0.0 OK');
        case 'QUIT':
          reply('221 2.0.0 Bye');
          return socket.end();
        default:
          return reply('502 5.5.2 Command not implemented');
      }
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!inData) {
          command(line);
        } else if (line === '.') {
          inData = false;
          state.received.push(parseMail(from, to, dataLines.join('\r\n')));
          reset();
          setTimeout(() => {
            if (!socket.destroyed) reply('250 2.0.0 Message accepted');
          }, options.acceptDelayMs ?? 0);
        } else {
          dataLines.push(line.startsWith('..') ? line.slice(1) : line);
        }
      }
    });

    reply('220 fake-smtp.test ESMTP ready');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  return Object.assign(state, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

/** A port on 127.0.0.1 where nothing listens: connecting to it is refused. */
export async function refusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
