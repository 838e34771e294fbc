/** The start-up model on OGX 0.8 and llama-stack 0.7: runs, configs and finding matchers the stage tests share. */
import { JsonObject } from '../../src/core/json';
import { ServerTarget } from '../../src/releases/server-target';
import { checkStartup, ContainerEnv, ContainerFacts, EnvValue, StartupFinding, StartupReport } from '../../src/releases/startup';
import { substituteEnv } from '../../src/releases/startup/env-substitution';
import { readBaseConfig } from '../../src/yaml/parse';

export const OGX = ServerTarget.OGX_0_8;
export const LLAMA = ServerTarget.LLAMA_STACK_0_7;
export const TARGETS: [string, ServerTarget][] = [['ogx-0.8', OGX], ['llama-stack-0.7', LLAMA]];

/** Plain env values by name; `secrets` are Secret-backed (unknown at synth time). */
export function envOf(values: { [name: string]: string } = {}, secrets: string[] = []): ContainerEnv {
  const env = new Map<string, EnvValue>();
  for (const name of Object.keys(values)) env.set(name, { kind: 'value', value: values[name] });
  for (const name of secrets) env.set(name, { kind: 'secret', source: `secret/${name.toLowerCase()}` });
  return env;
}

export interface RunOptions {
  readonly env?: { [name: string]: string };
  readonly secrets?: string[];
  readonly container?: ContainerFacts;
}

/** The start-up model on a config, with the target's own data. */
export function run(target: ServerTarget, config: JsonObject, options: RunOptions = {}): StartupReport {
  return checkStartup(config, target._release, envOf(options.env, options.secrets), {
    requiredWhenEnabled: target._data.requiredExtras,
    container: options.container,
  });
}

/** A config that starts cleanly, with `extra` merged over it. */
export function cfg(extra: JsonObject = {}): JsonObject {
  return { distro_name: 'test', providers: {}, ...extra };
}

export function yaml(text: string): JsonObject {
  return readBaseConfig(text)!;
}

export function fatal(path: string, ...parts: string[]): unknown {
  return expect.objectContaining({ severity: 'fatal', path, message: expect.stringMatching(new RegExp(parts.map(escape).join('[\\s\\S]*'))) });
}

export function warning(path: string, ...parts: string[]): unknown {
  return expect.objectContaining({ severity: 'warning', path, message: expect.stringMatching(new RegExp(parts.map(escape).join('[\\s\\S]*'))) });
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function paths(findings: StartupFinding[]): string[] {
  return findings.map((f) => f.path);
}

/** Substitution alone: the resolved document and its findings. */
export function substitute(config: JsonObject, values: { [name: string]: string } = {}, secrets: string[] = [], home?: string) {
  return substituteEnv(config, envOf(values, secrets), home);
}

export const SENTENCE_TRANSFORMERS = { provider_id: 'sentence-transformers', provider_type: 'inline::sentence-transformers', config: {} };
export const TRANSFORMERS = { provider_id: 'transformers', provider_type: 'inline::transformers', config: {} };
export const VLLM = { provider_id: 'vllm', provider_type: 'remote::vllm', config: { base_url: 'http://vllm:8000/v1' } };
export const LOCALFS = {
  provider_id: 'localfs',
  provider_type: 'inline::localfs',
  config: { storage_dir: '/data/files', metadata_store: { backend: 'sql_default', table_name: 'files_metadata' } },
};
export const RESPONSES = {
  provider_id: 'builtin',
  provider_type: 'inline::builtin',
  config: { persistence: { agent_state: { backend: 'kv_default', namespace: 'agents' }, responses: { backend: 'sql_default', table_name: 'responses' } } },
};
export const FAISS = { provider_id: 'faiss', provider_type: 'inline::faiss', config: { persistence: { backend: 'kv_default', namespace: 'faiss' } } };

