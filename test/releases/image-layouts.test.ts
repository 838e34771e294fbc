/**
 * The Open Data Hub / OpenShift AI image's layout, and its shipped config (re-typed as a fixture:
 * test/fixtures/ogx-operator/configgen-bases/rh.yaml) starting its release without edits: its
 * `storage_dir` under the image's HOME gets the data volume, and a server on plain HTTP gets
 * `server.insecure` (its entrypoint passes no `--insecure`).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';
import { InferenceProvider, Platform, SecretRef, ServerTarget } from '../../src';
import { imageLayoutOf, imageLayouts, imageRepository } from '../../src/releases/image-layouts';
import { runCli } from '../support/cli-run';
import { restrictedV2Violations } from '../support/openshift-scc';
import { distributionProblems } from '../support/problems';
import { synthStarting } from '../support/synth';

const RH = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'ogx-operator', 'configgen-bases', 'rh.yaml'), 'utf8');
const ODH_IMAGE = 'registry.redhat.io/rhoai/odh-llama-stack-core-rhel9:v3.5';

test('the known layouts: the Open Data Hub / OpenShift AI image by its repositories', () => {
  expect(imageLayouts().map((l) => l.id)).toEqual(['open-data-hub']);
  for (const image of [ODH_IMAGE, 'quay.io/opendatahub/llama-stack:odh-stable', `quay.io/rhoai/odh-llama-stack-core-rhel9@sha256:${'a'.repeat(64)}`]) {
    expect(imageLayoutOf(image)).toMatchObject({ id: 'open-data-hub', home: '/opt/app-root/src', entrypointInsecure: false });
  }
  expect(imageLayoutOf('docker.io/ogxai/distribution-starter:1.3.0')).toBeUndefined();
  expect(imageLayoutOf('quay.io/opendatahub/llama-stack-other:1')).toBeUndefined();
  expect(imageRepository('localhost:5000/a/b:1@sha256:00')).toBe('localhost:5000/a/b');
  expect(imageRepository('localhost:5000/a/b')).toBe('localhost:5000/a/b');
});

test('the shipped config writes under the image\'s HOME', () => {
  expect(YAML.parse(RH).providers.files[0].config.storage_dir.startsWith(`${imageLayoutOf(ODH_IMAGE)!.home}/.ogx/`)).toBe(true);
});

describe.each([ServerTarget.OGX_1_3, ServerTarget.OGX_1_2].map((t) => [t.id, t] as const))('the shipped rh config on %s, the ODH image', (_, target) => {
  const props = {
    image: ODH_IMAGE,
    baseConfigYaml: RH,
    distribution: undefined,
    inference: [InferenceProvider.vllm({ id: 'vllm-inference', endpoint: 'http://vllm.models.svc:8000/v1', apiKey: SecretRef.fromSecretName('vllm', 'token') })],
    env: { POSTGRES_HOST: 'postgres.data.svc', POSTGRES_PASSWORD: SecretRef.fromSecretName('pg', 'password') },
  };

  test.each([Platform.KUBERNETES, Platform.OPENSHIFT].map((p) => [p.id, p] as const))('starts on %s: the data volume at /opt/app-root/src/.ogx, server.insecure', (_p, platform) => {
    const { config, manifests } = synthStarting(target, { ...props, platform });
    expect(config.server.insecure).toBe(true);
    const mounts = manifests.find((m) => m.kind === 'Deployment').spec.template.spec.containers[0].volumeMounts;
    expect(mounts.filter((m: any) => m.name === 'lls-storage')).toEqual([{ name: 'lls-storage', mountPath: '/.ogx' }, { name: 'lls-storage', mountPath: '/opt/app-root/src/.ogx' }]);
    if (platform.isOpenShift) expect(restrictedV2Violations(manifests)).toEqual([]);
  });

  test('a released image of the line passes --insecure itself: no server.insecure', () => {
    const { config } = synthStarting(target, { ...props, image: target.imageFor('starter') });
    expect(config.server.insecure).toBeUndefined();
  });

  test('as an override config (the user\'s whole text) it is checked, not edited: plain HTTP is refused on this image', () => {
    expect(distributionProblems({ target, image: ODH_IMAGE, overrideConfigYaml: RH })).toEqual([
      expect.stringMatching(/^props\.overrideConfigYaml: .* would not start: .*TLS/),
    ]);
  });
});

test('a path outside any data directory is still refused (the pod does not mount over the image\'s own files)', () => {
  const base = RH.replace('storage_dir: /opt/app-root/src/.ogx/distributions/rh/files', 'storage_dir: /opt/app-root/files');
  expect(distributionProblems({ image: ODH_IMAGE, baseConfigYaml: base, env: { POSTGRES_HOST: 'pg' } })).toEqual([
    expect.stringMatching(/providers\.files\[0\]\.config\.storage_dir.*"\/opt\/app-root\/files" is not on a writable volume/),
  ]);
});

describe('the OGX operator\'s rh-* configgen cases with its rh base config (the command line)', () => {
  const DIR = path.join(__dirname, '..', 'fixtures', 'ogx-operator');
  test.each(['rh-combined', 'rh-custom-port', 'rh-disable-apis', 'rh-override-inference'])('%s renders: storage_dir on the data volume', async (c) => {
    const text = fs.readFileSync(path.join(DIR, 'configgen', `${c}.yaml`), 'utf8');
    const r = await runCli(['render', '--base-config', path.join(DIR, 'configgen-bases', 'rh.yaml')], text);
    expect(r.code).toBe(0);
    const objects = YAML.parseAllDocuments(r.out).map((d) => d.toJS());
    const mounts = objects.find((o) => o.kind === 'Deployment').spec.template.spec.containers[0].volumeMounts;
    expect(mounts).toContainEqual({ name: 'lls-storage', mountPath: '/opt/app-root/src/.ogx' });
  });
});
