'use client';

import { useEffect, useRef, useState, type DragEvent } from 'react';
import { addImage, moveImage, removeImage } from '@/lib/admin/photo-list';
import { inputClass } from './field';
import { PhotoThumbnail } from './photo-thumbnail';
import { usePhotoUploads, type PendingPhoto } from './use-photo-uploads';
import { PhotoFilesInput } from './photo-files-input';

/** The id of the upload button, which /admin/upload focuses when it opens the form. */
export const PHOTO_UPLOAD_BUTTON_ID = 'photo-upload-button';

type Props = {
  urls: string[];
  /** Takes an update rather than a value: uploads finish at any time, each from the latest list. */
  onChange: (update: (urls: string[]) => string[]) => void;
  onUploadingChange: (uploading: boolean) => void;
};

const smallButton = 'rounded border border-line px-2.5 py-1.5 text-sm text-muted hover:text-ivory disabled:opacity-40';

/**
 * The watch's images (SPEC §5, issue 14): photos picked or dropped upload at once, each showing
 * its progress; every image, uploaded or a pasted URL, can be moved up or down and removed. The
 * first is the one cards show. Changes are announced to screen readers.
 */
export function PhotoField({ urls, onChange, onUploadingChange }: Props) {
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  // After a move or a removal, the buttons to try to focus, in order: the first enabled one wins.
  const [focusNext, setFocusNext] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const { pending, start, dismiss, uploading } = usePhotoUploads({
    onUploaded: (url, name) => {
      onChange((old) => addImage(old, url));
      setAnnouncement(`Uploaded ${name}`);
    },
    onFailed: (name, error) => setAnnouncement(`${name}: ${error}`),
  });

  useEffect(() => onUploadingChange(uploading), [uploading, onUploadingChange]);

  useEffect(() => {
    const button = focusNext
      .map((selector) => list.current?.parentElement?.querySelector<HTMLButtonElement>(selector))
      .find((candidate) => candidate && !candidate.disabled);
    button?.focus();
  }, [focusNext]);

  function move(index: number, by: -1 | 1) {
    onChange((old) => moveImage(old, index, by));
    // The moved image's button keeps the keyboard focus, or its other move button at either end.
    const at = index + by;
    setFocusNext([`[data-move="${by}"][data-index="${at}"]`, `[data-move="${-by}"][data-index="${at}"]`]);
    setAnnouncement(`Image ${index + 1} moved to position ${index + by + 1}`);
  }

  function remove(index: number) {
    onChange((old) => removeImage(old, index));
    setAnnouncement(`Image ${index + 1} removed`);
    // The focus stays in the list: on the row that took this one's place, or the one before.
    setFocusNext([`[data-remove="${index}"]`, `[data-remove="${index - 1}"]`, `#${PHOTO_UPLOAD_BUTTON_ID}`]);
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    start([...event.dataTransfer.files]);
  }

  return (
    <fieldset className="space-y-3">
      <legend className="mb-1.5 text-sm text-muted">Image URLs</legend>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`flex flex-col items-start gap-2 rounded border border-dashed p-4 sm:flex-row sm:items-center ${
          dragging ? 'border-gold bg-gold/10' : 'border-line'
        }`}
      >
        <button
          id={PHOTO_UPLOAD_BUTTON_ID}
          type="button"
          aria-describedby="photo-upload-help"
          onClick={() => fileInput.current?.click()}
          className="rounded border border-gold px-4 py-2 text-gold hover:text-gold-bright"
        >
          Upload photos
        </button>
        <p id="photo-upload-help" className="text-sm text-muted">
          or drop them here. JPEG, PNG, WebP or AVIF, up to 15 MB each. The first image is the cover.
        </p>
        <PhotoFilesInput inputRef={fileInput} label="Photos to upload" onFiles={start} />
      </div>

      {pending.length > 0 && (
        <ul aria-label="Uploads" className="space-y-2">
          {pending.map((photo) => (
            <PendingRow key={photo.id} photo={photo} onDismiss={() => dismiss(photo.id)} />
          ))}
        </ul>
      )}

      <ol ref={list} aria-label="Images, in the order the shop shows them" className="space-y-2">
        {urls.map((url, index) => (
          <li key={index} className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
            <PhotoThumbnail src={url} />
            <input
              type="url"
              aria-label={`Image URL ${index + 1}`}
              value={url}
              placeholder="https://"
              required={index === 0}
              onChange={(event) => onChange((old) => old.map((each, at) => (at === index ? event.target.value : each)))}
              className={`${inputClass} min-w-0 flex-1 basis-48`}
            />
            <div className="flex gap-1.5">
              <button
                type="button"
                data-move={-1}
                data-index={index}
                aria-label={`Move image ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                className={smallButton}
              >
                ↑
              </button>
              <button
                type="button"
                data-move={1}
                data-index={index}
                aria-label={`Move image ${index + 1} down`}
                disabled={index === urls.length - 1}
                onClick={() => move(index, 1)}
                className={smallButton}
              >
                ↓
              </button>
              <button
                type="button"
                data-remove={index}
                aria-label={`Remove image url ${index + 1}`}
                disabled={urls.length <= 1}
                onClick={() => remove(index)}
                className={smallButton}
              >
                −
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" onClick={() => onChange((old) => [...old, ''])} className="text-sm text-gold hover:text-gold-bright">
        Add image url
      </button>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}

function PendingRow({ photo, onDismiss }: { photo: PendingPhoto; onDismiss: () => void }) {
  return (
    <li className="flex items-center gap-3 rounded border border-line p-2">
      <PhotoThumbnail src={photo.preview} />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="truncate text-sm">{photo.name}</p>
        {photo.error ? (
          <p className="text-sm text-sold">{photo.error}</p>
        ) : (
          <div className="flex items-center gap-2">
            <progress
              value={photo.progress}
              max={1}
              aria-label={`Uploading ${photo.name}`}
              className="h-2 w-full accent-gold"
            />
            <span className="w-24 shrink-0 text-xs text-muted">
              {photo.progress >= 1 ? 'Processing…' : `${Math.round(photo.progress * 100)}%`}
            </span>
          </div>
        )}
      </div>
      {photo.error && (
        <button type="button" onClick={onDismiss} aria-label={`Dismiss ${photo.name}`} className={smallButton}>
          ×
        </button>
      )}
    </li>
  );
}
