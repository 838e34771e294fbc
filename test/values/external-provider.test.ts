/**
 * External providers (spec 001, deploy-time providers) on the server targets: the factory, the
 * `module:` entries in config.yaml and their precedence, the init containers that install the
 * packages, the start-up model's handling of `module:` entries, and every error.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Chart, Testing } from 'cdk8s';
import * as YAML from 'yaml';
import {
  ConfigGenerator, ExternalProvider, ExternalProviderOptions, InferenceProvider, LlamaStackDistribution, LlamaStackDistributionProps,
  SecretRef, ServerTarget, TargetConfigGenerator,
} from '../../src';
import { JsonObject } from '../../src/core/json';
import { checkStartup, EnvValue, StartupReport } from '../../src/releases/startup';
import { validateSpec } from '../../src/spec/validate-spec';
import { COPY_SCRIPT, INSTALL_SCRIPT } from '../../src/workload/external-providers';
import { schemaErrors } from '../support/k8s-schema';
import { restrictedViolations, restrictedViolationsOf } from '../support/pod-security';
import { fixesOf, problemsOf } from '../support/problems';
import { startupFromObjects } from '../support/startup-from-objects';

const TARGETS: [string, ServerTarget][] = [['ogx-0.8', ServerTarget.OGX_0_8], ['llama-stack-0.7', ServerTarget.LLAMA_STACK_0_7]];

const ACME: ExternalProviderOptions = {
  id: 'acme',
  image: 'quay.io/acme/llm-provider:1.0.0',
  api: 'inference',
  providerType: 'remote::acme-llm',
  module: 'acme_llm',
  config: { url: 'http://acme-llm.models.svc:8080', timeout: 30 },
  secretRefs: { api_key: SecretRef.fromSecretName('acme', 'token') },
};
const acme = (extra: Partial<ExternalProviderOptions> = {}) => ExternalProvider.fromImage({ ...ACME, ...extra });
const GUARD = ExternalProvider.fromImage({
  id: 'acme-guard', image: 'quay.io/acme/guard-provider@sha256:' + 'a'.repeat(64), api: 'safety', providerType: 'inline::acme-guard', module: 'acme_guard==2.1.0',
});

function synth(props: LlamaStackDistributionProps): { d: LlamaStackDistribution; objects: any[]; config: JsonObject } {
  const chart = new Chart(Testing.app(), 'c', { namespace: 'ai' });
  const d = new LlamaStackDistribution(chart, 'llama', props);
  // Testing.synth validates the chart, which prints the construct's warnings: tests read them instead.
  const quiet = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return { d, objects: Testing.synth(chart), config: YAML.parse(d.configYaml!) };
  } finally {
    quiet.mockRestore();
  }
}

const podOf = (objects: any[]) => objects.find((m) => m.kind === 'Deployment').spec.template.spec;
const providersOf = (config: JsonObject, api: string) => (config.providers as any)[api] as any[];

const RESTRICTED = { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } };

describe('ExternalProvider.fromImage', () => {
  test('keeps what it is given, and its v1alpha2 entry', () => {
    const p = acme();
    expect([p.id, p.image, p.api, p.providerType, p.module, p.specField]).toEqual(['acme', ACME.image, 'inference', 'remote::acme-llm', 'acme_llm', 'inference']);
    expect(p.toSpec()).toEqual({
      providerId: 'acme',
      image: ACME.image,
      providerType: 'remote::acme-llm',
      module: 'acme_llm',
      config: { url: 'http://acme-llm.models.svc:8080', timeout: 30 },
      secretRefs: { api_key: { name: 'acme', key: 'token' } },
    });
    expect(p.toSpec()).not.toBe(p.toSpec());
    expect(GUARD.specField).toBe('safety');
    expect(ExternalProvider.fromImage({ ...ACME, api: 'vector_io', config: undefined, secretRefs: undefined }).toSpec())
      .toEqual({ providerId: 'acme', image: ACME.image, providerType: 'remote::acme-llm', module: 'acme_llm' });
  });

  test('every option is checked, all problems at once', () => {
    expect(problemsOf(() => ExternalProvider.fromImage({ id: '', image: ' ', api: 'vectorIo', providerType: 'acme', module: 'acme-llm', config: [] as any, secretRefs: { k: 'x' as any } }))).toEqual([
      { path: 'ExternalProvider.fromImage(id)', message: 'id must be a non-empty string' },
      { path: 'ExternalProvider.fromImage(image)', message: 'image must be a non-empty string' },
      { path: 'ExternalProvider.fromImage(api)', message: '"vectorIo" is not an API external providers can implement' },
      { path: 'ExternalProvider.fromImage(config)', message: 'config must be an object of config keys' },
      { path: 'ExternalProvider.fromImage(secretRefs.k)', message: 'must be a SecretRef' },
      { path: 'ExternalProvider.fromImage(providerType)', message: '"acme" is not a provider type' },
      { path: 'ExternalProvider.fromImage(module)', message: '"acme-llm" is not a Python package name (the server imports "<module>.provider")' },
    ]);
    expect(problemsOf(() => acme({ api: 'agents', secretRefs: { url: SecretRef.fromSecretName('s', 'k') } }))).toEqual([
      { path: 'ExternalProvider.fromImage(api)', message: '"agents" is not an API external providers can implement' },
      { path: 'ExternalProvider.fromImage(secretRefs.url)', message: 'config key "url" is also set in config' },
    ]);
    expect(problemsOf(() => ExternalProvider.fromImage(undefined as any))).toEqual([{ path: 'ExternalProvider.fromImage(options)', message: 'options must be an object' }]);
  });

  test('the fix names the config.yaml API name for a camelCase one', () => {
    expect(fixesOf(() => acme({ api: 'toolRuntime' }))[0]).toBe('write the config.yaml name "tool_runtime"');
  });
});

describe.each(TARGETS)('%s', (_name, target) => {
  test('config.yaml: a module: entry per provider, secrets as env placeholders, appended to its API', () => {
    const { d, config } = synth({ target, externalProviders: [acme(), GUARD], models: [{ name: 'acme-7b', provider: 'acme' }] });
    const inference = providersOf(config, 'inference');
    expect(inference[inference.length - 1]).toEqual({
      provider_id: 'acme',
      provider_type: 'remote::acme-llm',
      module: 'acme_llm',
      config: { api_key: '${env.LLSD_ACME_API_KEY}', timeout: 30, url: 'http://acme-llm.models.svc:8080' },
    });
    const safety = providersOf(config, 'safety');
    // spec 001: no config, no config key; the ==version stays (the server drops it on import).
    expect(safety[safety.length - 1]).toEqual({ provider_id: 'acme-guard', provider_type: 'inline::acme-guard', module: 'acme_guard==2.1.0' });
    expect(d.configYaml).toContain('  - config:\n      api_key: ${env.LLSD_ACME_API_KEY}\n      timeout: 30\n      url: http://acme-llm.models.svc:8080\n    module: acme_llm\n    provider_id: acme\n    provider_type: remote::acme-llm\n');
    expect((config.registered_resources as any).models).toContainEqual({ model_id: 'acme-7b', provider_id: 'acme', provider_model_id: 'acme-7b', model_type: 'llm' });
    expect(d.secretEnvVars).toEqual([{ name: 'LLSD_ACME_API_KEY', valueFrom: { secretKeyRef: { name: 'acme', key: 'token' } } }]);
    expect(d.warnings).toEqual([]);
  });

  test('the pod: copy init containers per image, one install container, a shared emptyDir, PYTHONPATH and a read-only mount', () => {
    const second = acme({ id: 'acme-large', config: { url: 'http://acme-large:8080' }, secretRefs: undefined }); // same image: one copy
    const { d, objects } = synth({ target, externalProviders: [acme(), second, GUARD], imagePullPolicy: 'IfNotPresent' });
    const pod = podOf(objects);
    expect(pod.initContainers.map((c: any) => [c.name, c.image])).toEqual([
      ['cache-seed', d.image],
      ['copy-provider-1', ACME.image],
      ['copy-provider-2', GUARD.image],
      ['install-external-providers', d.image],
    ]);
    const byName = (name: string) => pod.initContainers.find((c: any) => c.name === name);
    expect(byName('copy-provider-1')).toEqual({
      name: 'copy-provider-1',
      image: ACME.image,
      imagePullPolicy: 'IfNotPresent',
      command: ['/bin/sh', '-c', COPY_SCRIPT, 'copy-provider', '/opt/llama-stack/external-providers/wheels/1', ACME.image],
      resources: { requests: { cpu: '10m', memory: '32Mi' }, limits: { memory: '128Mi' } },
      securityContext: RESTRICTED,
      volumeMounts: [{ name: 'external-providers', mountPath: '/opt/llama-stack/external-providers' }],
    });
    const install = byName('install-external-providers');
    expect(install).toEqual({
      name: 'install-external-providers',
      image: d.image,
      imagePullPolicy: 'IfNotPresent',
      command: ['python', '-c', INSTALL_SCRIPT],
      env: [
        { name: 'EXTERNAL_PROVIDERS', value: expect.any(String) },
        { name: 'HOME', value: '/tmp' },
        { name: 'TMPDIR', value: '/tmp' },
      ],
      resources: { requests: { cpu: '100m', memory: '256Mi' }, limits: { memory: '1Gi' } },
      securityContext: RESTRICTED,
      volumeMounts: [{ name: 'external-providers', mountPath: '/opt/llama-stack/external-providers' }, { name: 'tmp', mountPath: '/tmp' }],
    });
    expect(JSON.parse(install.env[0].value)).toEqual([
      { id: 'acme', api: 'inference', providerType: 'remote::acme-llm', module: 'acme_llm', image: ACME.image, wheels: '1' },
      { id: 'acme-large', api: 'inference', providerType: 'remote::acme-llm', module: 'acme_llm', image: ACME.image, wheels: '1' },
      { id: 'acme-guard', api: 'safety', providerType: 'inline::acme-guard', module: 'acme_guard==2.1.0', image: GUARD.image, wheels: '2' },
    ]);
    expect(pod.volumes).toContainEqual({ name: 'external-providers', emptyDir: { sizeLimit: '2Gi' } });
    const server = pod.containers[0];
    expect(server.env.filter((e: any) => e.name === 'PYTHONPATH')).toEqual([{ name: 'PYTHONPATH', value: '/opt/llama-stack/external-providers/python-packages' }]);
    // Right after the server line's own env, before secrets and the user's env.
    expect(server.env.findIndex((e: any) => e.name === 'PYTHONPATH')).toBe(server.env.findIndex((e: any) => e.name === 'HOME') + 1);
    expect(server.volumeMounts).toContainEqual({ name: 'external-providers', mountPath: '/opt/llama-stack/external-providers', readOnly: true });
    expect(server.securityContext).toEqual(RESTRICTED);
  });

  test('the objects pass the Kubernetes schemas, the restricted Pod Security Standard and the start-up model from the objects alone', () => {
    const { d, objects } = synth({
      target,
      externalProviders: [acme(), GUARD],
      models: [{ name: 'acme-7b', provider: 'acme' }],
      tls: { secretName: 'tls', caBundle: { configMapName: 'ca', configMapKeys: ['a.crt', 'b.crt'] } }, // the ca-bundle init container too
    });
    expect(podOf(objects).initContainers.map((c: any) => c.name)).toEqual(['ca-bundle', 'cache-seed', 'copy-provider-1', 'copy-provider-2', 'install-external-providers']);
    expect(schemaErrors(objects)).toEqual([]);
    expect(restrictedViolationsOf(objects)).toEqual([]);
    expect(d.warnings).toEqual([]);
    expect(startupFromObjects(target, objects)).toEqual({ fatal: [], warnings: [] });
  });

  test('from the objects alone, a package nothing installs stops the server', () => {
    const { objects } = synth({ target, externalProviders: [acme()] });
    const fatal = 'providers.inference[17].module: get_provider_spec not found: "acme_llm.provider" cannot be imported (the package is not installed in the pod)';
    const at = (list: string[]) => list.map((f) => f.replace(/\[\d+\]/, '[17]'));
    const noInstall = structuredClone(objects);
    podOf(noInstall).initContainers = podOf(noInstall).initContainers.filter((c: any) => c.name !== 'install-external-providers');
    expect(at(startupFromObjects(target, noInstall).fatal)).toEqual([fatal]);
    const noPath = structuredClone(objects);
    podOf(noPath).containers[0].env = podOf(noPath).containers[0].env.filter((e: any) => e.name !== 'PYTHONPATH');
    expect(at(startupFromObjects(target, noPath).fatal)).toEqual([fatal]);
    const noCopy = structuredClone(objects);
    podOf(noCopy).initContainers = podOf(noCopy).initContainers.filter((c: any) => c.name !== 'copy-provider-1');
    expect(at(startupFromObjects(target, noCopy).fatal)).toEqual([fatal]);
  });

  test('an external provider replaces the base provider with its id, in place, with a warning', () => {
    const base = synth({ target }).config;
    const index = providersOf(base, 'inference').findIndex((p) => p.provider_id === '${env.VLLM_URL:+vllm}');
    const { d, config } = synth({ target, externalProviders: [acme({ id: 'vllm' })] });
    const inference = providersOf(config, 'inference');
    expect(inference).toHaveLength(providersOf(base, 'inference').length);
    expect(inference[index]).toMatchObject({ provider_id: 'vllm', provider_type: 'remote::acme-llm', module: 'acme_llm' });
    expect(d.warnings).toEqual([{
      path: 'props.externalProviders[0]',
      message: 'external provider "vllm" replaces the base config\'s inference provider "vllm" (remote::vllm, built in)',
      fix: 'give the external provider another id to keep both',
    }]);
    expect(() => synth({ target, externalProviders: [acme({ id: 'vllm' })], strict: true })).toThrow('(an error with strict)');
  });

  test('it replaces a typed provider with its id too, with a warning', () => {
    const vllm = InferenceProvider.vllm({ id: 'primary', endpoint: 'http://vllm:8000/v1' });
    const { d, config } = synth({ target, inference: [vllm], externalProviders: [acme({ id: 'primary' })], models: [{ name: 'm', provider: 'primary' }] });
    expect(providersOf(config, 'inference').filter((p) => p.provider_id === 'primary')).toEqual([expect.objectContaining({ provider_type: 'remote::acme-llm' })]);
    expect(d.warnings.map((w) => `${w.path}: ${w.message} — ${w.fix}`)).toEqual([
      'props.externalProviders[0]: external provider "primary" replaces props.inference[0] (remote::vllm, built in), which has the same id — remove one of them, or give the external provider another id',
    ]);
  });

  test('a plain API has one implementation: an external files provider replaces the base one', () => {
    const files = ExternalProvider.fromImage({ id: 'acme-files', image: 'quay.io/acme/files:1.0', api: 'files', providerType: 'remote::acme-files', module: 'acme_files', config: { bucket: 'b' } });
    const { d, objects, config } = synth({ target, externalProviders: [files] });
    expect(providersOf(config, 'files')).toEqual([{ provider_id: 'acme-files', provider_type: 'remote::acme-files', module: 'acme_files', config: { bucket: 'b' } }]);
    expect(d.warnings).toEqual([]);
    expect(startupFromObjects(target, objects)).toEqual({ fatal: [], warnings: [] });
  });

  test('errors: two external providers with one id, an id a typed provider of another API has, a disabled API', () => {
    const vllm = InferenceProvider.vllm({ id: 'shared', endpoint: 'http://vllm:8000/v1' });
    expect(problemsOf(() => synth({
      target,
      inference: [vllm],
      externalProviders: [acme(), acme({ api: 'safety', secretRefs: undefined }), ExternalProvider.fromImage({ ...ACME, id: 'shared', api: 'tool_runtime', secretRefs: undefined }), GUARD],
      disabledApis: ['safety'],
    }))).toEqual([
      // In API order: inference[0] comes first, so safety[0] is the duplicate.
      { path: 'props.externalProviders[1].providerId', message: 'external provider id "acme" is also used by props.externalProviders[0]' },
      { path: 'props.externalProviders[3]', message: 'the safety API is disabled' },
      { path: 'props.externalProviders[2].providerId', message: 'id "shared" is already used by props.inference[0] (API inference)' },
    ]);
  });

  test('errors: an unpinned image, a PYTHONPATH without the install path, a taken volume name or mount path, an override ConfigMap', () => {
    expect(problemsOf(() => synth({
      target,
      externalProviders: [acme({ image: 'quay.io/acme/llm-provider' }), GUARD],
      env: { PYTHONPATH: '/opt/mine' },
      volumes: [{ name: 'external-providers', emptyDir: {} }],
      volumeMounts: [{ name: 'external-providers', mountPath: '/opt/llama-stack/external-providers/x' }],
    }))).toEqual([
      { path: 'props.externalProviders[0].image', message: 'image "quay.io/acme/llm-provider" is not pinned' },
      { path: 'props.env.PYTHONPATH', message: 'PYTHONPATH replaces the path the external providers are installed in (/opt/llama-stack/external-providers/python-packages)' },
      { path: 'props.volumes[0].name', message: 'volume name external-providers is taken by the external providers' },
      { path: 'props.volumeMounts[0].mountPath', message: '/opt/llama-stack/external-providers holds the external providers' },
    ]);
    expect(problemsOf(() => synth({ target, externalProviders: [acme()], overrideConfigMapName: 'mine' }))).toEqual([
      { path: 'props.externalProviders', message: 'an override ConfigMap is not read at synth time, so the external providers cannot be added to its config' },
    ]);
  });

  test('an image with a newline is no reference (not "pinned"): one problem at its prop, escaped', () => {
    expect(problemsOf(() => synth({ target, externalProviders: [acme({ image: 'quay.io/acme/llm-provider:1.0\nx' })] }))).toEqual([
      { path: 'props.externalProviders[0].image', message: '"quay.io/acme/llm-provider:1.0\\nx" is not an image reference the kubelet can pull: it holds whitespace or a control character' },
    ]);
  });

  test('a PYTHONPATH that keeps the install path is the only one', () => {
    const value = '/opt/llama-stack/external-providers/python-packages:/opt/mine';
    const { objects } = synth({ target, externalProviders: [acme()], env: { PYTHONPATH: value } });
    expect(podOf(objects).containers[0].env.filter((e: any) => e.name === 'PYTHONPATH')).toEqual([{ name: 'PYTHONPATH', value }]);
    expect(startupFromObjects(target, objects).fatal).toEqual([]);
  });

  test('a manifest entry as the CRD has it (no providerType, no module) says where to find them', () => {
    const problems = problemsOf(() => TargetConfigGenerator.generate({
      distribution: { name: 'starter' },
      externalProviders: { inference: [{ providerId: 'acme', image: ACME.image }] },
    }, target));
    expect(problems).toEqual([
      { path: 'spec.externalProviders.inference[0].providerType', message: 'the provider type is required (the image declares it in /lls-provider/lls-provider-spec.yaml, which is not read at synth time)' },
      { path: 'spec.externalProviders.inference[0].module', message: 'the Python package is required (the image declares it in /lls-provider/lls-provider-spec.yaml, which is not read at synth time)' },
    ]);
  });

  test('a whole spec with external providers, as from a manifest', () => {
    const spec = {
      distribution: { name: 'starter' },
      externalProviders: {
        inference: [{ providerId: 'acme', image: ACME.image, providerType: 'remote::acme-llm', module: 'acme_llm', config: { url: 'http://a' }, secretRefs: { api_key: { name: 'acme', key: 'token' } } }],
        vectorIo: [{ providerId: 'acme-vectors', image: 'quay.io/acme/vectors:3.1', providerType: 'remote::acme-vectors', module: 'acme_vectors' }],
      },
    };
    const { d, objects, config } = synth({ target, spec });
    expect(providersOf(config, 'vector_io')).toContainEqual({ provider_id: 'acme-vectors', provider_type: 'remote::acme-vectors', module: 'acme_vectors' });
    expect(d.warnings).toEqual([]);
    expect(startupFromObjects(target, objects)).toEqual({ fatal: [], warnings: [] });
  });
});

describe('the operator target and the operator pipeline', () => {
  test('ServerTarget.OPERATOR: one error with the fix', () => {
    const chart = new Chart(new App(), 'c');
    const err = (() => {
      try {
        new LlamaStackDistribution(chart, 'llama', { target: ServerTarget.OPERATOR, externalProviders: [acme(), GUARD] });
      } catch (e: any) {
        return e.problems;
      }
      return [];
    })();
    expect(err).toEqual([{
      path: 'props.externalProviders',
      message: 'the operator pipeline ignores external providers (spec 001 never shipped in an operator release)',
      fix: 'use a server target (ServerTarget.OGX_1_3, the default, or another release), which installs them, or bake the provider into a custom image (image and baseConfigYaml)',
    }]);
  });

  test('ConfigGenerator validates the CRD\'s {providerId, image} and ignores it, as the operator does; extensions are errors', () => {
    const plain = ConfigGenerator.generate({ distribution: { name: 'starter' } });
    expect(ConfigGenerator.generate({ distribution: { name: 'starter' }, externalProviders: { inference: [{ providerId: 'acme', image: ACME.image }] } }).configYaml).toBe(plain.configYaml);
    expect(problemsOf(() => ConfigGenerator.generate({
      distribution: { name: 'starter' },
      externalProviders: { inference: [acme().toSpec()], safety: [GUARD.toSpec()] },
    }))).toEqual([
      { path: 'spec.externalProviders.inference[0].providerType', message: 'the operator pipeline has no external provider providerType (a library extension)' },
      { path: 'spec.externalProviders.inference[0].module', message: 'the operator pipeline has no external provider module (a library extension)' },
      { path: 'spec.externalProviders.inference[0].config', message: 'the operator pipeline has no external provider config (a library extension)' },
      { path: 'spec.externalProviders.inference[0].secretRefs', message: 'the operator pipeline has no external provider secretRefs (a library extension)' },
      { path: 'spec.externalProviders.safety', message: 'the v1alpha2 API has external inference providers only (safety is a library extension)' },
    ]);
  });
});

describe('validateSpec: spec.externalProviders', () => {
  const paths = (externalProviders: unknown) => validateSpec({ distribution: { name: 'starter' }, externalProviders }).map((p) => `${p.path}: ${p.message} — ${p.fix}`);

  test('the extensions are known fields', () => {
    expect(paths({ inference: [acme().toSpec()], safety: [GUARD.toSpec()], files: [{ providerId: 'f', image: 'i:1' }] })).toEqual([]);
  });

  test('types, required fields, unknown fields and snake_case lists', () => {
    expect(paths({ vector_io: [], inference: [{ image: 'i:1', config: 'x', secretRefs: {}, modul: 'x' }] })).toEqual([
      'spec.externalProviders.vector_io: unknown field "vector_io" — external provider lists use camelCase: write "vectorIo"; known fields: inference, safety, vectorIo, toolRuntime, files, fileProcessors, responses, batches',
      'spec.externalProviders.inference[0].providerId: Required value — add providerId: <provider id>',
      'spec.externalProviders.inference[0].modul: unknown field "modul" — did you mean "module"?; known fields: providerId, image, providerType, module, config, secretRefs',
      'spec.externalProviders.inference[0].config: must be an object — replace the string "x" with an object',
      'spec.externalProviders.inference[0].secretRefs: must have at least 1 entry — add an entry, or remove the empty map',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// The start-up model (startup-checks.md §4.5): get_external_providers_from_module.

function run(target: ServerTarget, config: JsonObject, modules?: string[], env: { [k: string]: string } = {}): StartupReport {
  const e = new Map<string, EnvValue>(Object.entries(env).map(([k, v]) => [k, { kind: 'value', value: v } as EnvValue]));
  return checkStartup(config, target._release, e, { container: modules ? { modules } : undefined });
}

const show = (r: StartupReport) => ({ fatal: r.fatal.map((f) => `${f.path}: ${f.message}`), warnings: r.warnings.map((f) => `${f.path}: ${f.message}`) });

describe.each(TARGETS)('start-up model, %s: module: entries', (_name, target) => {
  const config = (entries: JsonObject[], extra: JsonObject = {}): JsonObject => ({
    distro_name: 'test',
    apis: ['inference'],
    providers: { inference: entries },
    ...extra,
  });
  const ext: JsonObject = { provider_id: 'acme', provider_type: 'remote::acme-llm', module: 'acme_llm==1.0', config: { anything: { goes: true }, backend: 'nowhere' } };

  test('a type the release does not have is accepted, and its config is not checked (it is the module\'s)', () => {
    expect(show(run(target, config([ext])))).toEqual({ fatal: [], warnings: [] });
    expect(show(run(target, config([ext]), ['acme_llm']))).toEqual({ fatal: [], warnings: [] });
  });

  test('everything else is still checked: an unknown type without module, the entry\'s own fields', () => {
    expect(show(run(target, config([{ provider_id: 'x', provider_type: 'remote::acme-other' }, { ...ext, provider_id: 7 as any }])))).toEqual({
      fatal: [
        `providers.inference[0].provider_type: Provider \`remote::acme-other\` is not available for API \`inference\` in ${target.description}`,
        'providers.inference[1].provider_id: provider_id became 7 after env substitution, and it must be a string',
      ],
      warnings: [],
    });
  });

  test('a package that is not installed, or not a package name, is fatal, even on a disabled entry', () => {
    const disabled = { ...ext, provider_id: '${env.ACME_URL:+acme}' };
    expect(show(run(target, config([disabled]), []))).toEqual({
      fatal: ['providers.inference[0].module: get_provider_spec not found: "acme_llm.provider" cannot be imported (the package is not installed in the pod)'],
      warnings: [],
    });
    expect(show(run(target, config([{ ...ext, module: 'acme-llm' }, { ...ext, provider_id: 'b', provider_type: 'remote::b', module: 3 as any }])))).toEqual({
      fatal: [
        'providers.inference[0].module: get_provider_spec not found: "acme-llm.provider" cannot be imported',
        'providers.inference[1].module: module must be a string, not 3',
      ],
      warnings: [],
    });
  });

  test('a module that replaces one of the release\'s types serves the other entries of that type too: a warning', () => {
    const patched = { provider_id: 'patched', provider_type: 'remote::vllm', module: 'acme_vllm' };
    const plain = { provider_id: 'vllm', provider_type: 'remote::vllm', config: { base_url: 'http://vllm:8000/v1' } };
    expect(show(run(target, config([patched])))).toEqual({ fatal: [], warnings: [] });
    expect(show(run(target, config([patched, plain])))).toEqual({
      fatal: [],
      warnings: ['providers.inference[1].provider_type: remote::vllm comes from module "acme_vllm" (another entry\'s module: its get_provider_spec() replaces the release\'s remote::vllm), so this entry runs that implementation'],
    });
  });

  test('models on a module provider register as on any enabled provider', () => {
    const rr = { registered_resources: { models: [{ model_id: 'm', provider_id: 'acme', model_type: 'llm' }, { model_id: 'n', provider_id: 'nope', model_type: 'llm' }] } };
    expect(show(run(target, config([ext], rr))).fatal).toEqual([expect.stringMatching(/^registered_resources\.models\[1\]\.provider_id: .*nope/)]);
  });
});

// ---------------------------------------------------------------------------------------------
// The init containers' scripts, run for real (POSIX sh; Python with pip) on a fake provider image.

const hasPip = spawnSync('python3', ['-m', 'pip', '--version']).status === 0 && spawnSync('sh', ['-c', 'true']).status === 0;

/** A wheel built by hand (a zip with its dist-info), so no build backend is needed. */
const WHEEL_BUILDER = String.raw`import base64, hashlib, sys, zipfile, json
out, name, version, files = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
di = '%s-%s.dist-info' % (name, version)
files[di + '/METADATA'] = 'Metadata-Version: 2.1\nName: %s\nVersion: %s\nRequires-Dist: ogx>=0.8\n' % (name, version)
files[di + '/WHEEL'] = 'Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n'
record = ['%s,sha256=%s,%d' % (p, base64.urlsafe_b64encode(hashlib.sha256(c.encode()).digest()).rstrip(b'=').decode(), len(c.encode())) for p, c in files.items()]
files[di + '/RECORD'] = '\n'.join(record + [di + '/RECORD,,']) + '\n'
with zipfile.ZipFile('%s/%s-%s-py3-none-any.whl' % (out, name, version), 'w') as z:
    for p, c in files.items():
        z.writestr(p, c)
`;

