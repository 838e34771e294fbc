import { Provider, ProviderBaseOptions, ProviderOptions } from './provider';
import { buildProviderSpec, RuleTable } from './rules';
import { SecretRef } from '../values/secret-ref';


/** How a file processor cuts documents into chunks. */
export interface ChunkingOptions extends ProviderBaseOptions {
  /**
   * Chunk size in tokens (`default_chunk_size_tokens`), from 100 to 4096.
   * @default 800
   */
  readonly chunkSizeTokens?: number;
  /**
   * Overlap between chunks in tokens (`default_chunk_overlap_tokens`), from 0 to 2048.
   * @default 400
   */
  readonly chunkOverlapTokens?: number;
}

/** Options of `FileProcessorsProvider.doclingServe`. */
export interface DoclingServeOptions extends ProviderBaseOptions {
  /** docling-serve URL, e.g. `http://docling-serve.<namespace>.svc:5001/v1` (`base_url`). */
  readonly endpoint: string;
  /**
   * API key held in a Secret (`api_key`).
   * @default - none
   */
  readonly apiKey?: SecretRef;
  /**
   * Chunk size in tokens (`default_chunk_size_tokens`), from 100 to 4096.
   * @default - the server's default
   */
  readonly chunkSizeTokens?: number;
}

/** Options of `FileProcessorsProvider.unstructured`. */
export interface UnstructuredOptions extends ChunkingOptions {
  /**
   * Partitioning strategy (`strategy`): `auto`, `fast`, `hi_res` or `ocr_only`.
   * @default "auto"
   */
  readonly strategy?: string;
}

/** Options of `FileProcessorsProvider.unstructuredApi`. */
export interface UnstructuredApiOptions extends ProviderBaseOptions {
  /** The Unstructured API key, held in a Secret (`api_key`, required). */
  readonly apiKey: SecretRef;
  /**
   * Chunk size in tokens (`default_chunk_size_tokens`), from 100 to 4096.
   * @default - the server's default
   */
  readonly chunkSizeTokens?: number;
}

/** The chunking fields of every file processor's config class (OGX 1.1–1.3: `Field(ge=100, le=4096)` and `Field(ge=0, le=2048)`). */
const CHUNKING = {
  chunkSizeTokens: { key: 'default_chunk_size_tokens', kind: 'count', range: [100, 4096] },
  chunkOverlapTokens: { key: 'default_chunk_overlap_tokens', kind: 'count', range: [0, 2048] },
} as const;

const FILE_PROCESSORS: RuleTable = {
  pypdf: { type: 'inline::pypdf', settings: CHUNKING },
  docling: { type: 'inline::docling', settings: CHUNKING },
  auto: { type: 'inline::auto', settings: CHUNKING },
  markitdown: { type: 'inline::markitdown', settings: CHUNKING },
  unstructured: { type: 'inline::unstructured', settings: { ...CHUNKING, strategy: { key: 'strategy', values: ['auto', 'fast', 'hi_res', 'ocr_only'] } } },
  unstructuredApi: { type: 'unstructured-api', required: ['apiKey'], settings: { chunkSizeTokens: CHUNKING.chunkSizeTokens } },
  doclingServe: {
    type: 'docling-serve',
    required: ['endpoint'],
    settings: { chunkSizeTokens: CHUNKING.chunkSizeTokens },
    httpEndpoint: true,
    hints: { endpoint: 'http://docling-serve.<namespace>.svc:5001/v1' },
  },
};

/**
 * A file processor: turns uploaded files into text chunks for vector stores (the
 * `file_processors` API). Server targets only.
 */
export class FileProcessorsProvider extends Provider {
  /** PDF text extraction in the server (`inline::pypdf`). */
  public static pypdf(options: ChunkingOptions = {}): FileProcessorsProvider {
    return new FileProcessorsProvider('pypdf', options);
  }

  /** Docling in the server (`inline::docling`): layout-aware, and heavy on CPU and memory. */
  public static docling(options: ChunkingOptions = {}): FileProcessorsProvider {
    return new FileProcessorsProvider('docling', options);
  }

  /** A docling-serve service (`remote::docling-serve`, OGX 0.8). */
  public static doclingServe(options: DoclingServeOptions): FileProcessorsProvider {
    return new FileProcessorsProvider('doclingServe', options);
  }

  /** Picks a processor per file type (`inline::auto`, OGX 1.1+). */
  public static auto(options: ChunkingOptions = {}): FileProcessorsProvider {
    return new FileProcessorsProvider('auto', options);
  }

  /** Microsoft MarkItDown in the server (`inline::markitdown`, OGX 1.1+). */
  public static markitdown(options: ChunkingOptions = {}): FileProcessorsProvider {
    return new FileProcessorsProvider('markitdown', options);
  }

  /** The unstructured library in the server (`inline::unstructured`, OGX 1.2+); `strategy` must be auto, fast, hi_res or ocr_only. */
  public static unstructured(options: UnstructuredOptions = {}): FileProcessorsProvider {
    return new FileProcessorsProvider('unstructured', options);
  }

  /** The hosted Unstructured API (`remote::unstructured-api`, OGX 1.2+); `apiKey` is required. */
  public static unstructuredApi(options: UnstructuredApiOptions): FileProcessorsProvider {
    return new FileProcessorsProvider('unstructuredApi', options);
  }

  /**
   * Any other file processor of the release.
   * @param provider the provider type: bare for `remote::` types, or with its `inline::` / `remote::` prefix
   */
  public static custom(provider: string, options: ProviderOptions = {}): FileProcessorsProvider {
    return new FileProcessorsProvider('custom', options, provider);
  }

  private constructor(factory: string, options: object, customType?: string) {
    super('file_processors', buildProviderSpec(`FileProcessorsProvider.${factory}`, FILE_PROCESSORS[factory] ?? { type: customType as string }, options));
  }
}
