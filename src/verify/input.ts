/**
 * What the verification Job is made from: a small explicit input, no library object. The caller
 * (the planner) knows each fact at synth time: the Service URL, the server's pod labels and port,
 * the image, the registered models and the remote providers.
 */
import { JsonObject } from '../core/json';

/** A model the server registers, as `GET /v1/models` lists it. */
export interface VerifyModel {
  /** The identifier the server lists (`<provider_id>/<model_id>` on the releases this library targets). */
  readonly id: string;
  /** The provider that serves it (names the provider in a failure, and finds its endpoint). */
  readonly providerId?: string;
  /** `llm` (a completion when `llmCompletion` is on), `embedding` (one embedding, always) or `rerank` (listed only). */
  readonly type: 'llm' | 'embedding' | 'rerank';
  /** The registered embedding dimension (required for `embedding`): the embedding must have it. */
  readonly embeddingDimension?: number;
}

/** A provider the server calls over the network. */
export interface VerifyProvider {
  readonly id: string;
  /** The provider type, e.g. `remote::vllm`. */
  readonly type: string;
  /**
   * Its base URL as the server uses it, when known at synth time (not when it comes from a
   * Secret). Only `scheme://host:port/path` is carried into the plan: user info and the query
   * are dropped (they may hold credentials; the Job probes the endpoint without credentials).
   */
  readonly endpoint?: string;
}

/** How the Job authenticates to the server. */
export interface VerifyAuth {
  /**
   * `none`: no token. `token`: a bearer token from a Secret key (`secretName`, `secretKey`) the
   * user names. `serviceAccount`: the pod's service-account token (`ServerAuth.kubernetes()`).
   */
  readonly mode: 'none' | 'token' | 'serviceAccount';
  readonly secretName?: string;
  readonly secretKey?: string;
}

/** Which checks the verification Job runs, and their time limits. */
export interface VerifyCheckOptions {
  /**
   * One short chat completion per LLM.
   * @default false
   */
  readonly llmCompletion?: boolean;
  /**
   * One vector store created and deleted.
   * @default false
   */
  readonly vectorStore?: boolean;
  /**
   * The vector_io provider the store is created on.
   * @default - the server's default provider
   */
  readonly vectorStoreProviderId?: string;
  /**
   * The embedding model of the store (a registered model id; its dimension is sent when it is among the models).
   * @default - the server's default
   */
  readonly vectorStoreEmbeddingModel?: string;
  /**
   * Per-request timeout, in seconds.
   * @default 30
   */
  readonly timeoutSeconds?: number;
  /**
   * How long the health check waits for the server to answer, in seconds (Flux applies the Job with the Deployment).
   * @default 300
   */
  readonly readyWaitSeconds?: number;
  /**
   * On a provider failure the server reports as a 5xx, ask the provider's endpoint directly what is wrong.
   * @default true
   */
  readonly probeProviders?: boolean;
  /**
   * The Job's activeDeadlineSeconds.
   * @default - readyWaitSeconds + timeoutSeconds × the requests + 60
   */
  readonly activeDeadlineSeconds?: number;
  /**
   * A suspended CronJob `<name>-verify` with the Job's template, never scheduled, so the checks
   * run by hand: `kubectl create job --from=cronjob/<name>-verify <run-name>` (kubectl copies
   * only CronJobs).
   * @default true
   */
  readonly manualRuns?: boolean;
}

/** A key of a ConfigMap holding a PEM CA bundle. */
export interface VerifyCaRef {
  readonly configMapName: string;
  readonly key: string;
}

/** Everything the verification objects are made from. */
export interface VerifyInput {
  /** The server's name: the objects are `<name>-verify` (Job, NetworkPolicy) and `<name>-verify-<hash8>` (ConfigMap). */
  readonly name: string;
  readonly namespace?: string;
  /** The server line, a `data/targets/<id>` id (`ogx-1.3`, …): the routes the checks call. */
  readonly target: string;
  /** The URL the Job calls, e.g. `http://demo-service.ai.svc.cluster.local:8321`. */
  readonly serviceUrl: string;
  /** The server's container port (NetworkPolicy rules select pod ports, not Service ports). */
  readonly serverPort: number;
  /** The labels that select the server's pods (the Deployment's selector). */
  readonly serverPodLabels: { readonly [key: string]: string };
  /** The image the Job runs: the server's own (its Python, no new image to trust). */
  readonly image: string;
  readonly imagePullPolicy?: string;
  readonly imagePullSecrets?: readonly string[];
  readonly models: readonly VerifyModel[];
  readonly providers?: readonly VerifyProvider[];
  /** @default { mode: 'none' } */
  readonly auth?: VerifyAuth;
  readonly options?: VerifyCheckOptions;
  /** The CA the Job trusts when the Service URL is https (mounted at /verify-ca/). */
  readonly serverCa?: VerifyCaRef;
  /** The APIs the server serves (`inference`, `vector_io`, …), when known: a check of an API not served is a problem. */
  readonly servedApis?: readonly string[];
  /**
   * The Job pod's uid. Unset (the default) lets OpenShift's restricted-v2 assign one; on other
   * clusters set it for images whose USER is root (OGX before 1.3), e.g. to the server pod's uid.
   */
  readonly runAsUser?: number;
  /** The Job pod's ServiceAccount (`serviceAccount` auth sends its token). @default the namespace's default */
  readonly serviceAccountName?: string;
  /** Extra labels for the Job and its pod (keys of `serverPodLabels` are left out, so no Service selects the Job). */
  readonly labels?: { readonly [key: string]: string };
  /** NetworkPolicy egress rules the Job's provider probes need (the server's own `allowedTo` rules, as plain data). */
  readonly providerEgress?: readonly JsonObject[];
}

/** The defaults of `VerifyCheckOptions`. */
export const VERIFY_DEFAULTS = {
  llmCompletion: false,
  vectorStore: false,
  timeoutSeconds: 30,
  readyWaitSeconds: 300,
  probeProviders: true,
  manualRuns: true,
} as const;
