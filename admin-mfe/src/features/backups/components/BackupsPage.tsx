import type { Backup } from '@vitrine/api-client';
import {
  Button,
  DataTable,
  EmptyState,
  ErrorState,
  useToast,
  type DataTableColumn,
} from '@vitrine/ui';
import { useState } from 'react';
import { Icon } from '../../../components/Icon';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage, isUnauthorized } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { downloadLatestBackup } from '../api/download-latest-backup';
import { useBackups } from '../api/get-backups';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const COLUMNS: DataTableColumn<Backup>[] = [
  {
    key: 'createdAt',
    header: 'Made',
    className: 'adm-nowrap',
    render: (backup) => formatDateTime(backup.createdAt),
  },
  {
    key: 'name',
    header: 'File',
    render: (backup) => <code className="adm-code">{backup.name}</code>,
  },
  {
    key: 'bytes',
    header: 'Size',
    className: 'adm-nowrap',
    render: (backup) => megabytes(backup.bytes),
  },
];

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
      {backups.error ? (
        <ErrorState
          title="The backups could not be loaded"
          message={errorMessage(backups.error)}
          onRetry={() => void backups.refetch()}
        />
      ) : (
        <DataTable
          caption="Backups"
          captionHidden
          columns={COLUMNS}
          rows={backups.data ?? []}
          rowKey={(backup) => backup.name}
          loading={!backups.data}
          numbered={false}
          emptyState={
            <EmptyState title="No backup yet">
              The first is made when the site starts, then one a day.
            </EmptyState>
          }
        />
      )}
    </>
  );
}
