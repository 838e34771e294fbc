/**
 * Problems found past the OGXServer reader (by this library's spec check, the generator, the
 * start-up model), said in the OGXServer's own words: the path the user wrote, and fixes naming
 * OGXServer fields, never this library's spec (`spec.networking…`) or its construct props.
 */
import { ConfigProblem } from '../core/errors';

/** This library's spec paths and words, as the OGXServer spells them (longest first where they nest). */
const PATHS: Array<[RegExp, string]> = [
  [/spec\.networking\.tls\.caBundle/g, 'spec.tls.trust.caCertificates'],
  [/spec\.networking\.tls/g, 'spec.network.tls'],
  [/spec\.networking\.port/g, 'spec.network.port'],
  [/spec\.networking\.expose\.hostname/g, 'spec.network.externalAccess.hostname'],
  [/spec\.networking\.expose/g, 'spec.network.externalAccess'],
  [/spec\.networking\.allowedFrom/g, 'spec.network.policy.ingress'],
  [/spec\.overrideConfig\.configMapName/g, 'spec.overrideConfig.name'],
  [/spec\.disabled\b/g, 'spec.disabledAPIs'],
];

const WORDS: Array<[RegExp, string]> = [
  [/spec\.storage\.sql: \{type: postgres, host, db, user, password\}/g, 'spec.storage.backends: {<name>: {type: sql_postgres, host, db, user, password: {name, key}}}'],
  [/spec\.providers\.files: \[\{provider: s3, settings: \{bucket_name: …\}\}\]/g, 'spec.providers.files.remote.s3: {bucketName: …}'],
  [/set embeddingDimension, e\.g\. 768/g, 'register the model with its metadata.embedding_dimension in the base config (spec.baseConfig): an OGXServer model has no embedding dimension'],
  [/set it \(endpoint, apiKey, settings\.([^\s)]+) or secretRefs\.[^\s)]+\)/g, 'set it (the typed field that writes $1, or settings.$1 / secretRefs.$1 of a custom entry)'],
  [/disabled must contain/g, 'disabledAPIs must contain'],
  [/ \(container env: spec\.workload\.overrides\.env\)/g, ' (container env: spec.workload.overrides.env)'],
];

/** Text in the OGXServer's vocabulary. */
export function ogxVocabulary(text: string): string {
  let out = text;
  for (const [re, to] of WORDS) out = out.replace(re, to);
  for (const [re, to] of PATHS) out = out.replace(re, to);
  return out;
}

/** A problem of this library's spec read from an OGXServer, at the OGXServer path it came from. */
export function ogxProblem(found: ConfigProblem, sources: { readonly [specPath: string]: string }): ConfigProblem {
  let best: string | undefined;
  for (const k of Object.keys(sources)) {
    const covers = found.path === k || found.path.startsWith(`${k}.`) || found.path.startsWith(`${k}[`);
    if (covers && (best === undefined || k.length > best.length)) best = k;
  }
  const path = best !== undefined ? sources[best] + found.path.slice(best.length) : ogxVocabulary(found.path);
  return { path, message: ogxVocabulary(found.message), fix: ogxVocabulary(found.fix) };
}
