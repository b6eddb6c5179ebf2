import type { MediaItem } from '@vitrine/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { imageProblem } from '../../lib/image-check';
import { uploadMediaItem } from '../../lib/media-library';

/** How many files go up at once: enough to fill a connection, few enough to show progress. */
export const PARALLEL_UPLOADS = 3;

/** One file the editor dropped or chose, on its way into the library. */
export interface QueuedUpload {
  key: number;
  name: string;
  state: 'waiting' | 'uploading' | 'failed';
  /** 0 to 1, while uploading. */
  progress: number;
  /** Why the browser or the API refused it, in their words. */
  error?: string;
}

/**
 * Runs tasks with at most `limit` of them at once, in the order they were given; a task
 * that fails does not stop the others.
 */
export function limitConcurrency(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    if (running >= limit) return;
    const start = waiting.shift();
    if (start) start();
  };
  return function run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        running += 1;
        task()
          .then(resolve, reject)
          .finally(() => {
            running -= 1;
            next();
          });
      });
      next();
    });
  };
}

/**
 * Uploads files into the media library, PARALLEL_UPLOADS at a time, each with its progress.
 * Alt text is not asked for first: an uploaded image arrives with none, to be described where
 * it is used. A file the browser can tell the API would refuse is named with the reason and
 * not sent; one the API refuses is named with the API's message; neither stops the others.
 * A finished upload leaves the queue and is handed to `onUploaded`.
 */
export function useUploadQueue(onUploaded: (item: MediaItem) => void) {
  const [uploads, setUploads] = useState<QueuedUpload[]>([]);
  const run = useRef(limitConcurrency(PARALLEL_UPLOADS)).current;
  const nextKey = useRef(0);
  const latestOnUploaded = useRef(onUploaded);
  const mounted = useRef(true);
  useEffect(() => {
    latestOnUploaded.current = onUploaded;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const change = useCallback((key: number, patch: Partial<QueuedUpload> | null) => {
    if (!mounted.current) return;
    setUploads((current) =>
      patch === null
        ? current.filter((one) => one.key !== key)
        : current.map((one) => (one.key === key ? { ...one, ...patch } : one)),
    );
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const added = files.map((file) => ({ key: (nextKey.current += 1), file }));
      setUploads((current) => [
        ...current,
        ...added.map(({ key, file }) => ({
          key,
          name: file.name,
          state: 'waiting' as const,
          progress: 0,
        })),
      ]);
      for (const { key, file } of added) {
        void (async () => {
          const problem = await imageProblem(file);
          if (problem) {
            change(key, { state: 'failed', error: problem });
            return;
          }
          try {
            const item = await run(() => {
              change(key, { state: 'uploading' });
              // No alt text: never the file name; it is written where the image is used.
              return uploadMediaItem(file, { alt: '' }, (progress) => change(key, { progress }));
            });
            change(key, null);
            if (mounted.current) latestOnUploaded.current(item);
          } catch (error) {
            change(key, { state: 'failed', error: errorMessage(error) });
          }
        })();
      }
    },
    [change, run],
  );

  const dismiss = useCallback((key: number) => change(key, null), [change]);

  return { uploads, add, dismiss, busy: uploads.some((one) => one.state !== 'failed') };
}
