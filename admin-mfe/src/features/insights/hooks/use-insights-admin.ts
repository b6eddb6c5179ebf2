import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '@vitrine/ui';
import { useState } from 'react';
import { errorMessage, isUnauthorized } from '../../../lib/errors';
import { saveFile } from '../../../lib/save-file';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { deleteInsights } from '../api/delete-insights';
import { exportInsights } from '../api/export-insights';
import { INSIGHTS_KEY } from '../api/insights-query';
import type { InsightsRange } from '../insights-range';

/** The CSV download of a range and "Delete all statistics", each with its toast. */
export function useInsightsAdmin(range: InsightsRange) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      const { blob, filename } = await exportInsights(range);
      saveFile(blob, filename);
      toast.success(`Downloaded ${filename}`);
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(`The download failed: ${errorMessage(error)}`);
    } finally {
      setDownloading(false);
    }
  }

  function deleteAll() {
    void confirmDelete({
      title: 'Delete all statistics?',
      message:
        'Every view, visitor and action counted so far is deleted for good, on every day. ' +
        'Counting goes on from now. Download the CSV first to keep a copy.',
      run: deleteInsights,
      done: 'All statistics deleted',
      onDone: () => void queryClient.invalidateQueries({ queryKey: INSIGHTS_KEY }),
    });
  }

  return { download, downloading, deleteAll };
}
