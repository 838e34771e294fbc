/** The command line's arguments: commands, options, targets and the usage text. */
import * as fs from 'fs';
import * as path from 'path';
import { InvalidUtf8Error, utf8Text } from './io';
import type { RenderSettings } from './renderer';
import { LlamaStackConfigError } from '../core/errors';
import type { VerifyOptions } from '../distribution/verify-options';
import { MAX_MANIFEST_DEPTH } from '../interop/manifest-read';
import { DEFAULT_TARGET, ServerTarget } from '../releases/server-target';
import { Platform, PLATFORMS } from '../values/platform';
import { SecretRef } from '../values/secret-ref';

export const USAGE = `usage: cdk8s-llama-stack <command> [options]

Commands:
  render [FILE... | DIR... | -]
                         render LlamaStackDistribution manifests (several per file allowed;
                         a directory means its *.yaml / *.yml files; no FILE or '-' reads
                         stdin) to stdout, or to --output-dir
  argocd-generate        Argo CD config management plugin (alias: generate): render every
                         *.yaml / *.yml file of the current directory to stdout; other
                         objects are passed through, kustomization files skipped
  krm                    kustomize exec KRM function: reads a ResourceList on stdin, writes
                         one on stdout with every LlamaStackDistribution (item or
                         functionConfig) replaced by its objects

Options:
  --target ID            server line: ogx-1.3 (default), ogx-1.2, ogx-1.1, ogx-0.8, llama-stack-0.7, operator
  --platform ID          kubernetes (default) or openshift: on OpenShift no UID or fsGroup is
                         pinned (restricted-v2 assigns them), expose writes a Route, and the
                         NetworkPolicy admits the router and monitoring by policy group; a
                         manifest annotated cdk8s-llama-stack.io/platform with another is an
                         error (docs/openshift.md)
  --namespace NS         namespace of manifests that name none; a manifest in another
                         namespace is an error
  --output-dir DIR       (render) write <name>.k8s.yaml per manifest instead of stdout
  --pass-through         (render) copy documents that are not LlamaStackDistributions
  --allow-empty          accept input with no objects, or (krm) no manifest to render (an
                         error otherwise: an empty render would delete everything a GitOps
                         tool applied before)
  --strict               every warning is an error (exit 1, nothing written): for GitOps
                         tools that show a plugin's stderr nowhere
  --base-config FILE     base config text for manifests whose base config is not in the
                         input (an OGXServer's spec.baseConfig ConfigMap is read when it is)
  --allow-per-pod-state  render several replicas even with stores that live in the pod
                         (SQLite, faiss, sqlite-vec, local files): each pod keeps its own
  --image-registry HOST[/PATH]
                         pull every image from this mirror (the registry host replaced,
                         path, tag and digest kept; docs/air-gapped.md)
  --allow-unrestricted-volumes
                         accept user volumes the restricted Pod Security Standard forbids
                         (hostPath, nfs…): the pod is then no longer restricted
  --verify               write the verification Job (docs/verify.md): health, the models,
                         embeddings; an Argo CD PostSync hook, a suspended CronJob for runs
                         by hand
  --verify-completion    (with --verify) one short chat completion per LLM
  --verify-vector-store  (with --verify) one vector store created and deleted
  --verify-token-secret SECRET/KEY
                         (with --verify) the Secret key with a bearer token the server accepts
                         (needed when the manifest's server has auth other than kubernetes)
  --verify-timeout S     (with --verify) per-request timeout in seconds (default 30)
  -h, --help             show this help
  --version              print the package version

Manifests: llamastack.io/v1alpha2 as is; llamastack.io/v1alpha1 converted to v1alpha2
(fields v1alpha2 cannot honour are errors); ogx.io/v1beta1 OGXServer read (its image's
release is the target unless --target is given). A config ConfigMap in the same input is
checked. See docs/interop.md and docs/migration.md.
Environment (argocd-generate): ARGOCD_APP_NAMESPACE is the default namespace,
ARGOCD_ENV_LLAMA_STACK_TARGET the default target, ARGOCD_ENV_LLAMA_STACK_PLATFORM the platform,
ARGOCD_ENV_LLAMA_STACK_STRICT=true --strict, ARGOCD_ENV_LLAMA_STACK_IMAGE_REGISTRY the mirror.
Documents may nest ${MAX_MANIFEST_DEPTH} levels. --output-dir file names come from object names
(DNS-1123 subdomains), checked before anything is written.
Exit codes: 0 ok, 1 invalid input (every problem listed), 2 usage or internal error.`;

const TARGETS: { [id: string]: ServerTarget } = {
  'ogx-1.3': ServerTarget.OGX_1_3,
  'ogx-1.2': ServerTarget.OGX_1_2,
  'ogx-1.1': ServerTarget.OGX_1_1,
  'ogx-0.8': ServerTarget.OGX_0_8,
  'llama-stack-0.7': ServerTarget.LLAMA_STACK_0_7,
  'operator': ServerTarget.OPERATOR,
};

