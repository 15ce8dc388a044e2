'use client';

import { useEffect, useRef, useState } from 'react';
import { uploadPhotoFile } from '@/lib/admin/photo-upload';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from '@/lib/uploads/photo-rules';

/** A photo on its way to the server, or one the server refused (until dismissed). */
export type PendingPhoto = { id: number; name: string; progress: number; error: string | null; preview: string };

type Callbacks = { onUploaded: (url: string, name: string) => void; onFailed: (name: string, error: string) => void };

/**
 * Uploads the photos the operator picks or drops, several at once, each with its progress. A
 * local preview (a blob: URL, which the shop's CSP allows) shows each photo until it is stored.
 * Uploads still running when the form closes are cancelled.
 */
export function usePhotoUploads({ onUploaded, onFailed }: Callbacks) {
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const nextId = useRef(0);
  const controllers = useRef(new Map<number, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = (id: number, change: Partial<PendingPhoto>) =>
    setPending((old) => old.map((photo) => (photo.id === id ? { ...photo, ...change } : photo)));

  function fail(id: number, name: string, error: string) {
    update(id, { error });
    onFailed(name, error);
  }

  function forget(id: number) {
    setPending((old) => {
      const photo = old.find((each) => each.id === id);
      if (photo) URL.revokeObjectURL(photo.preview);
      return old.filter((each) => each.id !== id);
    });
  }

  function start(files: File[]) {
    for (const file of files) {
      const id = nextId.current++;
      setPending((old) => [...old, { id, name: file.name, progress: 0, error: null, preview: URL.createObjectURL(file) }]);
      // The server would refuse it too, but only after the whole file had been sent.
      if (file.size > MAX_PHOTO_BYTES) {
        fail(id, file.name, PHOTO_MESSAGES.tooLarge);
        continue;
      }
      const controller = new AbortController();
      controllers.current.set(id, controller);
      uploadPhotoFile(file, (progress) => update(id, { progress }), controller.signal)
        .then((url) => {
          forget(id);
          onUploaded(url, file.name);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          fail(id, file.name, error instanceof Error ? error.message : PHOTO_MESSAGES.failed);
        })
        .finally(() => controllers.current.delete(id));
    }
  }

  return { pending, start, dismiss: forget, uploading: pending.some((photo) => photo.error === null) };
}
