/**
 * The five provider APIs the v1alpha2 spec can configure, in the operator's iteration order,
 * with the spec's camelCase field and the config.yaml API name.
 */
export interface ProviderApi {
  /** Field under `spec.providers`. */
  readonly field: 'inference' | 'safety' | 'vectorIo' | 'toolRuntime' | 'telemetry' | 'files' | 'fileProcessors' | 'responses' | 'batches'
  | 'messages' | 'interactions' | 'skills';
  /** Key under `providers:` in config.yaml (and a valid `disabled` entry). */
  readonly api: string;
}

export const PROVIDER_APIS: readonly ProviderApi[] = [
  { field: 'inference', api: 'inference' },
  { field: 'safety', api: 'safety' },
  { field: 'vectorIo', api: 'vector_io' },
  { field: 'toolRuntime', api: 'tool_runtime' },
  { field: 'telemetry', api: 'telemetry' },
];

/**
 * Provider APIs the server releases have beyond the v1alpha2 API's five: library extensions of
 * `spec.providers`, for the server targets only.
 */
export const SERVER_PROVIDER_APIS: readonly ProviderApi[] = [
  { field: 'files', api: 'files' },
  { field: 'fileProcessors', api: 'file_processors' },
  { field: 'responses', api: 'responses' },
  { field: 'batches', api: 'batches' },
  { field: 'messages', api: 'messages' },
  { field: 'interactions', api: 'interactions' },
  { field: 'skills', api: 'skills' },
];

/** Every provider list `spec.providers` can hold, the v1alpha2 API's first. */
export const ALL_PROVIDER_APIS: readonly ProviderApi[] = [...PROVIDER_APIS, ...SERVER_PROVIDER_APIS];

/** API names `spec.disabled` accepts. */
export const DISABLEABLE_APIS: readonly string[] = [
  'agents', 'datasetio', 'eval', 'inference', 'safety', 'scoring', 'telemetry', 'tool_runtime', 'vector_io',
];
