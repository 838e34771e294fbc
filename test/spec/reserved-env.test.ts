/** shadowedEnvProblems: a user env var may not shadow an LLSD_ Secret reference, RUN_CONFIG_PATH, or a var the Deployment generates. */
import { RESERVED_ENV_PREFIX, RUN_CONFIG_PATH_ENV, shadowedEnvProblems } from '../../src/spec/reserved-env';

const GENERATED = [{ name: 'OGX_PORT', fix: 'remove it: the port is spec.networking.port' }];
const lines = (env: unknown, path?: string) => shadowedEnvProblems(env, GENERATED, path).map((p) => `${p.path}: ${p.message} — ${p.fix}`);

describe('shadowedEnvProblems', () => {
  test('other names, non-lists and entries without a name pass', () => {
    expect([RESERVED_ENV_PREFIX, RUN_CONFIG_PATH_ENV]).toStrictEqual(['LLSD_', 'RUN_CONFIG_PATH']);
    expect(lines([{ name: 'LOG_LEVEL', value: 'debug' }, { value: 'x' }, null, 'OGX_PORT', [], { name: 5 }])).toStrictEqual([]);
    expect(lines(undefined)).toStrictEqual([]);
    expect(lines({ name: 'OGX_PORT' })).toStrictEqual([]);
  });

  test('each shadowing entry at its index, with what to do instead', () => {
    expect(lines([{ name: 'A' }, { name: 'LLSD_VLLM_API_KEY', value: 'x' }, { name: 'RUN_CONFIG_PATH' }, { name: 'OGX_PORT', value: '9' }], 'props.env')).toStrictEqual([
      'props.env[1]: LLSD_VLLM_API_KEY shadows the library\'s own env vars: names starting with LLSD_ are reserved for the Secret references it generates — remove it: LLSD_ names are the Secret references the library generates; give secrets with apiKey or secretRefs ({name, key}), and other settings under another name',
      'props.env[2]: RUN_CONFIG_PATH shadows the env var the Deployment sets (the last entry of a name wins, so the generated value would be lost) — remove it: the server runs the generated config from there; to run a config of your own, use spec.overrideConfig or overrideConfigYaml',
      'props.env[3]: OGX_PORT shadows the env var the Deployment sets (the last entry of a name wins, so the generated value would be lost) — remove it: the port is spec.networking.port',
    ]);
  });

  test('the default path is the spec\'s', () => {
    expect(shadowedEnvProblems([{ name: 'LLSD_X' }], []).map((p) => p.path)).toStrictEqual(['spec.workload.overrides.env[0]']);
  });
});
