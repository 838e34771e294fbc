/** FileProcessorsProvider: the keys of the server's file_processor configs. */
import { FileProcessorsProvider } from '../../src/providers/file-processors';
import { SecretRef } from '../../src/values/secret-ref';
import { expectProvider, problem } from '../support/provider-problems';

const KEY = SecretRef.fromSecretName('unstructured', 'api-key');
const key = { name: 'unstructured', key: 'api-key' };
const SECRET_FIX = 'SecretRef.fromSecretName(<secret>, <key>)';

describe('file_processors factories', () => {
  test.each<[string, () => FileProcessorsProvider, any]>([
    ['pypdf', () => FileProcessorsProvider.pypdf(), { provider: 'inline::pypdf' }],
    ['pypdf chunking', () => FileProcessorsProvider.pypdf({ chunkSizeTokens: 512, chunkOverlapTokens: 64 }),
      { provider: 'inline::pypdf', settings: { default_chunk_size_tokens: 512, default_chunk_overlap_tokens: 64 } }],
    ['docling', () => FileProcessorsProvider.docling({ chunkSizeTokens: 800 }), { provider: 'inline::docling', settings: { default_chunk_size_tokens: 800 } }],
    ['auto', () => FileProcessorsProvider.auto(), { provider: 'inline::auto' }],
    ['markitdown', () => FileProcessorsProvider.markitdown({ id: 'md' }), { id: 'md', provider: 'inline::markitdown' }],
    ['unstructured hi_res', () => FileProcessorsProvider.unstructured({ strategy: 'hi_res' }),
      { provider: 'inline::unstructured', settings: { strategy: 'hi_res' } }],
    ['unstructured-api', () => FileProcessorsProvider.unstructuredApi({ apiKey: KEY, chunkSizeTokens: 1024 }),
      { provider: 'unstructured-api', apiKey: key, settings: { default_chunk_size_tokens: 1024 } }],
    ['docling-serve', () => FileProcessorsProvider.doclingServe({ endpoint: 'http://docling:5001/v1', apiKey: KEY }),
      { provider: 'docling-serve', endpoint: 'http://docling:5001/v1', apiKey: key }],
    ['custom', () => FileProcessorsProvider.custom('inline::tika'), { provider: 'inline::tika' }],
  ])('%s', (_name, make, spec) => expectProvider(make(), 'file_processors', spec));
});

describe('refusals', () => {
  test.each<[string, () => unknown, string]>([
    ['unstructured strategy outside the Literal', () => FileProcessorsProvider.unstructured({ strategy: 'accurate' }),
      'FileProcessorsProvider.unstructured(strategy): "accurate" is not one of auto, fast, hi_res, ocr_only — pass strategy: one of auto, fast, hi_res, ocr_only'],
    ['unstructured-api key', () => FileProcessorsProvider.unstructuredApi({} as any),
      `FileProcessorsProvider.unstructuredApi(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['docling-serve endpoint', () => FileProcessorsProvider.doclingServe({} as any),
      'FileProcessorsProvider.doclingServe(endpoint): endpoint is required — pass endpoint: http://docling-serve.<namespace>.svc:5001/v1'],
    ['chunk size not an integer', () => FileProcessorsProvider.docling({ chunkSizeTokens: 512.5 }),
      'FileProcessorsProvider.docling(chunkSizeTokens): chunkSizeTokens must be an integer from 100 to 4096 — pass chunkSizeTokens: a whole number from 100 to 4096'],
    // The config classes' Field(ge=100, le=4096) and Field(ge=0, le=2048) (OGX 1.1–1.3): the server refuses the rest at start-up.
    ['chunk size below the server\'s 100', () => FileProcessorsProvider.pypdf({ chunkSizeTokens: 50 }),
      'FileProcessorsProvider.pypdf(chunkSizeTokens): chunkSizeTokens must be an integer from 100 to 4096 — pass chunkSizeTokens: a whole number from 100 to 4096'],
    ['chunk size above the server\'s 4096', () => FileProcessorsProvider.unstructuredApi({ apiKey: KEY, chunkSizeTokens: 9000 }),
      'FileProcessorsProvider.unstructuredApi(chunkSizeTokens): chunkSizeTokens must be an integer from 100 to 4096 — pass chunkSizeTokens: a whole number from 100 to 4096'],
    ['overlap above the server\'s 2048', () => FileProcessorsProvider.markitdown({ chunkOverlapTokens: 3000 }),
      'FileProcessorsProvider.markitdown(chunkOverlapTokens): chunkOverlapTokens must be an integer from 0 to 2048 — pass chunkOverlapTokens: a whole number from 0 to 2048'],
    ['overlap on docling-serve (its config has none)', () => FileProcessorsProvider.doclingServe({ endpoint: 'http://d:5001/v1', chunkOverlapTokens: 10 } as any),
      'FileProcessorsProvider.doclingServe(chunkOverlapTokens): is not a field of its options — remove it (its options has id, endpoint, apiKey, secretRefs, settings, chunkSizeTokens)'],
    ['strategy on pypdf (only unstructured has one)', () => FileProcessorsProvider.pypdf({ strategy: 'fast' } as any),
      'FileProcessorsProvider.pypdf(strategy): is not a field of its options — remove it (its options has id, endpoint, apiKey, secretRefs, settings, chunkSizeTokens, chunkOverlapTokens)'],
  ])('%s', (_what, fn, message) => expect(problem(fn)).toBe(message));

  test('the server\'s bounds are accepted: an overlap of 0, a chunk of 100 or 4096 tokens', () => {
    const p = FileProcessorsProvider.pypdf({ chunkSizeTokens: 100, chunkOverlapTokens: 0 });
    expect(p.toSpec().settings).toEqual({ default_chunk_size_tokens: 100, default_chunk_overlap_tokens: 0 });
    expect(FileProcessorsProvider.docling({ chunkSizeTokens: 4096, chunkOverlapTokens: 2048 }).toSpec().settings)
      .toEqual({ default_chunk_size_tokens: 4096, default_chunk_overlap_tokens: 2048 });
  });

  test('the docling-serve base URL needs its scheme', () => {
    expect(problem(() => FileProcessorsProvider.doclingServe({ endpoint: 'docling:5001' })))
      .toMatch(/^FileProcessorsProvider\.doclingServe\(endpoint\): .* is not an http\(s\) URL/);
  });
});
