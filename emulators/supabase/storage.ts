import { randomUUID, createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { asCaller, header, isPostgresError, json, notImplemented, type Incoming, type Reply } from './http';
import { apiClaimsSchema, signJwt, verifyJwt, type ApiClaims } from './jwt';

/** Storage API errors: {statusCode, code, error, message}, the shape storage-js reads. */
const storageError = (status: number, code: string, error: string, message: string): Reply =>
  json(status, { statusCode: String(status), code, error, message });

const objectNotFound = () => storageError(404, 'NoSuchKey', 'not_found', 'Object not found');
const bucketNotFound = () => storageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');

type Bucket = { id: string; public: boolean; file_size_limit: number | null; allowed_mime_types: string[] | null };
type ObjectRow = { id: string; name: string; bucket_id: string; metadata: Record<string, unknown> | null; created_at: Date; updated_at: Date; last_accessed_at: Date | null; version: string | null };

const objectMetadataSchema = z.object({ mimetype: z.string(), size: z.number(), cacheControl: z.string(), eTag: z.string() }).loose();
const signBodySchema = z.object({ expiresIn: z.number().int().positive() }).loose();
const listBodySchema = z.object({
  prefix: z.string().default(''),
  limit: z.number().int().positive().default(100),
  offset: z.number().int().nonnegative().default(0),
  sortBy: z.object({ column: z.enum(['name', 'created_at', 'updated_at', 'last_accessed_at']), order: z.enum(['asc', 'desc']) }).optional(),
  search: z.string().optional(),
});
const removeBodySchema = z.object({ prefixes: z.array(z.string().min(1)).min(1).max(1000) });
const signedUrlClaimsSchema = z.object({ url: z.string(), exp: z.number() });

/** `image/*` style patterns as Supabase matches allowed_mime_types. */
export function mimeTypeAllowed(mimeType: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((pattern) =>
    pattern.endsWith('/*') ? mimeType.startsWith(pattern.slice(0, -1)) : pattern.toLowerCase() === mimeType,
  );
}

const cacheControlOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? `max-age=${value}` : value ?? 'no-cache');

type Upload = { bytes: Buffer; mimeType: string; cacheControl: string };

async function readUpload(incoming: Incoming): Promise<Upload | Reply> {
  const contentType = header(incoming, 'content-type') ?? 'application/octet-stream';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    return { bytes: incoming.body, mimeType: contentType, cacheControl: cacheControlOf(header(incoming, 'cache-control')) };
  }
  const form = await new Response(new Uint8Array(incoming.body), { headers: { 'content-type': contentType } }).formData();
  const file = [...form.values()].find((value): value is File => typeof value !== 'string');
  if (!file) return storageError(400, 'InvalidRequest', 'invalid_request', 'The multipart body holds no file');
  const cacheControl = form.get('cacheControl');
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    mimeType: file.type || 'application/octet-stream',
    cacheControl: cacheControlOf(typeof cacheControl === 'string' ? cacheControl : undefined),
  };
}

export type StorageOptions = { db: PGlite; filesDir: string; jwtSecret: string };

/** Splits `/object/<bucket>/<path>` style routes into bucket and object name. */
function bucketAndName(rest: string): { bucket: string; name: string } | null {
  const match = rest.match(/^([^/]+)\/(.+)$/);
  if (!match) return null;
  const name = decodeURIComponent(match[2]).replace(/^\/+|\/+$/g, '').replace(/\/+/g, '/');
  return name ? { bucket: decodeURIComponent(match[1]), name } : null;
}

const objectInfo = (row: ObjectRow) => {
  const metadata = objectMetadataSchema.safeParse(row.metadata);
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: metadata.success ? metadata.data.size : null,
    content_type: metadata.success ? metadata.data.mimetype : null,
    cache_control: metadata.success ? metadata.data.cacheControl : null,
    etag: metadata.success ? metadata.data.eTag : null,
    metadata: row.metadata,
    last_modified: row.updated_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
};

/** An object as remove() answers it: list()'s entry with its full name and bucket (storage-js's FileObject). */
const removedObject = (row: ObjectRow) => ({
  name: row.name,
  bucket_id: row.bucket_id,
  id: row.id,
  updated_at: row.updated_at.toISOString(),
  created_at: row.created_at.toISOString(),
  last_accessed_at: row.last_accessed_at?.toISOString() ?? null,
  metadata: row.metadata,
});

