import { FUNDS_LIMITS, type PayeeFile } from '@namebourse/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadPayeeFile } from '../api/upload-payee-file.ts';
import { checkPayeeFile, type FileProblem, progressPercent, uploadProblem } from '../lib/payee-files.ts';

export interface UploadItem {
  key: string;
  fileName: string;
  /** What the thumbnail shows: the server URL once uploaded, a local preview while uploading. */
  previewUrl: string;
  status: 'uploading' | 'done' | 'failed';
  percent: number;
  uploaded?: PayeeFile;
  problem?: FileProblem;
}

interface Entry extends UploadItem {
  file?: File;
  localUrl?: string;
  controller?: AbortController;
}

let sequence = 0;
const nextKey = () => `upload-${++sequence}`;

function localPreview(file: File): string | undefined {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
}

function release(entry: Entry): void {
  entry.controller?.abort();
  if (entry.localUrl && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(entry.localUrl);
}

/**
 * The agreement/certificate images of the payee form: the saved ones plus new uploads, one at a time, each
 * checked first (JPG/PNG, size), with progress; failed ones can be retried; any can be removed before saving.
 */
export function usePayeeUploads(initial: readonly PayeeFile[]) {
  const [entries, setEntries] = useState<Entry[]>(() =>
    initial.map((file) => ({
      key: nextKey(),
      fileName: file.fileName,
      previewUrl: file.url,
      status: 'done',
      percent: 100,
      uploaded: file,
    })),
  );
  /** The file last refused before uploading, and why. */
  const [rejected, setRejected] = useState<{ fileName: string; problem: FileProblem } | null>(null);
  const live = useRef(entries);
  live.current = entries;

  useEffect(() => () => live.current.forEach(release), []);

  const patch = useCallback((key: string, change: Partial<Entry>) => {
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  }, []);

  const send = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      patch(key, { status: 'uploading', percent: 0, problem: undefined, controller });
      uploadPayeeFile(
        file,
        ({ loaded, total }) => patch(key, { percent: progressPercent(loaded, total) }),
        controller.signal,
      )
        .then((uploaded) => patch(key, { status: 'done', percent: 100, uploaded, controller: undefined }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          patch(key, { status: 'failed', problem: uploadProblem(error), controller: undefined });
        });
    },
    [patch],
  );

  const counted = entries.filter((entry) => entry.status !== 'failed').length;
  const busy = entries.some((entry) => entry.status === 'uploading');
  const full = counted >= FUNDS_LIMITS.payeeFilesMax;

  const add = useCallback(
    (file: File) => {
      const problem = checkPayeeFile(file);
      if (problem) {
        setRejected({ fileName: file.name, problem });
        return;
      }
      setRejected(null);
      if (live.current.filter((entry) => entry.status !== 'failed').length >= FUNDS_LIMITS.payeeFilesMax) return;
      const key = nextKey();
      const localUrl = localPreview(file);
      setEntries((current) => [
        ...current,
        { key, fileName: file.name, previewUrl: localUrl ?? '', status: 'uploading', percent: 0, file, localUrl },
      ]);
      send(key, file);
    },
    [send],
  );

  const remove = useCallback((key: string) => {
    setEntries((current) => {
      const entry = current.find((item) => item.key === key);
      if (entry) release(entry);
      return current.filter((item) => item.key !== key);
    });
  }, []);

  const retry = useCallback(
    (key: string) => {
      const entry = live.current.find((item) => item.key === key);
      if (entry?.file && entry.status === 'failed') send(key, entry.file);
    },
    [send],
  );

  const items: UploadItem[] = entries.map(({ file: _file, localUrl: _url, controller: _c, ...item }) => ({
    ...item,
    previewUrl: item.uploaded && !item.previewUrl ? item.uploaded.url : item.previewUrl,
  }));
  const fileIds = entries.flatMap((entry) =>
    entry.status === 'done' && entry.uploaded ? [entry.uploaded.fileId] : [],
  );
  const hasFailed = entries.some((entry) => entry.status === 'failed');

  return {
    items,
    fileIds,
    busy,
    full,
    hasFailed,
    rejected,
    add,
    remove,
    retry,
    dismissRejected: () => setRejected(null),
  };
}
