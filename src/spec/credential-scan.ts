/**
 * Plaintext credentials in a v1alpha2 spec (unless `allowPlaintextCredentials`): credential keys
 * with plaintext values in free-form data (`settings`, an external provider's `config`), URLs
 * with a password or a credential query parameter, a postgres host with a password. Each is
 * reported, never quoted. The rules of the spec check (validate-spec.ts) call these.
 */
import { credentialInText, hostHoldsCredentials, isCredentialKey, isEnvReference, isEnvReferenceWithPlainDefault, urlCredentials } from '../core/credential-keys';
import { ConfigProblem } from '../core/errors';
import { isObject } from '../core/json';
import { childPath, indexPath } from '../core/path';
import { ProblemList } from '../core/problems';
import { describeSecretValue } from '../core/redact';
import { get, has, Obj, report, show, WalkCtx } from '../core/struct-check';

/** The context the credential rules read. */
export interface CredentialCtx extends WalkCtx {
  /** Plaintext credentials are accepted (the operator pipeline), not reported. */
  readonly allowPlaintextCredentials: boolean;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;


/** Bounds on the free-form data read for credentials: settings are user data of any size. */
const MAX_CREDENTIAL_SCAN_NODES = 10000;
const MAX_CREDENTIAL_SCAN_DEPTH = 64;

const IN_PLAIN_TEXT = 'it would be written as is into the generated config and objects';

/** A value that is a plaintext credential when found under a credential key. */
function plaintextValue(v: unknown, isReference: (v: string) => boolean = isEnvReference): boolean {
  return (typeof v === 'string' && v !== '' && !isReference(v)) || (typeof v === 'number' && Number.isFinite(v));
}

/**
 * Reports credential keys with plaintext values and URLs with credentials in free-form data
 * (`settings`, an external provider's `config`). `topFix` names the Secret reference for a
 * top-level key.
 */
function scanCredentials(v: unknown, path: string, ctx: WalkCtx, topFix: (key: string) => string,
  nestedFix = 'put it in a Secret and reference it with secretRefs: { <top-level config key>: { name, key } }, or expose the Secret as an env var (valueFrom.secretKeyRef) and write ${env.<NAME>} in its place',
  isReference: (v: string) => boolean = isEnvReference): void {
  const budget = { nodes: MAX_CREDENTIAL_SCAN_NODES };
  const urlFix = topFix === CONFIG_FIX_OF ? nestedFix : 'remove it from the URL, put it in a Secret and reference it with secretRefs: { <config key>: { name: <Secret name>, key: <key> } }';
  const visit = (x: unknown, at: string, depth: number, top: boolean, underKey: boolean): void => {
    if (--budget.nodes < 0 || depth > MAX_CREDENTIAL_SCAN_DEPTH) return;
    if (typeof x === 'string') {
      const creds = urlCredentials(x);
      if (creds !== undefined) {
        report(ctx, at, `the URL holds ${creds === 'password' ? 'a password' : 'a credential query parameter'} (${describeSecretValue(x)}, not shown): ${IN_PLAIN_TEXT}`, urlFix);
      }
      return;
    }
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) {
        if (underKey && plaintextValue(x[i], isReference)) {
          report(ctx, indexPath(at, i), `a credential in plain text (${describeSecretValue(x[i])}, not shown): ${IN_PLAIN_TEXT}`, nestedFix);
        } else {
          visit(x[i], indexPath(at, i), depth + 1, false, underKey);
        }
      }
      return;
    }
    if (!isObject(x)) return;
    for (const key of Object.keys(x)) {
      const item = get(x, key);
      const credential = isCredentialKey(key);
      if (credential && plaintextValue(item, isReference)) {
        report(ctx, childPath(at, key), `${show(key)} is a credential in plain text (${describeSecretValue(item)}, not shown): ${IN_PLAIN_TEXT}`,
          top ? topFix(key) : nestedFix);
      } else {
        visit(item, childPath(at, key), depth + 1, false, credential);
      }
    }
  };
  visit(v, path, 0, true, false);
}

const SECRET_REF_HINT = '{ name: <Secret name>, key: <key> }';

/** The fix for a credential in a config given as text: an env reference the pod fills from a Secret. */
const CONFIG_FIX = 'write ${env.<NAME>} in its place and give the pod that env var from a Secret: env: { <NAME>: SecretRef.fromSecretName(<secret>, <key>) } (in a v1alpha2 spec, valueFrom: { secretKeyRef: { name, key } })';
const CONFIG_FIX_OF = (): string => CONFIG_FIX;

/**
 * Plaintext credentials in a config.yaml given as text (a base or an override config): a
 * credential key with a plain value, or a URL with credentials. `${env.X}` references are fine,
 * with a default too (`${env.POSTGRES_PASSWORD:=ogx}`, as the images' own configs write them)
 * unless the default is a credential by its text. Each problem is at `path` (the prop), with the
 * place in the config in the message; nothing is quoted.
 */
export function configCredentialProblems(config: unknown, path: string): ConfigProblem[] {
  const problems = new ProblemList(50);
  scanCredentials(config, '', { problems }, CONFIG_FIX_OF, CONFIG_FIX, isEnvReferenceWithPlainDefault);
  // The summary of what was not listed (at '') has no place in the config.
  return problems.finish('').map((p) => ({ path, message: p.path === '' ? p.message : `${p.message} [config.yaml ${p.path.replace(/^\./, '')}]`, fix: p.fix }));
}

