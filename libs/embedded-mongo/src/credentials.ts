/**
 * The credentials a server with a dbPath keeps beside its data, made at its first start,
 * and the modes that keep the folder its owner's alone: 0700 for the folder, 0600 for
 * every file in it (the data, the journal, the lock and the credentials themselves).
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Credentials } from './auth';

export const CREDENTIALS_FILE = 'credentials.json';
export const DEFAULT_USERNAME = 'embedded';
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

export function generateCredentials(): Credentials {
  return { username: DEFAULT_USERNAME, password: crypto.randomBytes(24).toString('base64url') };
}

/**
 * Creates `dbPath` for its owner alone, and takes back what earlier versions left open
 * (a 0755 folder, 0644 files).
 */
export function secureDbPath(dbPath: string): void {
  fs.mkdirSync(dbPath, { recursive: true, mode: DIR_MODE });
  fs.chmodSync(dbPath, DIR_MODE);
  for (const entry of fs.readdirSync(dbPath, { withFileTypes: true })) {
    if (entry.isFile()) fs.chmodSync(path.join(dbPath, entry.name), FILE_MODE);
  }
}

/** The credentials file of `dbPath`, if it has a readable one. */
export function readCredentials(dbPath: string): Credentials | undefined {
  try {
    const saved = JSON.parse(
      fs.readFileSync(path.join(dbPath, CREDENTIALS_FILE), 'utf8'),
    ) as Partial<Credentials>;
    if (typeof saved.username === 'string' && typeof saved.password === 'string' && saved.password)
      return { username: saved.username, password: saved.password };
  } catch {
    // absent or unreadable: the caller decides
  }
  return undefined;
}

/** The dbPath's credentials, generated and written (0600, fsynced) at its first start. */
export function dbPathCredentials(dbPath: string): Credentials {
  const existing = readCredentials(dbPath);
  if (existing) return existing;
  const file = path.join(dbPath, CREDENTIALS_FILE);
  if (fs.existsSync(file)) {
    throw new Error(
      `embedded-mongo: ${file} is not valid; restore it, or delete it to make new credentials`,
    );
  }
  const credentials = generateCredentials();
  const temporaryPath = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temporaryPath, 'w', FILE_MODE);
  try {
    fs.writeSync(fd, `${JSON.stringify(credentials, null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporaryPath, file);
  return credentials;
}

/** `mongodb://user:password@host:port/` with both parts escaped for a URI. */
export function uriWithCredentials(host: string, port: number, credentials: Credentials): string {
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const user = `${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}`;
  return `mongodb://${user}@${hostPart}:${port}/`;
}
