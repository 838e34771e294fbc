/**
 * What the remote inference factories add to their options (`network`, `allowedModels`,
 * `refreshModels`, the fields of the releases' `RemoteInferenceProviderConfig`), and pgvector's
 * Postgres TLS: checked here (spec/validate-network.ts holds the rules, shared with the spec
 * check) and turned into the provider's v1alpha2 entry.
 */
import { isObject, present } from '../core/json';
import { childPath, indexPath } from '../core/path';
import { OptionProblems, ProblemList } from '../core/problems';
import {
  PostgresCaCertificate, PostgresTls, ProviderConnectionLimits, ProviderNetworkSpec, ProviderProxy, ProviderTimeouts, ProviderTls, SecretKeyRef,
} from '../spec/spec';
import { POSTGRES_TLS, PROVIDER_NETWORK } from '../spec/validate-network';
import { SecretRef } from '../values/secret-ref';

/** A remote provider's HTTP client (`config.network`). */
export interface ProviderNetwork {
  /**
   * TLS: a CA from a ConfigMap (e.g. a self-signed vLLM's), a client certificate from a
   * `kubernetes.io/tls` Secret, the lowest version and the ciphers.
   * @default - verify against the image's trust store
   */
  readonly tls?: ProviderTls;
  /**
   * A proxy. The cluster's services (`.svc`, `.cluster.local`) stay off it unless
   * `noProxyClusterDomains: false`.
   * @default - none
   */
  readonly proxy?: ProviderProxy;
  /** One timeout, in seconds, for connect, read, write and pool. @default - the client's */
  readonly timeoutSeconds?: number;
  /** Connect and read timeouts apart, in seconds. @default - the client's */
  readonly timeouts?: ProviderTimeouts;
  /**
   * Headers sent with every request: plain strings, or `SecretRef`s (written as
   * `${env.LLSD_<ID>_HEADER_<NAME>}`, the value stays in the Secret). A header that carries a
   * credential (`Authorization`, `X-Api-Key`…) must be a `SecretRef`.
   * @default - none
   */
  readonly headers?: { [name: string]: string | SecretRef };
  /** The connection pool (OGX 1.3). @default - the release's (100 connections, 20 kept alive for 5 seconds) */
  readonly limits?: ProviderConnectionLimits;
}

/** The options every remote inference factory takes besides its own (the release's `RemoteInferenceProviderConfig`). */
export interface RemoteInferenceOptions {
  /**
   * The provider's HTTP client: TLS, proxy, timeouts, headers, connection limits.
   * @default - the release's defaults
   */
  readonly network?: ProviderNetwork;
  /**
   * The only models the provider serves (`allowed_models`, its model ids). A model registered on
   * this provider must be one of them: the server would register it and refuse every request.
   * @default - every model
   */
  readonly allowedModels?: string[];
  /**
   * Ask the provider for its models again periodically (`refresh_models`).
   * @default false
   */
  readonly refreshModels?: boolean;
}

/** pgvector's Postgres TLS options. */
export interface PostgresTlsOptions {
  /**
   * libpq `sslmode`: disable, allow, prefer, require, verify-ca or verify-full. The pod's
   * `PGSSLMODE`: the SQL store's Postgres reads it too.
   * @default - the driver's (prefer)
   */
  readonly sslMode?: string;
  /** ConfigMap holding the CA that signs the database's certificate (the pod's `PGSSLROOTCERT`). @default - none */
  readonly caCertificate?: PostgresCaCertificate;
}

/** The option names `network` brings, and pgvector's. */
export const REMOTE_INFERENCE_OPTIONS = ['network', 'allowedModels', 'refreshModels'];
export const POSTGRES_TLS_OPTIONS = ['sslMode', 'caCertificate'];

const SECRET_HINT = 'SecretRef.fromSecretName(<secret>, <key>)';

