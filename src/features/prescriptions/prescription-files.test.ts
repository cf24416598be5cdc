import { describe, expect, it } from 'vitest';
import {
  contentTypeOf,
  extensionOf,
  isAcceptedContentType,
  MAX_PRESCRIPTION_BYTES,
  partitionBySize,
  prescriptionFolder,
  prescriptionPath,
} from './prescription-files';

describe('extensionOf', () => {
  it('reads the last extension, lower-cased', () => {
    expect(extensionOf('Rx Scan.JPG')).toBe('jpg');
    expect(extensionOf('report.final.pdf')).toBe('pdf');
  });

  it('finds none in a bare name, a dot file or a trailing dot', () => {
    expect(extensionOf('scan')).toBeNull();
    expect(extensionOf('.profile')).toBeNull();
    expect(extensionOf('scan.')).toBeNull();
  });
});

describe('contentTypeOf', () => {
  it("keeps the browser's type", () => {
    expect(contentTypeOf({ name: 'a.bin', type: 'image/png' })).toBe('image/png');
  });

  it('derives a missing type from the extension', () => {
    expect(contentTypeOf({ name: 'a.jpg', type: '' })).toBe('image/jpeg');
    expect(contentTypeOf({ name: 'a.JPEG', type: '' })).toBe('image/jpeg');
    expect(contentTypeOf({ name: 'a.heic', type: '' })).toBe('image/heic');
    expect(contentTypeOf({ name: 'a.heif', type: '' })).toBe('image/heif');
    expect(contentTypeOf({ name: 'a.webp', type: '' })).toBe('image/webp');
    expect(contentTypeOf({ name: 'a.gif', type: '' })).toBe('image/gif');
    expect(contentTypeOf({ name: 'a.pdf', type: '' })).toBe('application/pdf');
  });

  it('falls back to generic binary when still unknown', () => {
    expect(contentTypeOf({ name: 'notes.xyz', type: '' })).toBe('application/octet-stream');
    expect(contentTypeOf({ name: 'scan', type: '' })).toBe('application/octet-stream');
  });
});

describe('isAcceptedContentType', () => {
  it('accepts images and PDF only', () => {
    expect(isAcceptedContentType('image/heic')).toBe(true);
    expect(isAcceptedContentType('application/pdf')).toBe(true);
    expect(isAcceptedContentType('application/octet-stream')).toBe(false);
    expect(isAcceptedContentType('text/plain')).toBe(false);
  });
});

describe('prescription storage path', () => {
  it('is folder/random-id.original-extension', () => {
    expect(prescriptionPath('user-1', 'Scan.PNG', 'abc')).toBe('user-1/abc.png');
  });

  it("uses 'bin' when the file has no extension", () => {
    expect(prescriptionPath('user-1', 'scan', 'abc')).toBe('user-1/abc.bin');
  });

  it("puts a guest's files under guest-<cart session id>", () => {
    expect(prescriptionFolder(null, '1f0c5c1e-0000-4000-8000-000000000000')).toBe(
      'guest-1f0c5c1e-0000-4000-8000-000000000000',
    );
    expect(prescriptionFolder('user-id', 'session')).toBe('user-id');
  });
});

describe('partitionBySize', () => {
  it('keeps files of at most 5 MB and sets aside larger ones', () => {
    const exact = { name: 'exact', size: MAX_PRESCRIPTION_BYTES };
    const over = { name: 'over', size: MAX_PRESCRIPTION_BYTES + 1 };
    const small = { name: 'small', size: 10 };
    expect(partitionBySize([exact, over, small])).toEqual({ withinLimit: [exact, small], tooLarge: [over] });
  });
});
