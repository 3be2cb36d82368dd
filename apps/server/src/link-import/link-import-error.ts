/** Why a song link could not be imported; the route maps each code to a status and shows `message` as it is. */
export type LinkImportErrorCode =
  | 'invalid-link'
  | 'unavailable'
  | 'unreachable'
  | 'unsupported'
  | 'not-public'
  | 'too-long'
  | 'too-large'
  | 'timeout'
  | 'aborted'
  | 'failed';

/** Every message ends by pointing at the way that always works: uploading the file. */
export const UPLOAD_INSTEAD = 'Download the song and upload the file instead.';

export class LinkImportError extends Error {
  readonly code: LinkImportErrorCode;
  /** What the downloader said, for the operator's log; never shown to the person. */
  readonly detail: string | undefined;

  constructor(code: LinkImportErrorCode, message: string, options?: { cause?: unknown; detail?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'LinkImportError';
    this.code = code;
    this.detail = options?.detail;
  }
}
