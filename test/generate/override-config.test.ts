/**
 * overrideConfigYaml: the user's own config.yaml, written as is into the hash-named ConfigMap (a
 * change rolls the pods), checked by the release's start-up model, with the pod-shaping props
 * held to it.
 */
import { Testing } from 'cdk8s';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { LlamaStackDistributionResource } from '../../src/interop/custom-resources';
import { InferenceProvider } from '../../src/providers';
import { ServerTarget } from '../../src/releases/server-target';
import { schemaErrors } from '../support/k8s-schema';
import { distributionProblems } from '../support/problems';
import { startupFromObjects } from '../support/startup-from-objects';

const TARGETS = [ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];

/** A config the release starts with: what the library generates for starter. */
function startingConfig(target: ServerTarget, props: LlamaStackDistributionProps = {}): string {
  return new LlamaStackDistribution(Testing.chart(), 'gen', { target, ...props }).configYaml!;
}

const problems = distributionProblems;

describe.each(TARGETS.map((t) => [t.id, t] as const))('%s', (_id, target) => {
  test('the text lands as is in the hash-named ConfigMap the Deployment mounts; a change renames it', () => {
    const text = startingConfig(target);
    const chart = Testing.chart();
    const d = new LlamaStackDistribution(chart, 'llama', { target, overrideConfigYaml: text });
    const manifests = Testing.synth(chart);
    expect(schemaErrors(manifests)).toEqual([]);
    const configMap = manifests.find((m) => m.kind === 'ConfigMap');
    expect(configMap.data['config.yaml']).toBe(text);
    expect(configMap.immutable).toBe(true);
    expect(configMap.metadata.name).toBe(d.configMapName);
    expect(d.configMapName).toMatch(/^llama-config-[0-9a-f]{8}$/);
    expect(d.warnings).toEqual([]);
    expect(startupFromObjects(target, manifests)).toEqual({ fatal: [], warnings: [] });
    const other = new LlamaStackDistribution(Testing.chart(), 'llama', { target, overrideConfigYaml: `${text}# changed\n` });
    expect(other.configMapName).not.toBe(d.configMapName);
  });

  test('what stops the server is a synth error at the prop, with the config.yaml path', () => {
    const text = startingConfig(target).replace('port: 8321', 'port: 80') + 'logging_config: none\n';
    expect(problems({ target, overrideConfigYaml: text })).toEqual([
      `props.overrideConfigYaml: ${target.description} would not start: logging_config must be a mapping [config.yaml logging_config]`,
      `props.overrideConfigYaml: ${target.description} would not start: server.port must be an integer from 1024 to 65535, not 80 [config.yaml server.port]`,
    ]);
  });

  test('an env var the config needs is set with env', () => {
    const text = startingConfig(target).replace('distro_name: starter', 'distro_name: ${env.DISTRO}');
    expect(problems({ target, overrideConfigYaml: text })[0]).toMatch(/^props\.overrideConfigYaml: .* Environment variable 'DISTRO' not set or empty/);
    expect(problems({ target, overrideConfigYaml: text, env: { DISTRO: 'mine' } })).toEqual([]);
  });

  test('workers and tls must agree with the config', () => {
    const text = startingConfig(target);
    expect(problems({ target, overrideConfigYaml: text, workers: 4, tls: { secretName: 't' } })).toEqual([
      'props.workers: is 4, but the override config runs 1 worker(s) (the CPU request follows the workers setting)',
      'props.tls: the probes and Service expect HTTPS, but the override config serves plain HTTP',
    ]);
    const withTls = startingConfig(target, { workers: 4, tls: { secretName: 't' } });
    expect(problems({ target, overrideConfigYaml: withTls, workers: 4, tls: { secretName: 't' } })).toEqual([]);
    // A config that serves TLS from files the pod does not have.
    expect(problems({ target, overrideConfigYaml: withTls, workers: 4 })[0]).toMatch(/\/etc\/llama-stack\/tls\/tls\.crt is not a file the pod has \[config\.yaml server\.tls_certfile\]$/);
  });

  test('a server.port the server does not use is a warning', () => {
    const text = startingConfig(target).replace('port: 8321', 'port: 9000');
    const d = new LlamaStackDistribution(Testing.chart(), 'llama', { target, overrideConfigYaml: text });
    expect(d.warnings.map((w) => w.message)).toEqual([`server.port 9000 is not used: the server listens on ${target.portEnvVar} (8321), which the Deployment sets from port`]);
  });

  test('it cannot be combined with what shapes a generated config', () => {
    expect(problems({
      target,
      overrideConfigYaml: startingConfig(target),
      inference: [InferenceProvider.vllm({ endpoint: 'http://v:8000/v1' })],
      overrideConfigMapName: 'cm',
      replaceBaseProviders: ['*'],
    }).filter((p) => p.includes('overrideConfigYaml (the override is the whole config)'))).toEqual([
      'props.overrideConfigMapName: cannot be combined with overrideConfigYaml (the override is the whole config)',
      'props.replaceBaseProviders: cannot be combined with overrideConfigYaml (the override is the whole config)',
      'props: cannot be combined with overrideConfigYaml (the override is the whole config)',
    ]);
  });

  test('text that is not a config', () => {
    expect(problems({ target, overrideConfigYaml: 'a: [' })[0]).toMatch(/^props\.overrideConfigYaml: not YAML the server can read: /);
    expect(problems({ target, overrideConfigYaml: '- a\n' })).toEqual(['props.overrideConfigYaml: is not a config mapping']);
  });
});

test('the CR constructs take a ConfigMap name, not text', () => {
  expect(() => new LlamaStackDistributionResource(Testing.chart(), 'x', { overrideConfigYaml: 'version: 2\n' })).toThrow(/props\.overrideConfigYaml/);
});
