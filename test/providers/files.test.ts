/** FilesProvider: the keys of the server's LocalfsFilesImplConfig and S3FilesImplConfig. */
import { FilesProvider } from '../../src/providers/files';
import { SecretRef } from '../../src/values/secret-ref';
import { expectProvider, problem, problems } from '../support/provider-problems';

const ID = SecretRef.fromSecretName('s3', 'access-key-id');
const SECRET = SecretRef.fromSecretName('s3', 'secret-access-key');
const SECRET_FIX = 'SecretRef.fromSecretName(<secret>, <key>)';

describe('files factories', () => {
  test.each<[string, () => FilesProvider, any]>([
    ['localfs bare', () => FilesProvider.localfs(), { provider: 'inline::localfs' }],
    ['localfs with storage_dir and ttl_secs', () => FilesProvider.localfs({ storageDir: '/data/files', ttlSeconds: 3600 }),
      { provider: 'inline::localfs', settings: { storage_dir: '/data/files', ttl_secs: 3600 } }],
    ['s3 bucket only', () => FilesProvider.s3({ bucket: 'docs' }), { provider: 's3', settings: { bucket_name: 'docs' } }],
    ['s3 on MinIO with keys', () => FilesProvider.s3({
      id: 'minio', bucket: 'docs', region: 'eu-west-1', endpoint: 'http://minio:9000', accessKeyId: ID, secretAccessKey: SECRET, autoCreateBucket: true,
    }), {
      id: 'minio',
      provider: 's3',
      endpoint: 'http://minio:9000',
      secretRefs: { aws_access_key_id: { name: 's3', key: 'access-key-id' }, aws_secret_access_key: { name: 's3', key: 'secret-access-key' } },
      settings: { bucket_name: 'docs', region: 'eu-west-1', auto_create_bucket: true },
    }],
    ['files custom', () => FilesProvider.custom('gcs', { settings: { bucket: 'b' } }), { provider: 'gcs', settings: { bucket: 'b' } }],
  ])('%s', (_name, make, spec) => expectProvider(make(), 'files', spec));

  test('a localfs provider is known by its id without the inline:: prefix', () => {
    expect(FilesProvider.localfs().id).toBe('localfs');
  });
});

describe('refusals', () => {
  test.each<[string, () => unknown, string]>([
    ['s3 bucket', () => FilesProvider.s3({} as any), 'FilesProvider.s3(bucket): bucket is required — pass bucket: the bucket name'],
    ['s3 empty bucket', () => FilesProvider.s3({ bucket: ' ' }), 'FilesProvider.s3(bucket): bucket must be a non-empty string — pass bucket: the bucket name'],
    ['s3 access key as a string', () => FilesProvider.s3({ bucket: 'b', accessKeyId: 'AKIA' as any }),
      `FilesProvider.s3(accessKeyId): accessKeyId must be a SecretRef — pass accessKeyId: ${SECRET_FIX}`],
    ['s3 autoCreateBucket as a string', () => FilesProvider.s3({ bucket: 'b', autoCreateBucket: 'true' as any }),
      'FilesProvider.s3(autoCreateBucket): autoCreateBucket must be true or false — pass autoCreateBucket: true or false'],
    ['localfs ttl not a whole number', () => FilesProvider.localfs({ ttlSeconds: 1.5 }),
      'FilesProvider.localfs(ttlSeconds): ttlSeconds must be an integer from 1 — pass ttlSeconds: a whole number, e.g. 512'],
    ['s3 key set twice', () => FilesProvider.s3({ bucket: 'b', secretAccessKey: SECRET, secretRefs: { aws_secret_access_key: SECRET } }),
      'FilesProvider.s3(secretRefs.aws_secret_access_key): writes config key "aws_secret_access_key", which secretAccessKey already sets — set "aws_secret_access_key" in one place only'],
    ['s3 bucket set twice', () => FilesProvider.s3({ bucket: 'b', settings: { bucket_name: 'c' } }),
      'FilesProvider.s3(settings.bucket_name): writes config key "bucket_name", which bucket already sets — set "bucket_name" in one place only'],
  ])('%s', (_what, fn, message) => expect(problem(fn)).toBe(message));

  test('the S3 endpoint is a URL the client parses (endpoint_url): no scheme is refused', () => {
    expect(problems(() => FilesProvider.s3({ bucket: 'b', endpoint: 'minio:9000' }))).toEqual([
      expect.stringMatching(/^FilesProvider\.s3\(endpoint\): .* is not an http\(s\) URL — write the full URL with its scheme, e.g. http:\/\/minio\.<namespace>\.svc:9000$/),
    ]);
  });
});
