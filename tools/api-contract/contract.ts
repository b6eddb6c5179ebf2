/**
 * The rules between the API's current OpenAPI document and the last one released
 * (backend/openapi/released.json): `npm run api:contract` checks them, `npm run api:release`
 * checks them and a little more before it releases.
 */
import { breakingChanges, formatChange, type OpenApiDocument } from './compare';

export interface Verdict {
  ok: boolean;
  /** What to print: the reason, and each breaking change on a line of its own. */
  lines: string[];
}

const SOURCE = 'backend/src/api-contract.ts';

interface Version {
  major: number;
  minor: number;
  patch: number;
}

function parseVersion(text: unknown): Version | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(String(text));
  return match ? { major: +match[1], minor: +match[2], patch: +match[3] } : undefined;
}

function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/** JSON with keys sorted, so two documents that say the same compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

function changelogEntry(document: OpenApiDocument, version: string) {
  const entries = document.info?.['x-changelog'];
  return Array.isArray(entries)
    ? (entries as { version?: string; changes?: unknown[] }[]).find(
        (entry) => entry.version === version && entry.changes?.length,
      )
    : undefined;
}

/**
 * Passes when the current document is the released one, or differs from it under a later
 * version with a changelog entry, breaking nothing unless that version's major part moved.
 */
export function checkContract(released: OpenApiDocument, current: OpenApiDocument): Verdict {
  const releasedText = String(released.info?.version);
  const currentText = String(current.info?.version);
  const releasedVersion = parseVersion(releasedText);
  const currentVersion = parseVersion(currentText);
  if (!releasedVersion || !currentVersion) {
    return refuse(
      `The API's version must be major.minor.patch: the released one is "${releasedText}", ` +
        `the current one "${currentText}" (API_VERSION in ${SOURCE}).`,
    );
  }
  const order = compareVersions(currentVersion, releasedVersion);
  if (order < 0) {
    return refuse(
      `The API's version ${currentText} is older than the one released, ${releasedText}: ` +
        `set API_VERSION in ${SOURCE} after it.`,
    );
  }
  if (canonical(current) === canonical(released)) {
    return { ok: true, lines: [`The API contract is ${currentText}, as released.`] };
  }
  const changes = breakingChanges(released, current).map(formatChange);
  const listed = changes.map((change) => `  ${change}`);
  if (order === 0) {
    return refuse(
      `The API's OpenAPI document changed, but its version is still ${currentText}, the one ` +
        `released. In ${SOURCE}, raise API_VERSION (patch for descriptions, minor for ` +
        'additions, major for a breaking change) and put an entry for it at the top of ' +
        'API_CHANGELOG saying what changed for consumers; then run `npm run api:generate`. ' +
        '`npm run api:release` makes it the released contract.',
      ...(changes.length
        ? [
            `Of the changes, these break consumers, so the version must be ${releasedVersion.major + 1}.0.0:`,
            ...listed,
          ]
        : []),
    );
  }
  if (!changelogEntry(current, currentText)) {
    return refuse(
      `API_CHANGELOG in ${SOURCE} has no entry for ${currentText}: add one at the top saying ` +
        'what changed for consumers.',
    );
  }
  if (changes.length && currentVersion.major === releasedVersion.major) {
    return refuse(
      `${changes.length} breaking change${changes.length > 1 ? 's' : ''} since ${releasedText}, ` +
        `but ${currentText} keeps major version ${releasedVersion.major}:`,
      ...listed,
      `Keep the old shape (deprecate it in the changelog first), or raise API_VERSION to ` +
        `${releasedVersion.major + 1}.0.0 with a changelog entry telling consumers what to change.`,
    );
  }
  return {
    ok: true,
    lines: [
      `The API contract ${currentText} keeps the promises of ${releasedText}` +
        (changes.length ? `, but for these, allowed by the new major version:` : '.'),
      ...listed,
    ],
  };
}

/** A release needs a version after the released one (or none released yet), and the check. */
export function checkRelease(
  released: OpenApiDocument | undefined,
  current: OpenApiDocument,
): Verdict {
  const version = String(current.info?.version);
  if (!parseVersion(version)) {
    return refuse(`The API's version must be major.minor.patch, not "${version}".`);
  }
  if (!changelogEntry(current, version)) {
    return refuse(`API_CHANGELOG in ${SOURCE} has no entry for ${version}: add one first.`);
  }
  if (!released) return { ok: true, lines: [`Releasing the API contract ${version}.`] };
  if (released.info?.version === version) {
    return refuse(
      `${version} is already released. Raise API_VERSION in ${SOURCE} and add its ` +
        'changelog entry before releasing again.',
    );
  }
  const verdict = checkContract(released, current);
  if (!verdict.ok) return verdict;
  return { ok: true, lines: [...verdict.lines, `Releasing the API contract ${version}.`] };
}

function refuse(...lines: string[]): Verdict {
  return { ok: false, lines };
}