(hasPip ? describe : describe.skip)('the init containers\' scripts, run on a fake provider image', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ext-provider-'));
  const image = path.join(dir, 'image'); // the provider image's filesystem
  const volume = path.join(dir, 'volume'); // the shared emptyDir
  const wheel = (name: string, version: string, files: { [p: string]: string }) =>
    spawnSync('python3', ['-c', WHEEL_BUILDER, path.join(image, 'lls-provider', 'packages'), name, version, JSON.stringify(files)]);
  // The scripts with the image's and the volume's paths moved into the scratch directory.
  const copy = COPY_SCRIPT.replace(/\/lls-provider\//g, `${image}/lls-provider/`);
  const install = INSTALL_SCRIPT.replace(/\/opt\/llama-stack\/external-providers/g, volume);
  const providerPy = [
    'import enum', 'import acme_dep', 'class Api(enum.Enum):', '    inference = "inference"',
    'class Spec:', '    api = Api.inference', '    provider_type = "remote::acme-llm"', 'def get_provider_spec():', '    return Spec()', '',
  ].join('\n');

  beforeAll(() => {
    fs.mkdirSync(path.join(image, 'lls-provider', 'packages'), { recursive: true });
    fs.writeFileSync(path.join(image, 'lls-provider', 'lls-provider-spec.yaml'),
      'apiVersion: llamastack.io/v1alpha1\nkind: ProviderPackage\nmetadata: {name: acme-llm, version: 1.0.0, vendor: acme}\n'
      + 'spec: {packageName: acme_llm, providerType: remote::acme-llm, api: inference, wheelPath: /lls-provider/packages/acme_llm-1.0.0-py3-none-any.whl}\n');
    wheel('acme_llm', '1.0.0', { 'acme_llm/__init__.py': '', 'acme_llm/provider.py': providerPy });
    wheel('acme_dep', '2.0', { 'acme_dep/__init__.py': 'X = 2\n' });
  });

  const runCopy = (dest: string) => spawnSync('sh', ['-c', copy, 'copy-provider', dest, ACME.image], { encoding: 'utf8' });
  const runInstall = (providers: object[]) => spawnSync('python3', ['-c', install], {
    encoding: 'utf8', env: { ...process.env, EXTERNAL_PROVIDERS: JSON.stringify(providers), PIP_CONFIG_FILE: '/dev/null' },
  });
  const entry = { id: 'acme', api: 'inference', providerType: 'remote::acme-llm', module: 'acme_llm==1.0.0', image: ACME.image, wheels: '1' };

  test('copy, install without dependencies or an index, check get_provider_spec(), record the packages', () => {
    const c = runCopy(`${volume}/wheels/1`);
    expect(c.status).toBe(0);
    expect(c.stdout).toBe(`copied 2 wheel(s) of ${ACME.image}\n`);
    expect(fs.readdirSync(`${volume}/wheels/1`).sort()).toEqual(['acme_dep-2.0-py3-none-any.whl', 'acme_llm-1.0.0-py3-none-any.whl', 'lls-provider-spec.yaml']);
    const r = runInstall([entry]);
    expect(r.stderr.replace(/^WARNING: Running pip as the 'root' user.*\n/m, '')).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`ok: external provider acme (remote::acme-llm from image ${ACME.image})`);
    expect(fs.readdirSync(`${volume}/python-packages`).sort()).toEqual(['acme_dep', 'acme_dep-2.0.dist-info', 'acme_llm', 'acme_llm-1.0.0.dist-info']);
    expect(fs.readFileSync(`${volume}/installed-packages.txt`, 'utf8')).toMatch(/^acme_dep @ .*\nacme_llm @ /);
    // What the server then does with PYTHONPATH.
    const server = spawnSync('python3', ['-c', 'import importlib; print(importlib.import_module("acme_llm.provider").get_provider_spec().provider_type)'],
      { encoding: 'utf8', env: { ...process.env, PYTHONPATH: `${volume}/python-packages` } });
    expect(server.stdout).toBe('remote::acme-llm\n');
  });

  test('a provider under the wrong API, or a package without provider.get_provider_spec, fails with its id and image', () => {
    expect(runCopy(`${volume}/wheels/1`).status).toBe(0);
    const r = runInstall([{ ...entry, api: 'safety' }, { ...entry, id: 'other', module: 'acme_dep' }]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`WARNING: external provider acme (remote::acme-llm from image ${ACME.image}): lls-provider-spec.yaml declares api inference, the config has safety`);
    expect(r.stderr).toContain(`ERROR: external provider acme (remote::acme-llm from image ${ACME.image}): get_provider_spec() is for API inference, but the provider is configured under safety\n`
      + `external provider other (remote::acme-llm from image ${ACME.image}): the server imports acme_dep.provider and calls get_provider_spec(), which failed: ModuleNotFoundError("No module named 'acme_dep.provider'")`);
  });

  test('an image without the metadata or without wheels fails the copy with the image', () => {
    const empty = COPY_SCRIPT.replace(/\/lls-provider\//g, `${dir}/none/lls-provider/`);
    const r = spawnSync('sh', ['-c', empty, 'copy-provider', `${volume}/wheels/9`, 'quay.io/x/y:1'], { encoding: 'utf8' });
    expect([r.status, r.stderr]).toEqual([1, `ERROR: Missing ${dir}/none/lls-provider/lls-provider-spec.yaml in image quay.io/x/y:1\n`]);
  });
});

test('the restricted checker finds what it should', () => {
  expect(restrictedViolations({
    securityContext: {},
    volumes: [{ name: 'host', hostPath: { path: '/' } }],
    containers: [{ name: 'c', securityContext: { capabilities: { add: ['SYS_ADMIN'] } }, ports: [{ containerPort: 80, hostPort: 80 }] }],
  })).toEqual([
    'volume host: type hostPath is not allowed (hostPath and other host volumes are forbidden)',
    'container c: hostPort',
    'container c: allowPrivilegeEscalation must be false',
    'container c: runAsNonRoot must be true',
    'container c: seccompProfile must be RuntimeDefault or Localhost',
    'container c: capabilities must drop ALL',
    'container c: capability SYS_ADMIN must not be added',
  ]);
});
