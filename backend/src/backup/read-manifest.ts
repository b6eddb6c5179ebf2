/** A backup archive's manifest: found, checked against its checksum, its shape and the bound. */
import { MEDIA_NAME } from '../media/storage/media-storage';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  COLLECTION_NAME,
  leftOutOfBackups,
  MANIFEST,
  MANIFEST_SUM,
  sha256,
  type CollectionEntry,
  type Manifest,
  type MediaEntry,
} from './archive';
import { ArchiveError, eachEntry, megabytes } from './archive-entries';

/**
 * The most of one entry held in memory at once: a document's line (a BSON document is at
 * most 16 MB, and its canonical Extended JSON up to some three times that), or a media file
 * (a WebP variant is at most 1920 px wide: far less).
 */
export const IN_MEMORY_MAX_BYTES = 64 * 1024 * 1024;
const SUM_MAX_BYTES = 1024;

type Listed = CollectionEntry | MediaEntry;

/** The manifest, checked against its checksum, in its shape, and within the bound. */
export async function readManifest(file: string, maxBytes: number): Promise<Manifest> {
  let manifestBytes: Buffer | undefined;
  let sum: string | undefined;
  const seen = new Set<string>();
  await eachEntry(file, maxBytes, async (name, size, data) => {
    const [folder, base] = name.split('/');
    if (folder === 'media' && base && !base.startsWith('.') && !MEDIA_NAME.test(base)) {
      throw new ArchiveError(`it holds ${notMedia(base)}`);
    }
    if (!isArchiveName(name)) {
      throw new ArchiveError(`it holds ${JSON.stringify(name)}, which no backup holds`);
    }
    if (seen.has(name)) throw new ArchiveError(`it holds ${name} twice`);
    seen.add(name);
    if (name === MANIFEST) manifestBytes = await readWhole(name, size, data, IN_MEMORY_MAX_BYTES);
    if (name === MANIFEST_SUM) sum = (await readWhole(name, size, data, SUM_MAX_BYTES)).toString();
  });
  if (!manifestBytes || sum === undefined) throw new ArchiveError('it has no manifest');
  if (sum.split(/\s/)[0] !== sha256(manifestBytes)) {
    throw new ArchiveError('its manifest does not match its checksum');
  }
  const manifest = parseManifest(manifestBytes);
  const total = [...manifest.collections, ...manifest.media].reduce(
    (sum, entry) => sum + entry.bytes,
    0,
  );
  if (total > maxBytes) {
    throw new ArchiveError(
      `its manifest lists ${megabytes(total)}, more than the ${megabytes(maxBytes)} a restore takes (RESTORE_MAX_MB)`,
    );
  }
  return manifest;
}

function parseManifest(bytes: Buffer): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
  } catch {
    throw new ArchiveError('its manifest is not JSON');
  }
  if (manifest?.format !== ARCHIVE_FORMAT || manifest.version !== ARCHIVE_VERSION) {
    throw new ArchiveError(`it is not a ${ARCHIVE_FORMAT} version ${ARCHIVE_VERSION} archive`);
  }
  if (!Array.isArray(manifest.collections) || !Array.isArray(manifest.media)) {
    throw new ArchiveError('its manifest lists no collections or no media');
  }
  const names = new Set<string>();
  for (const entry of manifest.collections) {
    const { name } = entry ?? {};
    if (typeof name !== 'string' || !COLLECTION_NAME.test(name) || leftOutOfBackups(name)) {
      throw new ArchiveError(
        `its manifest lists a collection named ${JSON.stringify(name)}, which a site cannot have`,
      );
    }
    checkListing(entry, `db/${name}.jsonl`, names);
    if (!isCount(entry.count) || !Array.isArray(entry.indexes)) {
      throw new ArchiveError(`its manifest's entry for ${name} is damaged`);
    }
    for (const index of entry.indexes) {
      const key = (index as { key?: unknown })?.key;
      if (typeof key !== 'object' || key === null || Array.isArray(key)) {
        throw new ArchiveError(`its manifest lists an index of ${name} without a key`);
      }
    }
  }
  for (const entry of manifest.media) {
    const { name } = entry ?? {};
    if (typeof name !== 'string' || !MEDIA_NAME.test(name)) {
      throw new ArchiveError(`its manifest lists ${notMedia(name)}`);
    }
    checkListing(entry, `media/${name}`, names);
    if (entry.bytes > IN_MEMORY_MAX_BYTES) {
      throw new ArchiveError(`its manifest lists ${name} at ${entry.bytes} bytes, too large`);
    }
  }
  return manifest;
}

const notMedia = (name: unknown) =>
  `a media file named ${JSON.stringify(name)}: media are WebP images (<name>.webp), nothing else`;

function checkListing(entry: Listed, file: string, names: Set<string>): void {
  if (entry.file !== file || !isCount(entry.bytes) || !/^[0-9a-f]{64}$/.test(entry.sha256)) {
    throw new ArchiveError(`its manifest's entry for ${entry.name} is damaged`);
  }
  if (names.has(file)) throw new ArchiveError(`its manifest lists ${file} twice`);
  names.add(file);
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The names a backup's entries have: the manifest and its checksum, db/*.jsonl, media/*. */
function isArchiveName(name: string): boolean {
  if (name === MANIFEST || name === MANIFEST_SUM) return true;
  const [folder, base, ...rest] = name.split('/');
  if (rest.length || !base) return false;
  if (folder === 'db') return /^[\w.-]+\.jsonl$/.test(base) && !base.startsWith('.');
  return folder === 'media' && MEDIA_NAME.test(base);
}

async function readWhole(name: string, size: number, data: AsyncIterable<Buffer>, max: number) {
  if (size > max) throw new ArchiveError(`its ${name} is ${size} bytes, more than ${max}`);
  const parts: Buffer[] = [];
  for await (const part of data) parts.push(part);
  return Buffer.concat(parts);
}