/** Runs a spec rule on a fragment and reports its problems as the factory's options. */
function runRule(c: OptionProblems, check: typeof PROVIDER_NETWORK, value: unknown, at: string, renamed: (path: string) => string): void {
  const ctx = { problems: new ProblemList(), allowPlaintextCredentials: false, kvPostgres: true };
  check(value, at, ctx);
  for (const p of ctx.problems.problems) c.problem(renamed(p.path), p.message, p.fix);
}

/** `network` as the v1alpha2 entry holds it: SecretRef headers become `secretHeaders`. */
export function networkSpec(c: OptionProblems, raw: unknown): ProviderNetworkSpec | undefined {
  if (!present(raw)) return undefined;
  if (!isObject(raw)) {
    c.problem('network', 'network must be an object', 'pass network: { tls: { caCertificate: { configMapName: \'<configmap>\' } } }');
    return undefined;
  }
  const out: { [k: string]: unknown } = { ...raw };
  const headers = raw.headers;
  if (present(headers) && isObject(headers)) {
    const plain: { [name: string]: unknown } = {};
    const secret: { [name: string]: SecretKeyRef } = {};
    for (const name of Object.keys(headers)) {
      const v = headers[name];
      if (SecretRef.isSecretRef(v)) secret[name] = v.toSpec();
      else if (typeof v === 'string') plain[name] = v;
      else c.problem(childPath('network.headers', name), 'a header value must be a string or a SecretRef', `pass a string, or ${SECRET_HINT}`);
    }
    delete out.headers;
    if (Object.keys(plain).length > 0) out.headers = plain;
    if (Object.keys(secret).length > 0) out.secretHeaders = secret;
    if (Object.keys(headers).length === 0) out.headers = {};
  }
  // Problems at spec paths become option paths: a Secret-backed header is one of `headers`.
  runRule(c, PROVIDER_NETWORK, out, 'network', (p) => p.replace(/^network\.secretHeaders/, 'network.headers'));
  return out as ProviderNetworkSpec;
}

/** `allowedModels` and `refreshModels` as config keys. */
export function modelListSettings(c: OptionProblems, opts: { [key: string]: unknown }, writes: (key: string, option: string) => void):
{ allowed_models?: string[]; refresh_models?: boolean } {
  const out: { allowed_models?: string[]; refresh_models?: boolean } = {};
  const allowed = opts.allowedModels;
  if (present(allowed)) {
    if (!Array.isArray(allowed)) {
      c.problem('allowedModels', 'allowedModels must be a list of model ids', "pass allowedModels: ['<model id>', ...]");
    } else if (allowed.length === 0) {
      c.problem('allowedModels', 'an empty allowedModels refuses every model', 'list the models the provider may serve, or remove allowedModels');
    } else {
      let ok = true;
      allowed.forEach((m, i) => {
        if (typeof m !== 'string' || m.trim() === '') {
          ok = false;
          c.problem(indexPath('allowedModels', i), 'a model id must be a non-empty string', 'write the model id as the provider knows it');
        }
      });
      if (ok) {
        writes('allowed_models', 'allowedModels');
        out.allowed_models = [...allowed];
      }
    }
  }
  const refresh = opts.refreshModels;
  if (present(refresh)) {
    if (typeof refresh !== 'boolean') {
      c.problem('refreshModels', 'refreshModels must be true or false', 'pass refreshModels: true or false');
    } else {
      writes('refresh_models', 'refreshModels');
      out.refresh_models = refresh;
    }
  }
  return out;
}

/** pgvector's `sslMode` and `caCertificate` as the entry's `postgresTls`. */
export function postgresTlsSpec(c: OptionProblems, opts: { [key: string]: unknown }): PostgresTls | undefined {
  if (!present(opts.sslMode) && !present(opts.caCertificate)) return undefined;
  const out: { [k: string]: unknown } = {};
  if (present(opts.sslMode)) out.sslMode = opts.sslMode;
  if (present(opts.caCertificate)) out.caCertificate = opts.caCertificate;
  runRule(c, POSTGRES_TLS, out, 'postgresTls', (p) => p.replace(/^postgresTls\.?/, '') || 'sslMode');
  return out as PostgresTls;
}
