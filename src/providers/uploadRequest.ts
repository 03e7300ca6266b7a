import { translate } from '../i18n/translate';
import { ApiError, apiUrl, errorMessage, fieldErrors, requestHeaders } from './httpClient';

export interface UploadOptions {
  /** Called with the share of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** i18n key (under `errors.`) shown when the answer carries neither `output` nor `message`. */
  fallback?: string;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POSTs one file as multipart form data (field `file`) and answers the envelope's `data`. It uses
 * XMLHttpRequest rather than fetch because only XHR reports upload progress, which people on a
 * store's mobile connection need to see; headers and errors are the http client's.
 */
export function uploadFile<T>(path: string, file: File, options: UploadOptions = {}): Promise<T> {
  const { onProgress, fallback = 'errors.generic' } = options;
  const body = new FormData();
  body.append('file', file, file.name);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    requestHeaders(body).forEach((value, key) => {
      xhr.setRequestHeader(key, value);
    });
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const parsed = parse(xhr.responseText);
      if (xhr.status !== 200) {
        reject(new ApiError(xhr.status, errorMessage(parsed, fallback), fieldErrors(parsed), parsed));
        return;
      }
      onProgress?.(1);
      const envelope = parsed as { data?: unknown } | undefined;
      resolve((envelope && typeof envelope === 'object' && 'data' in envelope ? envelope.data : parsed) as T);
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, translate('errors.network'))));
    xhr.send(body);
  });
}
