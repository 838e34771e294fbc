/**
 * The CA bundle (`networking.tls.caBundle`): the user's CAs are appended to the image's own trust
 * store, never put in its place. `SSL_CERT_FILE` (Python's ssl, httpx, so the OpenAI and Anthropic
 * clients) and `REQUESTS_CA_BUNDLE` (requests) make a client trust that one file *only*, so a file
 * with just a private CA would fail TLS verification of every public API.
 *
 * An init container running the server image (it has the system store) writes the image's
 * default CA file, then each key of the ConfigMap, into an emptyDir; the server reads it there.
 * One key or several: the same container, the same script.
 */
import { objectMeta } from './labels';
import { KubeManifest } from './manifest';
import { PATHS, WorkloadPlan } from './plan';

/**
 * Where images keep their system CA file, in the order tried. The releases' images are built
 * from containers/Containerfile (v0.7.1, v0.8.0): `BASE_IMAGE=python:3.12-slim` (Debian, with
 * `ca-certificates`), or a dnf-based image (RHEL/UBI) in its other branch.
 */
export const SYSTEM_CA_FILES = [
  // Debian and Ubuntu (python:3.12-slim, the releases' default base), Alpine.
  '/etc/ssl/certs/ca-certificates.crt',
  // RHEL, UBI, Fedora, CentOS (the Containerfile's dnf branch).
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem',
  // openSUSE.
  '/etc/ssl/ca-bundle.pem',
];

/**
 * Runs in the server image: `$1` is the directory of the user's CA files, `$2` the bundle to
 * write, the rest the system CA files to try. After them, Python's own idea of the default
 * (`ssl.get_default_verify_paths().cafile`), then `certifi` (requests' dependency). No system
 * store found is an error: a bundle of private CAs alone would break every public API call.
 * A newline after each file: PEM files without a final newline would otherwise run together.
 */
export const CA_BUNDLE_SCRIPT = [
  'set -eu',
  'src="$1"; out="$2"; shift 2',
  'tried="$*"',
  'system=""',
  'for f in "$@"; do if [ -s "$f" ]; then system="$f"; break; fi; done',
  'if [ -z "$system" ]; then system=$(python -c "import ssl; print(ssl.get_default_verify_paths().cafile or \'\')" 2>/dev/null || true); fi',
  'if [ -z "$system" ]; then system=$(python -c "import certifi; print(certifi.where())" 2>/dev/null || true); fi',
  'if [ -z "$system" ] || [ ! -s "$system" ]; then',
  '  echo "ERROR: no system CA bundle in the image (tried $tried, python ssl.get_default_verify_paths() and certifi): the CA bundle would replace the public roots instead of adding to them" >&2',
  '  exit 1',
  'fi',
  'n=0',
  '{',
  '  cat "$system"; echo',
  '  for f in "$src"/*; do cat "$f"; echo; n=$((n + 1)); done',
  '} > "$out.tmp"',
  'mv "$out.tmp" "$out"',
  'echo "ca-bundle: $system and $n CA file(s) -> $out"',
].join('\n');

/** The init container's command. */
export function caBundleCommand(): string[] {
  return ['/bin/sh', '-c', CA_BUNDLE_SCRIPT, 'ca-bundle', PATHS.caBundleSourceDir, PATHS.caBundleFile, ...SYSTEM_CA_FILES];
}

/** The ConfigMap's keys as files of the source volume, in the order given (sorted by the prefix). */
export function caBundleSourceItems(keys: string[]): { key: string; path: string }[] {
  return keys.map((k, i) => ({ key: k, path: `${String(i).padStart(2, '0')}-${k}` }));
}

/** The label that has OpenShift's Cluster Network Operator write the cluster's trusted CAs into a ConfigMap. */
export const INJECT_TRUSTED_CA_LABEL = 'config.openshift.io/inject-trusted-cabundle';

/**
 * OpenShift: the ConfigMap the Cluster Network Operator fills with the cluster's trusted CAs
 * (key `ca-bundle.crt`). Written with no `data`, so an apply never removes what the operator
 * wrote (a field the manifest never had is not the applier's to delete).
 */
export function renderInjectedCaBundle(plan: WorkloadPlan): KubeManifest | undefined {
  if (plan.injectedCaBundle === undefined) return undefined;
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: objectMeta(plan, plan.injectedCaBundle, { [INJECT_TRUSTED_CA_LABEL]: 'true' }),
  };
}
