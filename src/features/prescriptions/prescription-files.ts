/** The prescriptions bucket's per-file limit (5 MB), enforced here and by the bucket itself. */
export const MAX_PRESCRIPTION_BYTES = 5 * 1024 * 1024;

/** What the file picker offers; the bucket enforces the same rule. */
export const PRESCRIPTION_ACCEPT = 'image/*,application/pdf';

/** Sent when neither the browser nor the extension tells the type; the bucket refuses it. */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** The lower-cased extension of a file name, or null when it has none ('scan', '.profile', 'a.'). */
export function extensionOf(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return null;
  return fileName.slice(dot + 1).toLowerCase();
}

/** The browser's type, else one from the extension (phones often send HEIC with none), else binary. */
export function contentTypeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  const extension = extensionOf(file.name);
  return (extension && CONTENT_TYPE_BY_EXTENSION[extension]) || UNKNOWN_CONTENT_TYPE;
}

export function isAcceptedContentType(contentType: string): boolean {
  return contentType.startsWith('image/') || contentType === 'application/pdf';
}

export function isPdf(file: { name: string; type: string }): boolean {
  return contentTypeOf(file) === 'application/pdf';
}

/** `{folder}/{random id}.{original extension}`, 'bin' when the file has no extension. */
export function prescriptionPath(folder: string, fileName: string, randomId: string): string {
  return `${folder}/${randomId}.${extensionOf(fileName) ?? 'bin'}`;
}

/** The storage folder: the signed-in customer's id, else the guest cart session's. */
export function prescriptionFolder(userId: string | null, cartSessionId: string): string {
  return userId ?? `guest-${cartSessionId}`;
}

/** Splits newly chosen files into those within the limit and those over it. */
export function partitionBySize<T extends { size: number }>(files: readonly T[]): { withinLimit: T[]; tooLarge: T[] } {
  return {
    withinLimit: files.filter((file) => file.size <= MAX_PRESCRIPTION_BYTES),
    tooLarge: files.filter((file) => file.size > MAX_PRESCRIPTION_BYTES),
  };
}