export async function handleStorage(incoming: Incoming, route: string, options: StorageOptions, claims: ApiClaims | null): Promise<Reply> {
  const { db, filesDir, jwtSecret } = options;
  const { method } = incoming;
  const filePath = (bucket: string, name: string) => join(filesDir, bucket, ...name.split('/'));
  const findBucket = async (id: string) =>
    (await db.query<Bucket>(`select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`, [id])).rows[0];
  const readable = (caller: ApiClaims, bucket: string, name: string) =>
    asCaller(db, caller, async (tx) =>
      (await tx.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [bucket, name])).rows[0],
    );
  const download = async (row: ObjectRow): Promise<Reply> => {
    const metadata = objectMetadataSchema.parse(row.metadata);
    return {
      status: 200,
      headers: { 'content-type': metadata.mimetype, 'cache-control': metadata.cacheControl, etag: metadata.eTag, 'content-length': String(metadata.size) },
      body: method === 'HEAD' ? undefined : await readFile(filePath(row.bucket_id, row.name)),
    };
  };

  const signed = route.match(/^\/object\/sign\/(.+)$/);
  if (signed && (method === 'GET' || method === 'HEAD')) {
    const target = bucketAndName(signed[1]);
    const token = incoming.url.searchParams.get('token');
    if (!target || !token) return storageError(400, 'InvalidRequest', 'invalid_request', 'querystring must have required property \'token\'');
    const checked = verifyJwt(token, signedUrlClaimsSchema, jwtSecret);
    if (!checked.ok) {
      return storageError(400, 'InvalidJWT', 'InvalidJWT', checked.reason === 'expired' ? '"exp" claim timestamp check failed' : checked.reason);
    }
    if (checked.claims.url !== `${target.bucket}/${target.name}`) return storageError(400, 'InvalidSignature', 'InvalidSignature', 'The url do not match the signature');
    const row = (await db.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [target.bucket, target.name])).rows[0];
    return row ? download(row) : objectNotFound();
  }

  const publicObject = route.match(/^\/object\/public\/(.+)$/);
  if (publicObject && (method === 'GET' || method === 'HEAD')) {
    const target = bucketAndName(publicObject[1]);
    const bucket = target && (await findBucket(target.bucket));
    if (!target || !bucket?.public) return storageError(400, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
    const row = (await db.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [target.bucket, target.name])).rows[0];
    return row ? download(row) : objectNotFound();
  }

  if (!claims) return storageError(403, 'InvalidJWT', 'Unauthorized', 'invalid signature');

  try {
    if (signed && method === 'POST') {
      const target = bucketAndName(signed[1]);
      if (!target) return objectNotFound();
      const parsed = signBodySchema.safeParse(JSON.parse(incoming.body.toString('utf8') || '{}'));
      if (!parsed.success) return storageError(400, 'InvalidRequest', 'invalid_request', z.prettifyError(parsed.error));
      if (!(await readable(claims, target.bucket, target.name))) return objectNotFound();
      const now = Math.floor(Date.now() / 1000);
      const token = signJwt({ url: `${target.bucket}/${target.name}`, iat: now, exp: now + parsed.data.expiresIn }, jwtSecret);
      return json(200, { signedURL: `/object/sign/${target.bucket}/${target.name}?token=${token}` });
    }

    const info = route.match(/^\/object\/info\/(?:authenticated\/)?(.+)$/);
    if (info && method === 'GET') {
      const target = bucketAndName(info[1]);
      const row = target && (await readable(claims, target.bucket, target.name));
      return row ? json(200, objectInfo(row)) : objectNotFound();
    }

    const list = route.match(/^\/object\/list\/([^/]+)$/);
    if (list && method === 'POST') {
      const parsed = listBodySchema.safeParse(JSON.parse(incoming.body.toString('utf8') || '{}'));
      if (!parsed.success) return storageError(400, 'InvalidRequest', 'invalid_request', z.prettifyError(parsed.error));
      const prefix = parsed.data.prefix.replace(/^\/+|\/+$/g, '');
      const folder = prefix ? `${prefix}/` : '';
      const rows = await asCaller(db, claims, async (tx) =>
        (await tx.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and starts_with(name, $2)`, [decodeURIComponent(list[1]), folder])).rows,
      );
      const entries = new Map<string, unknown>();
      for (const row of rows) {
        const rest = row.name.slice(folder.length);
        if (parsed.data.search && !rest.startsWith(parsed.data.search)) continue;
        const slash = rest.indexOf('/');
        if (slash >= 0) {
          const name = rest.slice(0, slash);
          entries.set(name, { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
        } else {
          entries.set(rest, { name: rest, id: row.id, updated_at: row.updated_at.toISOString(), created_at: row.created_at.toISOString(), last_accessed_at: row.last_accessed_at?.toISOString() ?? null, metadata: row.metadata });
        }
      }
      const names = [...entries.keys()].sort();
      if (parsed.data.sortBy?.order === 'desc') names.reverse();
      return json(200, names.slice(parsed.data.offset, parsed.data.offset + parsed.data.limit).map((name) => entries.get(name)));
    }

    // storage-js remove(): deletes the named objects the caller may delete and answers with them, in list()'s shape.
    const bulk = route.match(/^\/object\/([^/]+)$/);
    if (bulk && method === 'DELETE') {
      const parsed = removeBodySchema.safeParse(JSON.parse(incoming.body.toString('utf8') || '{}'));
      if (!parsed.success) return storageError(400, 'InvalidRequest', 'invalid_request', z.prettifyError(parsed.error));
      const bucketId = decodeURIComponent(bulk[1]);
      const rows = await asCaller(db, claims, async (tx) =>
        (await tx.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *`, [bucketId, parsed.data.prefixes])).rows,
      );
      for (const row of rows) await rm(filePath(row.bucket_id, row.name), { force: true });
      return json(200, rows.map(removedObject));
    }

    const object = route.match(/^\/object\/(?:authenticated\/)?(.+)$/);
    const target = object && bucketAndName(object[1]);
    if (target && (method === 'GET' || method === 'HEAD')) {
      const row = await readable(claims, target.bucket, target.name);
      return row ? download(row) : objectNotFound();
    }

    if (target && method === 'POST' && !route.startsWith('/object/authenticated/')) {
      const bucket = await findBucket(target.bucket);
      if (!bucket) return bucketNotFound();
      const upload = await readUpload(incoming);
      if ('status' in upload) return upload;
      if (bucket.file_size_limit !== null && upload.bytes.length > bucket.file_size_limit) {
        return storageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size');
      }
      const mimeType = upload.mimeType.split(';')[0].trim().toLowerCase();
      if (!mimeTypeAllowed(mimeType, bucket.allowed_mime_types)) {
        return storageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${upload.mimeType} is not supported`);
      }
      const id = randomUUID();
      const metadata = {
        eTag: `"${createHash('md5').update(upload.bytes).digest('hex')}"`,
        size: upload.bytes.length,
        mimetype: upload.mimeType,
        cacheControl: upload.cacheControl,
        lastModified: new Date().toUTCString(),
        contentLength: upload.bytes.length,
        httpStatusCode: 200,
      };
      const upsert = header(incoming, 'x-upsert') === 'true';
      // No RETURNING: like Supabase, an insert-only policy (a guest's upload) must be enough.
      await asCaller(db, claims, async (tx) => {
        await tx.query(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version)
           values ($1, $2, $3, $4::text::uuid, $4::text, $5::text::jsonb, $6)
           ${upsert ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata, version = excluded.version, updated_at = now()` : ''}`,
          [id, target.bucket, target.name, claims.sub ?? null, JSON.stringify(metadata), randomUUID()],
        );
        const path = filePath(target.bucket, target.name);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, upload.bytes);
      });
      return json(200, { Id: id, Key: `${target.bucket}/${target.name}` });
    }
  } catch (error) {
    if (isPostgresError(error)) {
      if (error.code === '42501') return storageError(403, 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy');
      if (error.code === '23505') return storageError(409, 'Duplicate', 'Duplicate', 'The resource already exists');
      if (error.code === '23503') return bucketNotFound();
      return storageError(400, 'DatabaseError', error.code, error.message);
    }
    if (error instanceof SyntaxError) return storageError(400, 'InvalidRequest', 'invalid_request', 'Body is not valid JSON');
    throw error;
  }

  return notImplemented(method, `/storage/v1${route}`);
}

export const storageClaims = (token: string | undefined, jwtSecret: string): ApiClaims | null => {
  if (!token) return null;
  const checked = verifyJwt(token, apiClaimsSchema, jwtSecret);
  return checked.ok ? checked.claims : null;
};
