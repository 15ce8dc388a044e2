import { PHOTO_MESSAGES } from '@/lib/uploads/photo-rules';

/**
 * Sends one photo to POST /api/admin/uploads as the request body and reports how much of it has
 * gone (fetch cannot report an upload's progress in every browser; XMLHttpRequest can). Resolves
 * with the stored photo's URL; rejects with the server's message, or a general one.
 */
export function uploadPhotoFile(file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/uploads');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { url?: string; error?: string } | null;
      if (request.status === 201 && body?.url) resolve(body.url);
      else reject(new Error(body?.error ?? PHOTO_MESSAGES.failed));
    };
    request.onerror = () => reject(new Error(PHOTO_MESSAGES.failed));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    // The browser declares the type the file's name suggests; the server judges the bytes.
    request.send(file);
  });
}
