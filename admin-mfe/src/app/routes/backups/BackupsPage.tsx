import { Button, EmptyState, useToast } from '@vitrine/ui';
import { useState } from 'react';
import { Icon } from '../../../components/Icon';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { errorMessage, isUnauthorized } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { downloadLatestBackup } from '../../../features/backups/api/download-latest-backup';
import { useBackups } from '../../../features/backups/api/get-backups';
import './backups.css';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * /admin/backups: the daily backups the API keeps, and the newest to download: the whole
 * site in one archive, which `npm run restore` loads into an empty site.
 */
export function BackupsPage() {
  const backups = useBackups();
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const latest = backups.data?.[0];

  async function download() {
    setDownloading(true);
    try {
      const { blob, filename } = await downloadLatestBackup();
      saveFile(blob, filename);
      toast.success(`Downloaded ${filename}`);
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(`The download failed: ${errorMessage(error)}`);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Backups"
        description="The site backs itself up once a day: every record and every image in one archive. Keep a copy of it somewhere else: npm run restore loads it into an empty site."
        actions={
          <Button busy={downloading} disabled={!latest} onClick={() => void download()}>
            <Icon name="download" size={18} />
            Download the latest backup
          </Button>
        }
      />
      {!backups.data ? (
        <QueryStatus query={backups} what="the backups" />
      ) : backups.data.length === 0 ? (
        <EmptyState title="No backup yet">
          The first is made when the site starts, then one a day.
        </EmptyState>
      ) : (
        <ul className="adm-card adm-backups" aria-label="Backups kept">
          {backups.data.map((backup) => (
            <li key={backup.name} className="adm-backups__item">
              <strong>{formatDateTime(backup.createdAt)}</strong>
              <code className="adm-code">{backup.name}</code>
              <span>{megabytes(backup.bytes)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
