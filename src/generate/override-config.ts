/**
 * An override config given as text (`overrideConfigYaml`): the user's complete config.yaml,
 * written as is into the hash-named ConfigMap, so a change rolls the pods like a generated config.
 * It goes through the same start-up model, and the props that shape the pod must agree with it:
 * the CPU request follows `workers`, the probes follow `tls`, the port the server binds comes
 * from the Deployment's env.
 */
import { containerApiProblems } from './container-apis';
import { TargetGeneration } from './generation';
import { perPodStores, severalPods } from './shared-state';
import { checkGeneratedConfig, PodFacts } from './startup-check';
import { ConfigProblem } from '../core/errors';
import { getOwn, isJsonObject } from '../core/json';
import { containerEnv, containerPort } from '../releases/pod-env';
import { ServerTarget } from '../releases/server-target';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { readBaseConfigOutcome } from '../yaml/parse';

const PROP = 'props.overrideConfigYaml';

function notAMapping(): { problems: ConfigProblem[]; warnings: ConfigProblem[]; dataDirs: string[] } {
  return { problems: [{ path: PROP, message: 'is not a config mapping', fix: 'pass the text of a complete config.yaml (version, distro_name, apis, providers…)' }], warnings: [], dataDirs: [] };
}

/** What an override config would do on `target`: fatal problems, warnings, and the data directories the pod must give a volume. */
export function checkOverrideConfig(text: string, spec: LlamaStackDistributionSpec, target: ServerTarget, pod: PodFacts, allowPerPodState = false):
{ problems: ConfigProblem[]; warnings: ConfigProblem[]; dataDirs: string[] } {
  const read = readBaseConfigOutcome(text);
  if ('error' in read) {
    // The reader speaks the operator's (Go) wording; a document that is not a mapping says so plainly.
    if (/cannot unmarshal/.test(read.error)) return notAMapping();
    return { problems: [{ path: PROP, message: `not YAML the server can read: ${read.error}`, fix: 'pass the text of a config.yaml' }], warnings: [], dataDirs: [] };
  }
  const config = read.value;
  if (config === null || !isJsonObject(config)) return notAMapping();
  if (target.isOperator) return { problems: [], warnings: [], dataDirs: [] };
  const g = new TargetGeneration(target);
  const env = containerEnv(target, spec, []);
  const refused = containerApiProblems(g.rules, config, env, () => PROP);
  const result = checkGeneratedConfig(g, config, spec, env, { ...pod, configProp: PROP });
  const many = allowPerPodState ? undefined : severalPods(spec);
  const problems = [...refused, ...result.problems, ...(many ? perPodStores(config, target, env, many) : [])];
  const warnings = [...result.warnings];
  const server = getOwn(config, 'server');
  const s = isJsonObject(server) ? server : {};
  const workers = getOwn(s, 'workers') ?? 1;
  const wanted = spec.workload?.workers;
  if (wanted !== undefined && workers !== wanted) {
    problems.push({
      // A spec path: the construct says it at the prop that set it (props.workers), a manifest as is.
      path: 'spec.workload.workers',
      message: `is ${wanted}, but the override config runs ${JSON.stringify(workers)} worker(s) (the CPU request follows the workers setting)`,
      fix: `set server.workers: ${wanted} in the config, or workers: ${JSON.stringify(workers)}`,
      fixes: { manifest: `set server.workers: ${wanted} in the config, or spec.workload.workers: ${JSON.stringify(workers)}` },
    });
  } else if (wanted === undefined && typeof workers === 'number' && workers > 1) {
    warnings.push({ path: PROP, message: `the config runs ${workers} workers, and the CPU request assumes 1`, fix: `set workers: ${workers}` });
  }
  const tls = spec.networking?.tls?.enabled === true;
  const serves = typeof getOwn(s, 'tls_certfile') === 'string' && typeof getOwn(s, 'tls_keyfile') === 'string';
  if (tls && !serves) {
    problems.push({
      path: 'spec.networking.tls',
      message: 'the probes and Service expect HTTPS, but the override config serves plain HTTP',
      fix: `set server.tls_certfile: ${pod.serverTlsDir}/tls.crt and server.tls_keyfile: ${pod.serverTlsDir}/tls.key in the config, or remove tls`,
      fixes: { manifest: `set server.tls_certfile: ${pod.serverTlsDir}/tls.crt and server.tls_keyfile: ${pod.serverTlsDir}/tls.key in the config, or remove spec.networking.tls` },
    });
  }
  const port = getOwn(s, 'port');
  const bound = containerPort(spec, target);
  if (typeof port === 'number' && port !== bound) {
    warnings.push({
      path: PROP,
      message: `server.port ${port} is not used: the server listens on ${target.portEnvVar} (${bound}), which the Deployment sets from port`,
      fix: `set server.port: ${bound} in the config, or port: ${port}`,
    });
  }
  return { problems, warnings, dataDirs: result.dataDirs };
}
