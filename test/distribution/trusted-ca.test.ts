/**
 * Trusted CAs for outbound calls without serving TLS: the top-level `caBundle` (a ConfigMap, ODH's
 * `odh-trusted-ca-bundle`, or on OpenShift the cluster's injected bundle) and `tls.caBundle`
 * without a serving certificate, on both platforms; each problem at the prop the user wrote.
 */
import { Testing } from 'cdk8s';
import { LlamaStackDistribution, LlamaStackDistributionProps, LlamaStackDistributionResource, Platform } from '../../src';
import { distributionProblems } from '../support/problems';
import { synthDistribution } from '../support/synth';

const synth = (props: LlamaStackDistributionProps) => synthDistribution(props, Testing.chart()).objects;
const deployment = (objects: any[]) => objects.find((o) => o.kind === 'Deployment');
const pod = (objects: any[]) => deployment(objects).spec.template.spec;
const server = (objects: any[]) => pod(objects).containers[0];
const envNames = (objects: any[]) => server(objects).env.map((e: any) => e.name);
const sourceVolume = (objects: any[]) => pod(objects).volumes.find((v: any) => v.name === 'ca-bundle-source');

const TRUST_ENV = { SSL_CERT_FILE: '/etc/ssl/certs/ca-bundle/ca-bundle.crt', REQUESTS_CA_BUNDLE: '/etc/ssl/certs/ca-bundle/ca-bundle.crt' };

describe('caBundle: trusted CAs without serving TLS', () => {
  test.each([Platform.KUBERNETES, Platform.OPENSHIFT])('a ConfigMap of CAs on %p: mounted, appended to the image\'s store, named by the env; the server stays on HTTP', (platform) => {
    const objects = synth({ platform, caBundle: { configMapName: 'corporate-ca', configMapKeys: ['root.crt', 'issuing.crt'] } });
    expect(sourceVolume(objects)).toEqual({
      name: 'ca-bundle-source',
      configMap: { name: 'corporate-ca', items: [{ key: 'root.crt', path: '00-root.crt' }, { key: 'issuing.crt', path: '01-issuing.crt' }] },
    });
    expect(pod(objects).initContainers.map((c: any) => c.name)).toContain('ca-bundle');
    for (const [name, value] of Object.entries(TRUST_ENV)) expect(server(objects).env).toContainEqual({ name, value });
    expect(server(objects).ports[0].name).toBe('http');
    expect(pod(objects).volumes.map((v: any) => v.name)).not.toContain('tls');
  });

  test('tls.caBundle without a serving certificate does the same (today it needs tls.secretName)', () => {
    const ca = { configMapName: 'corporate-ca', configMapKeys: ['root.crt', 'issuing.crt'] };
    const top = synth({ caBundle: ca });
    const nested = synth({ tls: { caBundle: ca } });
    expect(nested).toEqual(top);
    expect(server(nested).ports[0].name).toBe('http');
  });

  test('the default key is ca-bundle.crt; ODH\'s odh-trusted-ca-bundle is read from both its keys', () => {
    expect(sourceVolume(synth({ caBundle: { configMapName: 'corporate-ca' } })).configMap.items).toEqual([{ key: 'ca-bundle.crt', path: '00-ca-bundle.crt' }]);
    expect(sourceVolume(synth({ caBundle: { configMapName: 'odh-trusted-ca-bundle' } })).configMap.items).toEqual([
      { key: 'ca-bundle.crt', path: '00-ca-bundle.crt' }, { key: 'odh-ca-bundle.crt', path: '01-odh-ca-bundle.crt' },
    ]);
    expect(sourceVolume(synth({ caBundle: { configMapName: 'odh-trusted-ca-bundle', configMapKeys: ['ca-bundle.crt'] } })).configMap.items)
      .toEqual([{ key: 'ca-bundle.crt', path: '00-ca-bundle.crt' }]);
  });

  test('with serving TLS, tls.caBundle and caBundle give the same pod', () => {
    const ca = { configMapName: 'corporate-ca' };
    expect(synth({ tls: { secretName: 's' }, caBundle: ca })).toEqual(synth({ tls: { secretName: 's', caBundle: ca } }));
  });

  test('the distribution\'s spec stays one the CRD accepts: no caBundle without serving TLS', () => {
    const d = new LlamaStackDistribution(Testing.chart(), 'llama', { caBundle: { configMapName: 'corporate-ca' } });
    expect(d.spec.networking).toBeUndefined();
    const tlsOnly = new LlamaStackDistribution(Testing.chart(), 'llama', { tls: { caBundle: { configMapName: 'corporate-ca' } } });
    expect(tlsOnly.spec.networking).toBeUndefined();
  });

  test('the user cannot set SSL_CERT_FILE next to a caBundle (it names the combined file)', () => {
    expect(distributionProblems({ caBundle: { configMapName: 'ca' }, env: { SSL_CERT_FILE: '/x.pem' } })).toEqual([
      expect.stringMatching(/^props\.env\.SSL_CERT_FILE: /),
    ]);
  });

  test('a bad ConfigMap name or key is reported at props.caBundle', () => {
    expect(distributionProblems({ caBundle: { configMapName: 'Bad_Name', configMapKeys: ['a/b'] } })).toEqual([
      expect.stringMatching(/^props\.caBundle\.configMapName: /),
      expect.stringMatching(/^props\.caBundle\.configMapKeys\[0\]: /),
    ]);
  });
});

