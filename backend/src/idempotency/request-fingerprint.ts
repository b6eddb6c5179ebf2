import busboy from 'busboy';
import type { IncomingHttpHeaders } from 'node:http';
import crypto from 'node:crypto';

/**
 * What a retry must repeat for the first answer to be its own: the method, the path with
 * its query, and the body. A JSON or form body is compared as parsed (spacing aside); a
 * multipart body by its fields and files in order, each file by its name, type and bytes,
 * never by its raw bytes: a browser sends the same form with a new boundary every time.
 */
export function requestFingerprint(method: string, path: string, bodyDigest: string): string {
  return crypto.createHash('sha256').update(`${method}\n${path}\n${bodyDigest}`).digest('hex');
}

export function parsedBodyDigest(body: unknown): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

/** The digest of a multipart body's parts; rejects a body busboy cannot read. */
export function multipartDigest(headers: IncomingHttpHeaders, body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    // One line per part, in order; a file's line is completed once its bytes are read.
    const parts: Promise<string>[] = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers, limits: { fieldSize: body.length + 1 } });
    } catch (error) {
      reject(error);
      return;
    }
    parser.on('field', (name, value) =>
      parts.push(Promise.resolve(JSON.stringify(['field', name, value]))),
    );
    parser.on('file', (name, stream, { filename, mimeType }) => {
      const bytes = crypto.createHash('sha256');
      parts.push(
        new Promise((done, fail) => {
          stream.on('data', (chunk: Buffer) => bytes.update(chunk));
          stream.once('error', fail);
          stream.once('end', () =>
            done(JSON.stringify(['file', name, filename ?? '', mimeType, bytes.digest('hex')])),
          );
        }),
      );
    });
    parser.once('error', reject);
    parser.once('close', () => {
      Promise.all(parts).then(
        (lines) => resolve(crypto.createHash('sha256').update(lines.join('\n')).digest('hex')),
        reject,
      );
    });
    parser.end(body);
  });
}
