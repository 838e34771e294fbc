/** containerApiPaths / containerApiProblems (OGX 1.2+): containers and container_runtime cannot run in the restricted pod. */
import { containerApiPaths, containerApiProblems } from '../../src/generate/container-apis';
import { ServerTarget } from '../../src/releases/server-target';
import { EnvValue } from '../../src/releases/startup/env-substitution';

const RULES_1_3 = ServerTarget.OGX_1_3._release.rules;
const NO_ENV = new Map<string, EnvValue>();
const FIX = 'remove containers and container_runtime from apis and providers.container_runtime; run sandboxed code in a service the tools call over HTTP (an MCP server, for example)';
const REASON = 'needs a container runtime: the releases ship no container_runtime backend, and one (Docker/Podman) needs a Docker socket that the restricted pod cannot mount (no hostPath, non-root, no privilege escalation)';

describe('containerApiPaths', () => {
  test('each place that turns them on: the apis entries and an enabled container_runtime provider', () => {
    const config: any = { apis: ['inference', 'containers', 'container_runtime'], providers: { container_runtime: [{ provider_id: 'docker', provider_type: 'remote::docker' }] } };
    expect(containerApiPaths(RULES_1_3, config, NO_ENV)).toStrictEqual(['apis[1]', 'apis[2]', 'providers.container_runtime']);
  });

  test('a provider disabled by its id, or none: only the apis entries', () => {
    const disabled: any = { apis: ['containers'], providers: { container_runtime: [{ provider_id: '${env.DOCKER_HOST:+docker}', provider_type: 'remote::docker' }] } };
    expect(containerApiPaths(RULES_1_3, disabled, NO_ENV)).toStrictEqual(['apis[0]']);
    expect(containerApiPaths(RULES_1_3, disabled, new Map([['DOCKER_HOST', { kind: 'value', value: 'unix:///var/run/docker.sock' } as EnvValue]])))
      .toStrictEqual(['apis[0]', 'providers.container_runtime']);
    expect(containerApiPaths(RULES_1_3, { apis: ['inference'] } as any, NO_ENV)).toStrictEqual([]);
  });

  test('a release without these APIs (before 1.2) reads none of it', () => {
    expect(containerApiPaths(ServerTarget.OGX_0_8._release.rules, { apis: ['containers'] } as any, NO_ENV)).toStrictEqual([]);
  });
});

describe('containerApiProblems', () => {
  test('one problem a place, at the path given for it, naming the API', () => {
    const config: any = { apis: ['containers'], providers: { container_runtime: [{ provider_id: 'podman', provider_type: 'remote::podman' }] } };
    expect(containerApiProblems(RULES_1_3, config, NO_ENV, (p) => `props.config(${p})`)).toStrictEqual([
      { path: 'props.config(apis[0])', message: `the containers API ${REASON} [config.yaml apis[0]]`, fix: FIX },
      { path: 'props.config(providers.container_runtime)', message: `an enabled container_runtime provider ${REASON} [config.yaml providers.container_runtime]`, fix: FIX },
    ]);
  });
});
