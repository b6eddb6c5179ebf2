import type { MediaStorage } from './storage/media-storage';

export interface MigrationReport {
  copied: number;
  /** Already there with the same size: an earlier run copied them. */
  skipped: number;
}

/**
 * Copies every file of `from` that `to` lacks (or holds with another size) into `to`.
 * Names are unique per image and files never change, so a second run copies only what
 * the first did not finish: it can be stopped and run again at any time.
 */
export async function migrateMedia(
  from: MediaStorage,
  to: MediaStorage,
  progress: (name: string) => void = () => undefined,
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, skipped: 0 };
  for await (const file of from.list()) {
    const there = await to.stat(file.name);
    if (there?.size === file.size) {
      report.skipped += 1;
      continue;
    }
    await to.write(file.name, await from.read(file.name));
    report.copied += 1;
    progress(file.name);
  }
  return report;
}
