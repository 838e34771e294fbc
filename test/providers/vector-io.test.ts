import { VectorIoProvider } from '../../src/providers/vector-io';
import { SecretRef } from '../../src/values/secret-ref';
import { expectProvider, problem, problems } from '../support/provider-problems';

const KEY = SecretRef.fromSecretName('creds', 'api-key');
const key = { name: 'creds', key: 'api-key' };
const PW = SecretRef.fromSecretName('db-creds', 'password');
const pw = { name: 'db-creds', key: 'password' };
const SECRET_FIX = 'SecretRef.fromSecretName(<secret>, <key>)';

describe('vector_io factories', () => {
  test.each<[string, () => VectorIoProvider, any]>([
    ['pgvector', () => VectorIoProvider.pgvector({ host: 'pg', db: 'v', user: 'u', port: 5433, password: PW }),
      { provider: 'pgvector', secretRefs: { password: pw }, settings: { host: 'pg', port: 5433, db: 'v', user: 'u' } }],
    ['pgvector defaults', () => VectorIoProvider.pgvector({ host: 'pg', password: PW }),
      { provider: 'pgvector', secretRefs: { password: pw }, settings: { host: 'pg' } }],
    ['qdrant', () => VectorIoProvider.qdrant({ endpoint: 'http://q:6333', apiKey: KEY }), { provider: 'qdrant', endpoint: 'http://q:6333', apiKey: key }],
    ['chromadb', () => VectorIoProvider.chromadb({ endpoint: 'http://c:8000' }), { provider: 'chromadb', endpoint: 'http://c:8000' }],
    ['weaviate', () => VectorIoProvider.weaviate({ endpoint: 'w:8080' }), { provider: 'weaviate', endpoint: 'w:8080' }],
    ['milvus', () => VectorIoProvider.milvus({ endpoint: 'http://m:19530', apiKey: KEY }), { provider: 'milvus', endpoint: 'http://m:19530', apiKey: key }],
    ['elasticsearch', () => VectorIoProvider.elasticsearch({ endpoint: 'http://e:9200' }), { provider: 'elasticsearch', endpoint: 'http://e:9200' }],
    ['vector custom', () => VectorIoProvider.custom('infinispan', { endpoint: 'http://i:11222' }), { provider: 'infinispan', endpoint: 'http://i:11222' }],
    ['neo4j', () => VectorIoProvider.neo4j({ uri: 'bolt://neo:7687', password: PW, user: 'neo4j', database: 'docs', graphRetrieval: true }),
      { provider: 'neo4j', secretRefs: { password: pw }, settings: { uri: 'bolt://neo:7687', user: 'neo4j', database: 'docs', graph_retrieval_enabled: true } }],
    ['neo4j minimal', () => VectorIoProvider.neo4j({ uri: 'bolt://neo:7687', password: PW }),
      { provider: 'neo4j', secretRefs: { password: pw }, settings: { uri: 'bolt://neo:7687' } }],
    ['pgvector over TLS', () => VectorIoProvider.pgvector({ host: 'pg', password: PW, sslMode: 'verify-full', caCertificate: { configMapName: 'pg-ca', key: 'ca.crt' } }),
      { provider: 'pgvector', secretRefs: { password: pw }, settings: { host: 'pg' }, postgresTls: { sslMode: 'verify-full', caCertificate: { configMapName: 'pg-ca', key: 'ca.crt' } } }],
  ])('%s', (_name, make, spec) => expectProvider(make(), 'vector_io', spec));
});

describe('required fields', () => {
  test.each<[string, () => unknown, string]>([
    ['pgvector host', () => VectorIoProvider.pgvector({ password: PW } as any),
      'VectorIoProvider.pgvector(host): host is required — pass host: the database host, e.g. pgvector.<namespace>.svc'],
    ['pgvector password', () => VectorIoProvider.pgvector({ host: 'h', db: 'd', user: 'u' } as any),
      `VectorIoProvider.pgvector(password): password is required — pass password: ${SECRET_FIX}`],
    ['qdrant endpoint', () => VectorIoProvider.qdrant({} as any),
      'VectorIoProvider.qdrant(endpoint): endpoint is required — pass endpoint: http://qdrant.<namespace>.svc:6333'],
    ['chromadb endpoint', () => VectorIoProvider.chromadb({} as any),
      'VectorIoProvider.chromadb(endpoint): endpoint is required — pass endpoint: http://chromadb.<namespace>.svc:8000'],
    ['weaviate endpoint', () => VectorIoProvider.weaviate({} as any),
      'VectorIoProvider.weaviate(endpoint): endpoint is required — pass endpoint: the cluster URL, e.g. weaviate.<namespace>.svc:8080'],
    ['milvus endpoint', () => VectorIoProvider.milvus({} as any),
      'VectorIoProvider.milvus(endpoint): endpoint is required — pass endpoint: http://milvus.<namespace>.svc:19530'],
    ['elasticsearch endpoint', () => VectorIoProvider.elasticsearch({} as any),
      'VectorIoProvider.elasticsearch(endpoint): endpoint is required — pass endpoint: the cluster URL, e.g. http://elasticsearch.<namespace>.svc:9200'],
    ['neo4j password not a SecretRef', () => VectorIoProvider.neo4j({ uri: 'bolt://n:7687', password: 'hunter2' as any }),
      `VectorIoProvider.neo4j(password): password must be a SecretRef — pass password: ${SECRET_FIX}`],
    ['neo4j graphRetrieval not a boolean', () => VectorIoProvider.neo4j({ uri: 'bolt://n:7687', password: PW, graphRetrieval: 'yes' as any }),
      'VectorIoProvider.neo4j(graphRetrieval): graphRetrieval must be true or false — pass graphRetrieval: true or false'],
    ['pgvector port above 65535', () => VectorIoProvider.pgvector({ host: 'h', password: PW, port: 65536 }),
      'VectorIoProvider.pgvector(port): port must be an integer from 1 to 65535 — pass port: a port number'],
  ])('%s', (_what, fn, message) => expect(problem(fn)).toBe(message));

  test('neo4j lists both missing fields', () => {
    expect(problems(() => VectorIoProvider.neo4j({} as any))).toEqual([
      'VectorIoProvider.neo4j(uri): uri is required — pass uri: the Bolt URI, e.g. bolt://neo4j.<namespace>.svc:7687',
      `VectorIoProvider.neo4j(password): password is required — pass password: ${SECRET_FIX}`,
    ]);
  });

  test('an sslMode libpq does not know is refused', () => {
    expect(problem(() => VectorIoProvider.pgvector({ host: 'h', password: PW, sslMode: 'strict' }))).toMatch(/^VectorIoProvider\.pgvector\(sslMode\): /);
  });

  test('weaviate and elasticsearch endpoints may be written without a scheme; qdrant\'s may not', () => {
    expect(VectorIoProvider.elasticsearch({ endpoint: 'es:9200' }).toSpec().endpoint).toBe('es:9200');
    expect(problem(() => VectorIoProvider.qdrant({ endpoint: 'q:6333' }))).toMatch(/^VectorIoProvider\.qdrant\(endpoint\): .* is not an http\(s\) URL/);
  });
});
