/**
 * The CAs the server trusts for its outbound calls, with or without serving TLS: `caBundle` or
 * `tls.caBundle` (typed props), or `spec.networking.tls.caBundle` (a spec). The v1alpha2 CRD
 * carries a CA bundle only next to serving TLS, so a bundle without it stays out of the spec the
 * distribution exposes: the pod is rendered from the spec with the bundle added (`withTrustedCa`),
 * and every renderer and check of the pod reads it from the one place, as before.
 */
import type { CaBundleOptions, LlamaStackDistributionProps } from './props';
import { ConfigProblem } from '../core/errors';
import { CABundleConfig, LlamaStackDistributionSpec } from '../spec/spec';
import { objectNames } from '../workload/object-names';

/** Open Data Hub's trusted-CA ConfigMap, in every namespace it manages. */
export const ODH_TRUSTED_CA_BUNDLE = 'odh-trusted-ca-bundle';
/** Its keys: the cluster's trusted CAs (injected) and the ones the DSCInitialization adds. */
export const ODH_TRUSTED_CA_KEYS = ['ca-bundle.crt', 'odh-ca-bundle.crt'];
/** The key the Cluster Network Operator writes into a ConfigMap labelled for injection. */
export const INJECTED_CA_KEY = 'ca-bundle.crt';

/** The props this module reads. */
export type TrustProps = Pick<LlamaStackDistributionProps, 'caBundle' | 'tls' | 'spec'>;

/** The CA bundle the pod trusts, as `spec.networking.tls.caBundle` writes one; undefined for none. */
export function trustedCaBundle(props: TrustProps, spec: LlamaStackDistributionSpec, name: string): CABundleConfig | undefined {
  if (props.tls?.caBundle !== undefined) return props.tls.caBundle;
  if (props.caBundle !== undefined) return fromOptions(props.caBundle, name);
  return spec.networking?.tls?.caBundle;
}

function fromOptions(ca: CaBundleOptions, name: string): CABundleConfig | undefined {
  if (ca.clusterInjected === true) return { configMapName: objectNames(name).trustedCa, configMapKeys: [INJECTED_CA_KEY] };
  if (ca.configMapName === undefined) return undefined;
  const keys = ca.configMapKeys ?? (ca.configMapName === ODH_TRUSTED_CA_BUNDLE ? ODH_TRUSTED_CA_KEYS : undefined);
  return { configMapName: ca.configMapName, ...(keys !== undefined ? { configMapKeys: [...keys] } : {}) };
}

/**
 * The spec the pod is rendered from: `spec` with the trusted CA bundle at
 * `networking.tls.caBundle` (TLS serving as it was). The same object when nothing changes.
 */
export function withTrustedCa(spec: LlamaStackDistributionSpec, ca: CABundleConfig | undefined): LlamaStackDistributionSpec {
  if (ca === undefined || spec.networking?.tls?.caBundle === ca) return spec;
  return { ...spec, networking: { ...spec.networking, tls: { ...spec.networking?.tls, caBundle: ca } } };
}

/** Every problem of `caBundle` and `tls` as a source of trust or serving certificates. */
export function trustProblems(props: TrustProps, openShift: boolean): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const ca = props.caBundle;
  const tls = props.tls;
  if (ca !== undefined) {
    const injected = ca.clusterInjected === true;
    if (injected && ca.configMapName !== undefined) {
      problems.push({ path: 'props.caBundle', message: 'names both a ConfigMap and the cluster\'s injected bundle', fix: 'keep configMapName (a ConfigMap of yours) or clusterInjected: true (one the cluster fills)' });
    } else if (!injected && ca.configMapName === undefined) {
      problems.push({ path: 'props.caBundle', message: 'names no CA certificates: neither a ConfigMap nor the cluster\'s injected bundle', fix: 'set configMapName (e.g. "odh-trusted-ca-bundle"), or clusterInjected: true on OpenShift' });
    }
    if (injected && ca.configMapKeys !== undefined) {
      problems.push({ path: 'props.caBundle.configMapKeys', message: `the cluster writes one key, ${INJECTED_CA_KEY}, into the injected bundle`, fix: 'remove configMapKeys' });
    }
    if (injected && !openShift) {
      problems.push({
        path: 'props.caBundle.clusterInjected',
        message: 'only OpenShift fills a ConfigMap with the cluster\'s trusted CAs (its Cluster Network Operator); elsewhere the pod would wait for a key that never comes',
        fix: 'set platform: Platform.OPENSHIFT, or name a ConfigMap of CA certificates (configMapName)',
      });
    }
    if (ca.configMapKeys !== undefined && ca.configMapKeys.length === 0) {
      problems.push({ path: 'props.caBundle.configMapKeys', message: 'is empty: no CA would be read', fix: 'name the ConfigMap\'s keys, or remove configMapKeys for ca-bundle.crt' });
    }
    if (tls?.caBundle !== undefined) {
      problems.push({ path: 'props.caBundle', message: 'tls.caBundle names a CA bundle too: the pod trusts one', fix: 'keep caBundle or tls.caBundle (they do the same)' });
    }
    if (props.spec?.networking?.tls?.caBundle !== undefined) {
      problems.push({ path: 'props.caBundle', message: 'spec.networking.tls.caBundle names a CA bundle too: the pod trusts one', fix: 'keep one of them' });
    }
  }
  if (tls === undefined) return problems;
  const serving = tls.secretName !== undefined || tls.serviceCa === true;
  if (tls.serviceCa === true && !openShift) {
    problems.push({
      path: 'props.tls.serviceCa',
      message: 'the service CA is OpenShift\'s: on Kubernetes nothing writes the Secret and the pod would never start',
      fix: 'set platform: Platform.OPENSHIFT, or name a kubernetes.io/tls Secret of yours (secretName; cert-manager can issue one)',
    });
  }
  if (!serving && tls.caBundle === undefined) {
    problems.push({
      path: 'props.tls',
      message: 'names no serving certificate and no CA bundle',
      fix: `set secretName (a kubernetes.io/tls Secret)${openShift ? ' or serviceCa: true' : ''}, or caBundle; or remove tls`,
    });
  }
  if (!serving) {
    for (const k of ['ciphers', 'hstsMaxAgeSeconds'] as const) {
      if (tls[k] !== undefined) {
        problems.push({ path: `props.tls.${k}`, message: 'is a setting of serving TLS, and tls names no serving certificate', fix: `set tls.secretName${openShift ? ' (or serviceCa: true)' : ''}, or remove ${k}` });
      }
    }
  }
  return problems;
}
