'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { PhotoThumbnail } from '../photo-thumbnail';
import { usePhotoUploads } from '../use-photo-uploads';
import { PhotoFilesInput } from '@/components/admin/photo-files-input';

type Props = {
  urls: string[];
  max: number;
  /** Takes an update rather than a value: uploads finish at any time, each from the latest list. */
  onChange: (update: (urls: string[]) => string[]) => void;
  onUploadingChange: (uploading: boolean) => void;
};

const smallButton = 'rounded border border-line px-2.5 py-1.5 text-sm text-muted hover:text-ivory disabled:opacity-40';

/**
 * A service event's photos: picked, uploaded at once as the watch form's are (usePhotoUploads,
 * each with its progress), and removable. Changes are announced to screen readers.
 */
export function ServicePhotos({ urls, max, onChange, onUploadingChange }: Props) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const { pending, start, dismiss, uploading } = usePhotoUploads({
    onUploaded: (url, name) => {
      onChange((old) => [...old, url]);
      setAnnouncement(`Uploaded ${name}`);
    },
    onFailed: (name, error) => setAnnouncement(`${name}: ${error}`),
  });

  useEffect(() => onUploadingChange(uploading), [uploading, onUploadingChange]);

  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 text-sm text-muted">Photos (optional, up to {max})</legend>
      <button
        type="button"
        onClick={() => fileInput.current?.click()}
        disabled={urls.length + pending.length >= max}
        aria-describedby={`${id}-help`}
        className="rounded border border-gold px-4 py-2 text-gold hover:text-gold-bright disabled:opacity-60"
      >
        Upload service photos
      </button>
      <p id={`${id}-help`} className="text-sm text-muted">
        JPEG, PNG, WebP or AVIF, up to 15 MB each.
      </p>
      <PhotoFilesInput inputRef={fileInput} label="Service photos to upload" onFiles={start} />
      {pending.length > 0 ? (
        <ul aria-label="Uploads" className="space-y-2">
          {pending.map((photo) => (
            <li key={photo.id} className="flex items-center gap-3 rounded border border-line p-2 text-sm">
              <PhotoThumbnail src={photo.preview} />
              <span className="min-w-0 flex-1 truncate">{photo.name}</span>
              {photo.error ? (
                <>
                  <span className="text-sold">{photo.error}</span>
                  <button type="button" onClick={() => dismiss(photo.id)} aria-label={`Dismiss ${photo.name}`} className={smallButton}>
                    ×
                  </button>
                </>
              ) : (
                <progress value={photo.progress} max={1} aria-label={`Uploading ${photo.name}`} className="h-2 w-24 accent-gold" />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {urls.length > 0 ? (
        <ul aria-label="Service photos" className="flex flex-wrap gap-2">
          {urls.map((url, index) => (
            <li key={`${url}-${index}`} className="flex items-center gap-1">
              <PhotoThumbnail src={url} />
              <button
                type="button"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => {
                  onChange((old) => old.filter((_, at) => at !== index));
                  setAnnouncement(`Photo ${index + 1} removed`);
                }}
                className={smallButton}
              >
                −
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
