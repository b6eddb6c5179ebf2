import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

export interface BackupFile {
  blob: Blob;
  filename: string;
}

/**
 * The newest backup, fetched with the token (a plain link cannot carry it) and handed back
 * as a Blob for the browser to save. The API records the download in the audit log.
 */
export async function downloadLatestBackup(): Promise<BackupFile> {
  let disposition = '';
  const blob = await unwrap(
    api.GET('/api/backups/latest', { parseAs: 'blob' }).then((result) => {
      disposition = result.response.headers.get('Content-Disposition') ?? '';
      return result;
    }),
  );
  const named = /filename="?([^";]+)"?/.exec(disposition)?.[1];
  return { blob: blob as Blob, filename: named ?? 'vitrine-backup.tar.gz' };
}
