/**
 * Secret env vars: one `secretKeyRef` env var per secret the spec references, in the operator's
 * order (providers by API then list order: apiKey, then secretRefs by key; then storage).
 */
import { ALL_PROVIDER_APIS } from './apis';
import {
  compareBytewise, providerEnvName, providerHeaderEnvName, STORAGE_KV_PASSWORD_ENV, STORAGE_SQL_CONNECTION_STRING_ENV, STORAGE_SQL_PASSWORD_ENV,
  STORAGE_VECTOR_STORES_PASSWORD_ENV,
} from './env-names';
import { externalProviderEntries } from './external-providers';
import { effectiveId } from './provider-ids';
import { LlamaStackDistributionSpec, SecretKeyRef, SQLStorageSpec } from './spec';
import { ConfigProblem } from '../core/errors';
import { childPath } from '../core/path';

/** The Secret key a `SecretEnvVar` reads. */
export interface SecretKeySelector {
  readonly name: string;
  readonly key: string;
}

/** Where a `SecretEnvVar` takes its value from. */
export interface SecretEnvVarSource {
  readonly secretKeyRef: SecretKeySelector;
}

/** A Kubernetes EnvVar whose value comes from a Secret. */
export interface SecretEnvVar {
  readonly name: string;
  readonly valueFrom: SecretEnvVarSource;
}

function envVar(name: string, ref: SecretKeyRef): SecretEnvVar {
  return { name, valueFrom: { secretKeyRef: { name: ref.name, key: ref.key } } };
}

/** Collects the env vars; `spec.storage` and providers of disabled APIs included, as the operator. */
export function collectSecretEnvVars(spec: LlamaStackDistributionSpec): { envVars: SecretEnvVar[]; paths: string[] } {
  const envVars: SecretEnvVar[] = [];
  const paths: string[] = [];
  const add = (name: string, ref: SecretKeyRef, path: string) => {
    envVars.push(envVar(name, ref));
    paths.push(path);
  };
  for (const { field } of ALL_PROVIDER_APIS) {
    (spec.providers?.[field] ?? []).forEach((p, i) => {
      const id = effectiveId(p);
      const base = `spec.providers.${field}[${i}]`;
      if (p.apiKey) add(providerEnvName(id, 'API_KEY'), p.apiKey, `${base}.apiKey`);
      for (const k of Object.keys(p.secretRefs ?? {}).sort(compareBytewise)) {
        add(providerEnvName(id, k), p.secretRefs![k], childPath(`${base}.secretRefs`, k));
      }
      // Secret-backed headers (a library extension, server targets only).
      const headers = p.network?.secretHeaders ?? {};
      for (const k of Object.keys(headers).sort(compareBytewise)) {
        add(providerHeaderEnvName(id, k), headers[k], `${base}.network.secretHeaders[${JSON.stringify(k)}]`);
      }
    });
  }
  // External providers (server targets only: the operator pipeline rejects their secretRefs).
  for (const e of externalProviderEntries(spec)) {
    const refs = e.ref.secretRefs ?? {};
    for (const k of Object.keys(refs).sort(compareBytewise)) add(providerEnvName(e.ref.providerId, k), refs[k], childPath(`${e.path}.secretRefs`, k));
  }
  if (spec.storage?.kv?.password) add(STORAGE_KV_PASSWORD_ENV, spec.storage.kv.password, 'spec.storage.kv.password');
  if (spec.storage?.sql?.connectionString) {
    add(STORAGE_SQL_CONNECTION_STRING_ENV, spec.storage.sql.connectionString, 'spec.storage.sql.connectionString');
  }
  if (spec.storage?.sql?.password) add(STORAGE_SQL_PASSWORD_ENV, spec.storage.sql.password, 'spec.storage.sql.password');
  // A vector_stores Postgres of its own (the one of spec.storage.sql reads LLSD_STORAGE_SQL_PASSWORD).
  const vs = spec.storage?.stores?.vectorStores;
  if (vs?.password && !sameSqlPostgres(vs, spec.storage?.sql)) add(STORAGE_VECTOR_STORES_PASSWORD_ENV, vs.password, 'spec.storage.stores.vectorStores.password');
  return { envVars, paths };
}

/** True when `a` is the Postgres of `sql`, field by field (the same backend, `sql_default`). */
export function sameSqlPostgres(a: SQLStorageSpec | undefined, sql: SQLStorageSpec | undefined): boolean {
  return a !== undefined && sql !== undefined && JSON.stringify(a) === JSON.stringify(sql);
}

/**
 * Deliberate deviation: two secrets that normalize to one env var name would silently share a
 * value; that is an error.
 */
export function envNameCollisions(envVars: readonly SecretEnvVar[], paths: readonly string[]): ConfigProblem[] {
  const first = new Map<string, number>();
  const problems: ConfigProblem[] = [];
  envVars.forEach((v, i) => {
    const j = first.get(v.name);
    if (j === undefined) {
      first.set(v.name, i);
      return;
    }
    problems.push({
      path: paths[i],
      message: `env var name ${v.name} is also produced by ${paths[j]}`,
      fix: 'rename the provider id or secret key so the normalized names (LLSD_<ID>_<FIELD>, non [A-Z0-9_] characters as _) differ',
    });
  });
  return problems;
}