describe('caBundle.clusterInjected: the cluster\'s trusted CAs (OpenShift)', () => {
  test('writes an empty ConfigMap labelled for injection and trusts its ca-bundle.crt', () => {
    const objects = synth({ platform: Platform.OPENSHIFT, caBundle: { clusterInjected: true } });
    const cm = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'llama-trusted-ca');
    expect(cm.metadata.labels['config.openshift.io/inject-trusted-cabundle']).toBe('true');
    expect(cm.data).toBeUndefined();
    expect(sourceVolume(objects).configMap).toEqual({ name: 'llama-trusted-ca', items: [{ key: 'ca-bundle.crt', path: '00-ca-bundle.crt' }] });
    expect(envNames(objects)).toEqual(expect.arrayContaining(Object.keys(TRUST_ENV)));
  });

  test('on Kubernetes it is refused (nothing would fill the ConfigMap)', () => {
    expect(distributionProblems({ caBundle: { clusterInjected: true } })).toEqual([
      'props.caBundle.clusterInjected: only OpenShift fills a ConfigMap with the cluster\'s trusted CAs (its Cluster Network Operator); elsewhere the pod would wait for a key that never comes',
    ]);
  });
});

describe('what caBundle and tls refuse', () => {
  test.each<[string, LlamaStackDistributionProps, string[]]>([
    ['an empty caBundle', { caBundle: {} }, ['props.caBundle: names no CA certificates: neither a ConfigMap nor the cluster\'s injected bundle']],
    ['both sources', { platform: Platform.OPENSHIFT, caBundle: { configMapName: 'x', clusterInjected: true } }, ['props.caBundle: names both a ConfigMap and the cluster\'s injected bundle']],
    ['keys of the injected bundle', { platform: Platform.OPENSHIFT, caBundle: { clusterInjected: true, configMapKeys: ['x.crt'] } },
      ['props.caBundle.configMapKeys: the cluster writes one key, ca-bundle.crt, into the injected bundle']],
    ['no keys', { caBundle: { configMapName: 'x', configMapKeys: [] } }, ['props.caBundle.configMapKeys: is empty: no CA would be read']],
    ['caBundle and tls.caBundle', { caBundle: { configMapName: 'x' }, tls: { caBundle: { configMapName: 'y' } } },
      ['props.caBundle: tls.caBundle names a CA bundle too: the pod trusts one']],
    ['caBundle and a spec\'s CA bundle', {
      caBundle: { configMapName: 'x' },
      spec: { distribution: { name: 'starter' }, networking: { tls: { enabled: true, secretName: 's', caBundle: { configMapName: 'y' } } } },
    }, ['props.caBundle: spec.networking.tls.caBundle names a CA bundle too: the pod trusts one']],
    ['an empty tls', { tls: {} }, ['props.tls: names no serving certificate and no CA bundle']],
    ['ciphers without serving TLS', { tls: { caBundle: { configMapName: 'x' }, ciphers: ['ECDHE-RSA-AES256-GCM-SHA384'] } },
      ['props.tls.ciphers: is a setting of serving TLS, and tls names no serving certificate']],
  ])('%s', (_, props, problems) => {
    expect(distributionProblems(props)).toEqual(problems);
  });

  test('a CR cannot carry a CA bundle without serving TLS', () => {
    const problemsOfResource = (props: LlamaStackDistributionProps) => {
      try {
        new LlamaStackDistributionResource(Testing.chart(), 'llama', props);
      } catch (e: any) {
        return e.problems.map((p: any) => p.path);
      }
      return [];
    };
    expect(problemsOfResource({ caBundle: { configMapName: 'x' } })).toEqual(['props.caBundle']);
    expect(problemsOfResource({ tls: { caBundle: { configMapName: 'x' } } })).toEqual(['props.tls.caBundle']);
    expect(problemsOfResource({ tls: { secretName: 's', caBundle: { configMapName: 'x' } } })).toEqual([]);
  });
});
