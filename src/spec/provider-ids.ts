/** How a v1alpha2 provider entry is known in config.yaml: its id and the provider_type the operator writes. */
import { ProviderConfig } from './spec';

/** The id a provider is known by: `id`, or its `provider` when the id is omitted. */
export function effectiveId(p: ProviderConfig): string {
  return p.id !== undefined && p.id !== null && p.id !== '' ? p.id : p.provider;
}

/** The provider_type the operator writes for a CRD provider. */
export function remoteType(provider: string): string {
  return `remote::${provider}`;
}