export type Command = 'render' | 'argocd-generate' | 'krm';

export interface Args {
  readonly command: Command;
  readonly files: string[];
  readonly outputDir?: string;
  readonly target?: ServerTarget;
  readonly platform?: Platform;
  readonly namespace?: string;
  readonly passThrough: boolean;
  readonly allowPerPodState: boolean;
  readonly allowUnrestrictedVolumes: boolean;
  readonly allowEmpty: boolean;
  /** Every warning is an error. */
  readonly strict: boolean;
  readonly baseConfig?: string;
  /** `--image-registry`: the mirror every image is pulled from. */
  readonly imageRegistry?: string;
  /** `--verify` and its options. */
  readonly verify?: VerifyOptions;
}

export class UsageError extends Error {}

const COMMANDS: { [name: string]: Command } = { 'render': 'render', 'argocd-generate': 'argocd-generate', 'generate': 'argocd-generate', 'krm': 'krm' };
const VALUE_OPTIONS = [
  '--output-dir', '--target', '--platform', '--namespace', '--base-config', '--verify-token-secret', '--verify-timeout', '--image-registry',
];
const VERIFY_SWITCHES: { [flag: string]: 'llmCompletion' | 'vectorStore' } = { '--verify-completion': 'llmCompletion', '--verify-vector-store': 'vectorStore' };

/**
 * The version in the package's package.json, read at run time: two levels up from this file
 * both in the sources (src/cli/) and compiled (lib/cli/, in a clone or an installed package).
 */
export function packageVersion(dir: string = __dirname): string {
  const file = path.resolve(dir, '..', '..', 'package.json');
  const version = JSON.parse(fs.readFileSync(file, 'utf8')).version;
  if (typeof version !== 'string' || version === '') throw new Error(`${file} has no version`);
  return version;
}

/** The parsed arguments, 'help' or 'version'. Throws UsageError. */
export function parseArgs(argv: string[]): Args | 'help' | 'version' {
  if (argv.length === 0) throw new UsageError('');
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  if (argv.includes('--version')) return 'version';
  const command = COMMANDS[argv[0]];
  if (!command) throw new UsageError(`unknown command: ${argv[0]}`);
  const files: string[] = [];
  const values: { [option: string]: string } = {};
  let passThrough = false;
  let allowPerPodState = false;
  let allowUnrestrictedVolumes = false;
  let allowEmpty = false;
  let strict = false;
  let verify = false;
  const verifySwitches: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const eq = argv[i].startsWith('--') ? argv[i].indexOf('=') : -1;
    const [a, inline] = eq > 0 ? [argv[i].slice(0, eq), argv[i].slice(eq + 1)] : [argv[i], undefined];
    if (VALUE_OPTIONS.includes(a)) {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new UsageError(`${a} needs a value`);
      values[a] = v;
    } else if (a === '--pass-through' && inline === undefined) {
      passThrough = true;
    } else if (a === '--allow-per-pod-state' && inline === undefined) {
      allowPerPodState = true;
    } else if (a === '--allow-unrestricted-volumes' && inline === undefined) {
      allowUnrestrictedVolumes = true;
    } else if (a === '--allow-empty' && inline === undefined) {
      allowEmpty = true;
    } else if (a === '--strict' && inline === undefined) {
      strict = true;
    } else if (a === '--verify' && inline === undefined) {
      verify = true;
    } else if (VERIFY_SWITCHES[a] !== undefined && inline === undefined) {
      verifySwitches.push(a);
    } else if (a.startsWith('-') && a !== '-') {
      throw new UsageError(`unknown option: ${argv[i]}`);
    } else {
      files.push(a);
    }
  }
  if (command !== 'render') {
    const renderOnly = [
      files.length > 0 ? `file arguments (${files[0]})` : undefined,
      values['--output-dir'] !== undefined ? '--output-dir' : undefined,
      passThrough ? '--pass-through' : undefined,
    ].filter((x) => x !== undefined);
    if (renderOnly.length > 0) throw new UsageError(`${argv[0]} takes no ${renderOnly.join(', ')}`);
  }
  const needsVerify = [...verifySwitches, ...['--verify-token-secret', '--verify-timeout'].filter((o) => values[o] !== undefined)];
  if (!verify && needsVerify.length > 0) throw new UsageError(`${needsVerify[0]} needs --verify`);
  const targetId = values['--target'];
  if (targetId !== undefined && !TARGETS[targetId]) throw new UsageError(`unknown target: ${targetId} (use ${Object.keys(TARGETS).join(', ')})`);
  const platformId = values['--platform'];
  if (platformId !== undefined && !hasPlatform(platformId)) throw new UsageError(`unknown platform: ${platformId} (use ${Object.keys(PLATFORMS).join(', ')})`);
  return {
    command,
    files,
    ...(verify ? { verify: verifyOptions(verifySwitches, values) } : {}),
    outputDir: values['--output-dir'],
    target: targetId ? TARGETS[targetId] : undefined,
    platform: platformId !== undefined ? PLATFORMS[platformId] : undefined,
    namespace: values['--namespace'],
    passThrough,
    allowPerPodState,
    allowUnrestrictedVolumes,
    allowEmpty,
    strict,
    baseConfig: values['--base-config'],
    imageRegistry: values['--image-registry'],
  };
}

