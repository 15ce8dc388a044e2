'use client';

import type { RefObject } from 'react';
import { PHOTO_ACCEPT } from '@/lib/uploads/photo-rules';

/**
 * The hidden file input a photo button opens (the watch form's photos, a service event's): the
 * files chosen go to `onFiles`, and the input is emptied so the same file can be chosen again.
 */
export function PhotoFilesInput({ inputRef, label, onFiles }: { inputRef: RefObject<HTMLInputElement | null>; label: string; onFiles: (files: File[]) => void }) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={PHOTO_ACCEPT}
      multiple
      hidden
      aria-label={label}
      onChange={(event) => {
        onFiles([...(event.target.files ?? [])]);
        event.target.value = '';
      }}
    />
  );
}
