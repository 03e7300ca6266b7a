import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, type FileStorage, type StoredFile } from './storage';

/** Where the files live in S3: a bucket, a key prefix inside it, and how to reach it. */
export interface S3Location {
  bucket: string;
  /** '' or a folder ending in '/', put before every key. */
  prefix: string;
  /** S3_ENDPOINT: an S3-compatible server instead of AWS; addressed path-style. */
  endpoint: string | undefined;
  /** S3_REGION; unset, the SDK's own (AWS_REGION, the profile) or us-east-1. */
  region: string | undefined;
}

/** Options the tests use to reach their own server; production takes credentials from the SDK's chain. */
interface ClientOverrides {
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function s3Client(location: S3Location, overrides: ClientOverrides = {}): S3Client {
  return new S3Client({
    region: location.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
    ...(location.endpoint
      ? {
          endpoint: location.endpoint,
          // S3-compatible servers rarely have a DNS name per bucket.
          forcePathStyle: true,
          // The SDK adds CRC checksums to every upload by default, sent as a trailer in an
          // aws-chunked body; many S3-compatible servers (s3rver, older MinIO and Ceph) reject or
          // store that encoding as the file. Against one of them, checksums go only where the API
          // requires them. Nothing is lost: keys carry the SHA-256 of their bytes, and TLS guards the way.
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
    ...overrides,
  });
}

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
const isNoSuchKey = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/** Streams at least this large go up in parts (S3's smallest part is 5 MB), so none is held whole. */
const PART_BYTES = 5 * 1024 * 1024;

export class S3FileStorage implements FileStorage {
  constructor(
    private readonly client: S3Client,
    private readonly location: S3Location,
  ) {}

  private objectKey(key: string): string {
    assertStorageKey(key);
    return `${this.location.prefix}${key}`;
  }

  private get bucket() {
    return this.location.bucket;
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const Key = this.objectKey(key);
    if (Buffer.isBuffer(data)) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: data }));
      return;
    }
    // A stream's length is unknown up front: Upload sends it in parts, holding at most two at once.
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: data },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    }).done();
  }

  async get(key: string): Promise<Buffer | undefined> {
    const file = await this.fetch(key);
    return file && Buffer.from(await file.Body!.transformToByteArray());
  }

  async open(key: string): Promise<StoredFile | undefined> {
    const file = await this.fetch(key);
    if (!file) return undefined;
    // In Node the body is the response's IncomingMessage; destroying it lets the socket go.
    return { stream: file.Body as Readable, size: file.ContentLength ?? 0 };
  }

  private async fetch(key: string) {
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      if (isNoSuchKey(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a deletion of a missing key with success, as the interface wants.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async *list(prefix = ''): AsyncIterable<string> {
    const own = this.location.prefix;
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: `${own}${prefix}` },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(own.length);
    }
  }

  async check(): Promise<void> {
    const { bucket, endpoint } = this.location;
    const where = endpoint ? `at ${endpoint}` : 'on AWS';
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      throw new Error(explainCheckFailure(error, bucket, where), { cause: error });
    }
  }
}

/** Why the bucket cannot be used, and what to set: the message a failed start shows. */
function explainCheckFailure(error: unknown, bucket: string, where: string): string {
  const status = statusOf(error);
  const name = (error as Error).name;
  if (status === 404 || name === 'NoSuchBucket' || name === 'NotFound')
    return `The S3 bucket "${bucket}" does not exist ${where}: create it, or set STORAGE_URL=s3://<bucket>/<prefix> to an existing one (and S3_ENDPOINT to the server that holds it)`;
  if (status === 403 || status === 401)
    return `S3 refused access to the bucket "${bucket}" ${where} (${name}, HTTP ${status}): the credentials are wrong or may not use this bucket; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE, or an instance role) to credentials that may read, write, list and delete in it`;
  if (status === 301 || name === 'PermanentRedirect')
    return `The S3 bucket "${bucket}" is in another region: set S3_REGION to the bucket's region`;
  if (name === 'CredentialsProviderError')
    return `No S3 credentials were found for the bucket "${bucket}": set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE, or run with an instance role`;
  const reason = error instanceof Error ? error.message || name : String(error);
  return `The S3 bucket "${bucket}" ${where} could not be reached (${reason}): check S3_ENDPOINT and S3_REGION, and that this machine can reach the server`;
}