/** Whether warnings are errors: `--strict`, or (argocd-generate) the Application's plugin env `LLAMA_STACK_STRICT`. */
export function strictFor(args: Args, env: { [name: string]: string | undefined }): boolean {
  const v = args.command === 'argocd-generate' ? env.ARGOCD_ENV_LLAMA_STACK_STRICT : undefined;
  if (v !== undefined && v !== '' && v !== 'true' && v !== 'false') {
    throw new UsageError(`ARGOCD_ENV_LLAMA_STACK_STRICT must be true or false, not ${JSON.stringify(v.slice(0, 40))}`);
  }
  return args.strict || v === 'true';
}

/** The verification options of `--verify` and its flags. */
function verifyOptions(switches: string[], values: { [option: string]: string }): VerifyOptions {
  const out: { -readonly [K in keyof VerifyOptions]: VerifyOptions[K] } = {};
  for (const flag of switches) out[VERIFY_SWITCHES[flag]] = true;
  const timeout = values['--verify-timeout'];
  if (timeout !== undefined) {
    if (!/^[0-9]{1,4}$/.test(timeout)) throw new UsageError(`--verify-timeout takes whole seconds, e.g. 30 (got ${JSON.stringify(timeout)})`);
    out.timeoutSeconds = Number(timeout);
  }
  const token = values['--verify-token-secret'];
  if (token !== undefined) {
    const slash = token.indexOf('/');
    if (slash <= 0 || slash === token.length - 1) throw new UsageError('--verify-token-secret takes SECRET/KEY, e.g. verify-token/token');
    try {
      out.tokenSecret = SecretRef.fromSecretName(token.slice(0, slash), token.slice(slash + 1));
    } catch (e) {
      if (!(e instanceof LlamaStackConfigError)) throw e;
      throw new UsageError(`--verify-token-secret: ${e.problems.map((p) => p.message).join('; ')}`);
    }
  }
  return out;
}

function hasPlatform(id: string): boolean {
  return Object.prototype.hasOwnProperty.call(PLATFORMS, id);
}

export function settingsFor(args: Args, env: { [name: string]: string | undefined }, cwd: string = process.cwd()): RenderSettings {
  const envTarget = args.command === 'argocd-generate' ? env.ARGOCD_ENV_LLAMA_STACK_TARGET : undefined;
  if (args.target === undefined && envTarget !== undefined && envTarget !== '' && !TARGETS[envTarget]) {
    throw new UsageError(`unknown target in ARGOCD_ENV_LLAMA_STACK_TARGET: ${envTarget} (use ${Object.keys(TARGETS).join(', ')})`);
  }
  const envPlatform = args.command === 'argocd-generate' ? env.ARGOCD_ENV_LLAMA_STACK_PLATFORM : undefined;
  if (args.platform === undefined && envPlatform !== undefined && envPlatform !== '' && !hasPlatform(envPlatform)) {
    throw new UsageError(`unknown platform in ARGOCD_ENV_LLAMA_STACK_PLATFORM: ${envPlatform} (use ${Object.keys(PLATFORMS).join(', ')})`);
  }
  return {
    target: args.target ?? (envTarget ? TARGETS[envTarget] : DEFAULT_TARGET),
    platform: args.platform ?? (envPlatform ? PLATFORMS[envPlatform] : undefined),
    namespace: args.namespace,
    defaultNamespace: args.command === 'argocd-generate' ? env.ARGOCD_APP_NAMESPACE || undefined : undefined,
    passThrough: args.passThrough || args.command !== 'render',
    allowPerPodState: args.allowPerPodState,
    allowUnrestrictedVolumes: args.allowUnrestrictedVolumes,
    imageRegistry: args.imageRegistry ?? ((args.command === 'argocd-generate' ? env.ARGOCD_ENV_LLAMA_STACK_IMAGE_REGISTRY : undefined) || undefined),
    targetGiven: args.target !== undefined || (envTarget !== undefined && envTarget !== ''),
    baseConfigYaml: args.baseConfig !== undefined ? readBaseConfigFile(args.baseConfig, cwd) : undefined,
    verify: args.verify,
  };
}

function readBaseConfigFile(file: string, cwd: string): string {
  try {
    return utf8Text(fs.readFileSync(path.resolve(cwd, file)));
  } catch (e) {
    if (e instanceof InvalidUtf8Error) throw new UsageError(`--base-config: ${file} is ${e.message}: save it as UTF-8`);
    throw new UsageError(`--base-config: cannot read ${file}: ${(e as Error).message}`);
  }
}
