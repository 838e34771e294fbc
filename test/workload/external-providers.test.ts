/** External providers in the pod: one copy init container per provider image, the install container, the shared volume, and the checks once they become a pod. */
import {
  COPY_SCRIPT, EXTERNAL_PROVIDERS_VOLUME, externalProviderChecks, externalProviderInitContainers, externalProviderMounts, externalProviderVolumes,
  hasExternalProviders, INSTALL_CONTAINER, INSTALL_SCRIPT,
} from '../../src/workload/external-providers';
import { workloadPlan } from '../support/workload-plan';

const MOUNT = '/opt/llama-stack/external-providers';
const ref = (providerId: string, image: string, module = 'acme_provider') => ({ providerId, providerType: 'remote::acme', module, image });
const SPEC = {
  externalProviders: {
    inference: [ref('acme', 'quay.io/acme/provider:1.0'), ref('acme-2', 'quay.io/acme/provider:1.0', 'acme_two')],
    safety: [ref('guard', 'quay.io/acme/guard@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef')],
  },
};
const SECURITY = { runAsNonRoot: true };
const lines = (spec: object, isOperator = false) => externalProviderChecks(spec, isOperator).map((p) => `${p.path}: ${p.message} — ${p.fix}`);

describe('the pod parts', () => {
  test('none without external providers', () => {
    const plan = workloadPlan({ externalProviders: { inference: [] } });
    expect([hasExternalProviders(plan), externalProviderInitContainers(plan, SECURITY), externalProviderVolumes(plan), externalProviderMounts(plan)])
      .toStrictEqual([false, [], [], []]);
  });

  test('one copy container per image, in spec order, then the install container with every provider', () => {
    const containers = externalProviderInitContainers(workloadPlan(SPEC, { imagePullPolicy: 'IfNotPresent' }), SECURITY);
    expect(containers.map((c) => c.name)).toStrictEqual(['copy-provider-1', 'copy-provider-2', INSTALL_CONTAINER]);
    expect(containers[0]).toStrictEqual({
      name: 'copy-provider-1',
      image: 'quay.io/acme/provider:1.0',
      imagePullPolicy: 'IfNotPresent',
      command: ['/bin/sh', '-c', COPY_SCRIPT, 'copy-provider', `${MOUNT}/wheels/1`, 'quay.io/acme/provider:1.0'],
      resources: { requests: { cpu: '10m', memory: '32Mi' }, limits: { memory: '128Mi' } },
      securityContext: SECURITY,
      volumeMounts: [{ name: EXTERNAL_PROVIDERS_VOLUME, mountPath: MOUNT }],
    });
    const install = containers[2];
    expect([install.image, install.command]).toStrictEqual(['quay.io/ogx/server:1.3.0', ['python', '-c', INSTALL_SCRIPT]]);
    expect(JSON.parse(install.env[0].value)).toStrictEqual([
      { id: 'acme', api: 'inference', providerType: 'remote::acme', module: 'acme_provider', image: 'quay.io/acme/provider:1.0', wheels: '1' },
      { id: 'acme-2', api: 'inference', providerType: 'remote::acme', module: 'acme_two', image: 'quay.io/acme/provider:1.0', wheels: '1' },
      { id: 'guard', api: 'safety', providerType: 'remote::acme', module: 'acme_provider', image: SPEC.externalProviders.safety[0].image, wheels: '2' },
    ]);
    expect(install.env.slice(1)).toStrictEqual([{ name: 'HOME', value: '/tmp' }, { name: 'TMPDIR', value: '/tmp' }]);
    expect(install.volumeMounts).toStrictEqual([{ name: EXTERNAL_PROVIDERS_VOLUME, mountPath: MOUNT }, { name: 'tmp', mountPath: '/tmp' }]);
    expect('imagePullPolicy' in externalProviderInitContainers(workloadPlan(SPEC), SECURITY)[0]).toBe(false);
  });

  test('the shared emptyDir, sized by the plan, mounted read-only in the server', () => {
    const plan = workloadPlan(SPEC);
    const sizeLimit = plan.emptyDirSizeLimits.externalProviders;
    expect(externalProviderVolumes(plan)).toStrictEqual([{ name: EXTERNAL_PROVIDERS_VOLUME, emptyDir: { sizeLimit } }]);
    expect(externalProviderMounts(plan)).toStrictEqual([{ name: EXTERNAL_PROVIDERS_VOLUME, mountPath: MOUNT, readOnly: true }]);
  });
});

describe('externalProviderChecks', () => {
  test('pinned images and a clean pod: none; no external providers: none', () => {
    expect(lines(SPEC)).toStrictEqual([]);
    expect(lines({ overrideConfig: { configMapName: 'x' } }, true)).toStrictEqual([]);
  });

  test('the operator pipeline ignores them', () => {
    expect(lines(SPEC, true)).toStrictEqual([
      'spec.externalProviders: the operator pipeline ignores external providers (spec 001 never shipped in an operator release) — use a server target (ServerTarget.OGX_1_3, the default, or another release), which installs them, or bake the provider into a custom image (image and baseConfigYaml)',
    ]);
  });

  test('an override ConfigMap, an unpinned image, a PYTHONPATH without the install path, the volume name and mount path taken', () => {
    const spec = {
      overrideConfig: { configMapName: 'mine' },
      externalProviders: { inference: [ref('acme', 'quay.io/acme/provider:latest'), ref('b', 'quay.io/acme/b')] },
      workload: {
        overrides: {
          env: [{ name: 'PYTHONPATH', value: '/app' }, { name: 'PYTHONPATH', value: `${MOUNT}/python-packages:/app` }],
          volumes: [{ name: 'external-providers', emptyDir: {} }],
          volumeMounts: [{ name: 'v', mountPath: `${MOUNT}/x` }, { name: 'w', mountPath: '/opt/llama-stack/external-providers-2' }],
        },
      },
    };
    expect(lines(spec)).toStrictEqual([
      'spec.externalProviders: an override ConfigMap is not read at synth time, so the external providers cannot be added to its config — pass that config as baseConfigYaml instead of an override ConfigMap (the external providers are then merged into it), or remove externalProviders',
      'spec.externalProviders.inference[0].image: image "quay.io/acme/provider:latest" is not pinned — use an exact version tag (not latest) or a digest, so every pod installs the same provider',
      'spec.externalProviders.inference[1].image: image "quay.io/acme/b" is not pinned — use an exact version tag (not latest) or a digest, so every pod installs the same provider',
      `spec.workload.overrides.env[0]: PYTHONPATH replaces the path the external providers are installed in (${MOUNT}/python-packages) — start it with ${MOUNT}/python-packages: or remove it`,
      'spec.workload.overrides.volumes[0].name: volume name external-providers is taken by the external providers — rename the volume',
      `spec.workload.overrides.volumeMounts[0].mountPath: ${MOUNT} holds the external providers — mount the volume elsewhere`,
    ]);
  });
});
