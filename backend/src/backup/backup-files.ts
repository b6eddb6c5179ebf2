/** `vitrine-2026-11-23T10-15-00Z.tar.gz`: sorts by time, and says when at a glance. */
export function backupFileName(at: Date): string {
  return `vitrine-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz`;
}

export const BACKUP_FILE = /^vitrine-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/;