/** A provider's endpoint and settings. */
export function providerCredentialRules(o: Obj, path: string, ctx: CredentialCtx): void {
  if (ctx.allowPlaintextCredentials) return;
  const endpoint = get(o, 'endpoint');
  const creds = urlCredentials(endpoint);
  if (creds !== undefined) {
    report(ctx, childPath(path, 'endpoint'),
      `the endpoint URL holds ${creds === 'password' ? 'a password (user:password@)' : 'a credential query parameter'} (${describeSecretValue(endpoint)}, not shown): ${IN_PLAIN_TEXT}`,
      `remove it from the URL, put it in a Secret and reference it with apiKey: ${SECRET_REF_HINT} or secretRefs: { <config key>: ${SECRET_REF_HINT} }`);
  }
  if (has(o, 'settings')) {
    scanCredentials(get(o, 'settings'), childPath(path, 'settings'), ctx, (key) => (normalizedApiKey(key)
      ? `put it in a Secret and reference it with apiKey: ${SECRET_REF_HINT} (written as ${key}), or secretRefs: { ${key}: ${SECRET_REF_HINT} }`
      : `put it in a Secret and reference it with secretRefs: { ${secretRefsKey(key)}: ${SECRET_REF_HINT} }`));
  }
}

/** An external provider's config. */
export function externalProviderCredentialRules(o: Obj, path: string, ctx: CredentialCtx): void {
  if (ctx.allowPlaintextCredentials || !has(o, 'config')) return;
  scanCredentials(get(o, 'config'), childPath(path, 'config'), ctx,
    (key) => `put it in a Secret and reference it with secretRefs: { ${secretRefsKey(key)}: ${SECRET_REF_HINT} }`);
}

function normalizedApiKey(key: string): boolean {
  return key === 'api_key';
}

/** A config key as written inside `secretRefs: { … }`. */
function secretRefsKey(key: string): string {
  return IDENTIFIER.test(key) ? key : show(key);
}

/** A Redis URL with a password (`redis://:password@host`). */
export function kvCredentialRules(o: Obj, path: string, ctx: CredentialCtx): void {
  if (ctx.allowPlaintextCredentials) return;
  const endpoint = get(o, 'endpoint');
  const creds = urlCredentials(endpoint);
  if (creds === undefined) return;
  report(ctx, childPath(path, 'endpoint'),
    `the Redis URL holds ${creds === 'password' ? 'a password' : 'a credential query parameter'} (${describeSecretValue(endpoint)}, not shown): ${IN_PLAIN_TEXT}`,
    `write redis://<host>:<port> without it, put the password in a Secret and reference it with password: ${SECRET_REF_HINT}`);
}

/** A postgres host that is a URL (or user info) with a password in it. */
export function sqlCredentialRules(o: Obj, path: string, ctx: CredentialCtx): void {
  if (ctx.allowPlaintextCredentials) return;
  const host = get(o, 'host');
  if (!hostHoldsCredentials(host)) return;
  report(ctx, childPath(path, 'host'), `the host holds a password (${describeSecretValue(host)}, not shown): ${IN_PLAIN_TEXT}`,
    `give the host name alone (with port, db and user in their fields), put the password in a Secret and reference it with password: ${SECRET_REF_HINT}`);
}

/**
 * A container env var named like a credential (`OPENAI_API_KEY`, `PGPASSWORD`, `HF_TOKEN`) with a
 * plain value: it would be written into the Deployment as is. A `$(VAR)` reference is not one.
 */
export function envCredentialRules(o: Obj, path: string, ctx: CredentialCtx): void {
  if (ctx.allowPlaintextCredentials) return;
  const env = get(o, 'env');
  if (!Array.isArray(env)) return;
  env.forEach((e: unknown, i: number) => {
    if (!isObject(e)) return;
    const name = get(e, 'name');
    const value = get(e, 'value');
    if (typeof name !== 'string' || typeof value !== 'string' || get(e, 'valueFrom') !== undefined) return;
    const found = plainEnvCredential(name, value);
    if (found === undefined) return;
    report(ctx, childPath(indexPath(childPath(path, 'env'), i), 'value'), `${found}: it would be written into the Deployment as is`,
      `put it in a Secret and reference it: env: { ${IDENTIFIER.test(name) ? name : show(name)}: SecretRef.fromSecretName(<secret>, <key>) } (in a v1alpha2 spec, valueFrom: { secretKeyRef: { name, key } })`);
  });
}

/**
 * What credential a plain env value holds (by the var's name, `OPENAI_API_KEY`, or by the
 * value's shape, a token under `MY_LLM_CREDS`), described without the value; undefined for
 * none, an empty value or a `$(VAR)` reference. The rule for every plain env value the library
 * writes or sees (`env`, a sidecar's env, a cdk8s-plus ConfigMap read through `envFrom`).
 */
export function plainEnvCredential(name: string, value: string): string | undefined {
  if (value === '' || /^\$\([A-Za-z_][\w.-]*\)$/.test(value)) return undefined;
  if (isEnvCredentialName(name)) return `${show(name)} is a credential in plain text (${describeSecretValue(value)}, not shown)`;
  // By shape only: env values hold long paths and ids too.
  const byValue = credentialInText(value, true);
  return byValue === undefined ? undefined : `the value of ${show(name)} holds ${byValue} (${describeSecretValue(value)}, not shown)`;
}

/** Env var names that carry credentials: the credential words, plus libpq's PGPASSWORD. */
function isEnvCredentialName(name: string): boolean {
  // LLSD_ names are reserved (the shadowing check reports them).
  return (isCredentialKey(name) && !/^LLSD_/i.test(name)) || /^PG(PASSWORD|PASSFILE)$/i.test(name);
}
