/**
 * The last stage: the written config goes through the start-up model with the env the
 * Deployment sets. It reads the document that was emitted (the emitter's round trip through a
 * YAML 1.1 reader is property-tested, so the server reads the same values). A fatal finding
 * fails synth at the spec field that wrote the failing part (or at `config.<path>` for the base
 * config's own entries, or at the prop that holds a whole config); warnings are returned.
 */
import { TargetGeneration } from './generation';
import { maskCredentials } from '../core/credential-keys';
import { ConfigProblem } from '../core/errors';
import { JsonObject } from '../core/json';
import { dataMountPath, podHome } from '../releases/pod-env';
import { canMountDataDir } from '../releases/pod-paths';
import { providerMounts } from '../releases/provider-mounts';
import { checkStartup, ContainerEnv, StartupFinding } from '../releases/startup';
import { LlamaStackDistributionSpec } from '../spec/spec';

/** Where the pod can write and which files it has, as the workload renders it. */
export interface PodFacts {
  /** Directory of the serving certificate (`tls.crt`, `tls.key`). */
  readonly serverTlsDir?: string;
  /** Other writable mounts besides the data volume. */
  readonly scratchDirs: readonly string[];
  /** A prop that holds the whole config (an override config): every finding is reported there. */
  readonly configProp?: string;
  /**
   * Whether the image's entrypoint passes `--insecure` (OGX 1.2.1+ release images do, the Open
   * Data Hub image does not).
   * @default - what the target's release image does
   */
  readonly entrypointInsecure?: boolean;
}

function toProblem(g: TargetGeneration, f: StartupFinding, configProp: string | undefined): ConfigProblem {
  const specPath = configProp ?? g.specPathOf(f.path);
  const where = specPath ?? `config.${f.path}`;
  const envHint = f.env && f.env.length > 0 ? ' (container env: spec.workload.overrides.env)' : '';
  // A finding names config keys and values the user wrote: a credential among them is masked.
  return {
    path: maskCredentials(where),
    // A warning is what the server logs; only a fatal finding stops it.
    message: maskCredentials(`${g.target.description} ${f.severity === 'fatal' ? 'would not start' : 'would warn at start-up'}: ${f.message}${specPath ? ` [config.yaml ${f.path}]` : ''}`),
    fix: maskCredentials(`${f.fix}${envHint}`),
  };
}

/** The start-up run with the pod's writable directories (the data volume, the scratch dirs, `dataDirs`). */
function run(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec, env: ContainerEnv, pod: PodFacts,
  dataDirs: readonly string[]) {
  const tlsFiles = pod.serverTlsDir ? [`${pod.serverTlsDir}/tls.crt`, `${pod.serverTlsDir}/tls.key`] : [];
  // The providers' CAs and client certificates the Deployment mounts (network).
  const files = [...tlsFiles, ...providerMounts(spec).flatMap((m) => m.files)];
  return checkStartup(config, g.target._release, env, {
    requiredWhenEnabled: g.data.requiredExtras,
    container: {
      home: podHome(g.target, spec),
      writableDirs: [dataMountPath(g.target, spec), ...pod.scratchDirs, ...dataDirs],
      files,
      // OGX 1.2.1+ images pass --insecure (the 1.2+ TLS gate then lets plain HTTP through).
      insecureFlag: pod.entrypointInsecure ?? g.target.entrypointPassesInsecure,
    },
  });
}

/**
 * Runs the start-up model with the container's env (`containerEnv`); returns fatal findings as
 * problems and the warnings. A directory the config names for data that no volume holds (the
 * RHOAI image's `storage_dir` under its home, say) gets one, whatever the image's home: it is
 * returned in `dataDirs` for the Deployment to mount, unless a volume there would hide the
 * image's own files (then it stays a problem).
 */
export function checkGeneratedConfig(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec, env: ContainerEnv, pod: PodFacts):
{ problems: ConfigProblem[]; warnings: ConfigProblem[]; dataDirs: string[] } {
  let report = run(g, config, spec, env, pod, []);
  const wanted = [...new Set(report.fatal.map((f) => f.unwritableDir).filter((d): d is string => d !== undefined && canMountDataDir(d)))].sort();
  // One volume for a directory and the ones below it.
  const dataDirs = wanted.filter((d) => !wanted.some((o) => o !== d && d.startsWith(`${o}/`)));
  if (dataDirs.length > 0) report = run(g, config, spec, env, pod, dataDirs);
  const map = (f: StartupFinding): ConfigProblem => toProblem(g, f, pod.configProp);
  return { problems: report.fatal.map(map), warnings: report.warnings.map(map), dataDirs };
}
