import { type Static, Type } from 'typebox';
import { LiteralUnion } from '../envelope.ts';
import { CHUNK_SIZE, HASH_SLICE_SIZE, MAX_CHUNK_RETRIES } from '../rules/chunk-upload.ts';

/**
 * Files (admin.md 2.7, 3.11, 7 "Chunked file upload"; protocol-admin.md section 5; widgets.md
 * "Uploads"): one file service behind `/api/file` for every widget. Uploads by type, chunked
 * upload with instant upload by content hash, expiring download links, pack download as one zip
 * and the preview address.
 */

/** Chunk size of the chunked uploader (admin.md 9). The last chunk is up to twice this. */
export const FILE_CHUNK_SIZE = CHUNK_SIZE;
/** The browser hashes a file in slices of this many bytes (admin.md 9). */
export const FILE_HASH_SLICE = HASH_SLICE_SIZE;
/** Tries per chunk before the file is failed (admin.md 9: at most 5 retries). */
export const FILE_CHUNK_RETRIES = MAX_CHUNK_RETRIES;
/** The largest file the chunked uploader takes. */
export const FILE_MAX_CHUNKED_BYTES = 4 * 1024 * 1024 * 1024;

/** Upload types of `POST /api/file/Uploader/{type}` (protocol-admin.md 5; widgets.md: annex, annexpic). */
export const uploadTypes = ['annex', 'annexpic', 'IM', 'userAvatar'] as const;
export type UploadType = (typeof uploadTypes)[number];
export const UploadTypeParam = LiteralUnion(uploadTypes);

/** Extension lists of admin.md 9 / widgets.md 9, written once in the rules library. */
export {
  AUDIO_EXTENSIONS as audioExtensions,
  DOCUMENT_EXTENSIONS as documentExtensions,
  IMAGE_EXTENSIONS as imageExtensions,
  VIDEO_EXTENSIONS as videoExtensions,
} from '../rules/upload-check.ts';

/** `{name, url, thumbUrl}` of `Uploader/{type}`; the avatar and chat uploads answer `{name, url}` as before. */
export const UploadedFile = Type.Object({
  /** The generated name; the client keeps it as fileId. */
  name: Type.String(),
  /** Relative address of the file (images: shown by `<img>` without a token). */
  url: Type.String(),
  thumbUrl: Type.Optional(Type.String()),
});
export type UploadedFile = Static<typeof UploadedFile>;

/** A text field of the uploader that may come as a number (simple-uploader sends all as text). */
const Count = Type.Integer({ minimum: 0, maximum: FILE_MAX_CHUNKED_BYTES });
/** The MD5 of the whole file, lower-case hex: the upload's identity. */
export const FileIdentifier = Type.String({ pattern: '^[0-9a-fA-F]{32}$' });
/** A file name as the user had it: shown and given back on download, never a path. */
export const OriginalFileName = Type.String({ minLength: 1, maxLength: 255 });
export const FileExtension = Type.String({ maxLength: 20, pattern: '^[A-Za-z0-9]*$' });

/** The query (test call) or form fields (chunk POST) simple-uploader sends with every chunk. */
export const ChunkQuery = Type.Object({
  chunkNumber: Type.Integer({ minimum: 1, maximum: 100_000 }),
  chunkSize: Type.Integer({ minimum: 1024, maximum: FILE_CHUNK_SIZE }),
  currentChunkSize: Type.Optional(Count),
  totalSize: Type.Integer({ minimum: 0, maximum: FILE_MAX_CHUNKED_BYTES }),
  identifier: FileIdentifier,
  filename: Type.Optional(Type.String({ maxLength: 255 })),
  relativePath: Type.Optional(Type.String({ maxLength: 1000 })),
  totalChunks: Type.Integer({ minimum: 1, maximum: 100_000 }),
  fileType: Type.Optional(Type.String({ maxLength: 100 })),
  extension: Type.Optional(FileExtension),
});
export type ChunkQuery = Static<typeof ChunkQuery>;

/** What the test call and every chunk answer. */
export const ChunkState = Type.Object({
  /** The content is already held (instant upload): the client sends no chunk. */
  uploaded: Type.Boolean(),
  /** Every chunk is held: the client may call merge. */
  merge: Type.Boolean(),
  /** Chunks the server already holds (1-based). */
  chunkNumbers: Type.Array(Type.Integer()),
});
export type ChunkState = Static<typeof ChunkState>;

/** `POST /api/file/merge` (form-encoded; the extra fields of the 3.6 client are accepted and ignored). */
export const MergeInput = Type.Object({
  identifier: FileIdentifier,
  fileName: OriginalFileName,
  /** Form-encoded: digits as text (or a number from a JSON client). */
  fileSize: Type.Union([Count, Type.String({ pattern: '^\\d{1,13}$' })]),
  fileType: Type.Optional(Type.String({ maxLength: 100 })),
  extension: Type.Optional(FileExtension),
  type: Type.Optional(Type.String({ maxLength: 50 })),
  pathType: Type.Optional(Type.String({ maxLength: 50 })),
  isAccount: Type.Optional(Type.String({ maxLength: 10 })),
  folder: Type.Optional(Type.String({ maxLength: 200 })),
});
export type MergeInput = Static<typeof MergeInput>;

/** The merged file (widgets.md 3 "Uploaded file"); the client keeps `name` as fileId. */
export const MergedFile = Type.Object({
  name: Type.String(),
  fileSize: Type.Integer(),
  fileExtension: Type.String(),
  fileVersionId: Type.String(),
  url: Type.String(),
});
export type MergedFile = Static<typeof MergedFile>;

/** A generated file name: 128 random bits in hex and the extension. */
export const StoredFileName = Type.String({ pattern: '^[0-9a-f]{32}(\\.[a-z0-9]{1,20})?$' });

/** `GET Download/{type}/{fileId}` → an address that works without a token until it expires. */
export const FileDownloadLink = Type.Object({ url: Type.String(), name: Type.Optional(Type.String()) });
export type FileDownloadLink = Static<typeof FileDownloadLink>;

/** `POST PackDownload/{type}`: the files to put in one zip, each under the name it should have. */
export const PackDownloadInput = Type.Array(
  Type.Object({ fileId: StoredFileName, fileName: Type.Optional(OriginalFileName) }),
  { minItems: 1, maxItems: 500 },
);
export type PackDownloadInput = Static<typeof PackDownloadInput>;
export const PackDownloadLink = Type.Object({
  downloadName: Type.String(),
  downloadVo: Type.Object({ url: Type.String() }),
});
export type PackDownloadLink = Static<typeof PackDownloadLink>;

/** `GET Uploader/Preview?fileName=<fileId>` → the preview address (a string), or no data when there is none. */
export const PreviewQuery = Type.Object({
  fileName: StoredFileName,
  fileVersionId: Type.Optional(Type.String({ maxLength: 100 })),
  fileDownloadUrl: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type PreviewQuery = Static<typeof PreviewQuery>;

/** How the browser shows a preview address. */
export const previewKinds = ['image', 'pdf', 'html'] as const;
export type PreviewKind = (typeof previewKinds)[number];
export const previewKindOf = (extension: string): PreviewKind | null => {
  const ext = extension.toLowerCase();
  if (['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp'].includes(ext)) return 'image';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'docx' || ext === 'xlsx') return 'html';
  return null;
};
