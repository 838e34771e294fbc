import { Provider, ProviderBaseOptions, ProviderOptions } from './provider';
import { buildProviderSpec, RuleTable } from './rules';
import { SecretRef } from '../values/secret-ref';

/** Options of `FilesProvider.localfs`. */
export interface LocalfsOptions extends ProviderBaseOptions {
  /**
   * Directory for the files (`storage_dir`): each pod has its own, so use S3 with several replicas.
   * @default - `${FILES_STORAGE_DIR}`, which the Deployment points at the data volume
   */
  readonly storageDir?: string;
  /**
   * Seconds a file is kept (`ttl_secs`).
   * @default - the server's default
   */
  readonly ttlSeconds?: number;
}

/** Options of `FilesProvider.s3`. */
export interface S3Options extends ProviderBaseOptions {
  /** Bucket for the files (`bucket_name`). */
  readonly bucket: string;
  /**
   * Region (`region`).
   * @default "us-east-1" (the server's default)
   */
  readonly region?: string;
  /**
   * Endpoint of an S3-compatible store (MinIO, Ceph RGW…), e.g. `http://minio.storage.svc:9000` (`endpoint_url`).
   * @default - AWS S3
   */
  readonly endpoint?: string;
  /**
   * Access key id held in a Secret (`aws_access_key_id`).
   * @default - the pod's AWS credentials (IRSA, instance role)
   */
  readonly accessKeyId?: SecretRef;
  /**
   * Secret access key held in a Secret (`aws_secret_access_key`).
   * @default - the pod's AWS credentials
   */
  readonly secretAccessKey?: SecretRef;
  /**
   * Create the bucket at start-up when it does not exist (`auto_create_bucket`).
   * @default false
   */
  readonly autoCreateBucket?: boolean;
}

const FILES: RuleTable = {
  localfs: {
    type: 'inline::localfs',
    settings: { storageDir: { key: 'storage_dir' }, ttlSeconds: { key: 'ttl_secs', kind: 'count' } },
  },
  s3: {
    type: 's3',
    required: ['bucket'],
    settings: { bucket: { key: 'bucket_name' }, region: { key: 'region' }, autoCreateBucket: { key: 'auto_create_bucket', kind: 'boolean' } },
    secrets: { accessKeyId: 'aws_access_key_id', secretAccessKey: 'aws_secret_access_key' },
    httpEndpoint: true,
    hints: { bucket: 'the bucket name', endpoint: 'http://minio.<namespace>.svc:9000' },
  },
};

/**
 * A files provider: where uploaded files live (the `files` API, which responses, batches, file
 * search and file processors need). Server targets only.
 */
export class FilesProvider extends Provider {
  /** Files on the pod's data volume (`inline::localfs`); one store per pod. */
  public static localfs(options: LocalfsOptions = {}): FilesProvider {
    return new FilesProvider('localfs', options);
  }

  /** Files in S3 or an S3-compatible store (`remote::s3`), shared by every replica. */
  public static s3(options: S3Options): FilesProvider {
    return new FilesProvider('s3', options);
  }

  /**
   * Any other files provider of the release, e.g. `custom('openai', { secretRefs: { api_key: key } })`.
   * @param provider the provider type: bare for `remote::` types, or with its `inline::` / `remote::` prefix
   */
  public static custom(provider: string, options: ProviderOptions = {}): FilesProvider {
    return new FilesProvider('custom', options, provider);
  }

  private constructor(factory: string, options: object, customType?: string) {
    super('files', buildProviderSpec(`FilesProvider.${factory}`, FILES[factory] ?? { type: customType as string }, options));
  }
}
