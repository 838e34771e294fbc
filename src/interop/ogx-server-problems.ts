/**
 * Problems found past the OGXServer reader (by this library's spec check, the generator, the
 * start-up model), said in the OGXServer's own words: the path the user wrote, and fixes naming
 * OGXServer fields (`ConfigProblem.fixes`), never this library's spec (`spec.networking…`) or its
 * construct props. One function maps a spec path, the problem's and those its text quotes.
 */
import { ConfigProblem, fixFor } from '../core/errors';

/** This library's spec fields that the OGXServer spells otherwise, by path prefix. */
const OGX_FIELDS: { readonly [specPath: string]: string } = {
  'spec.networking.tls.caBundle': 'spec.tls.trust.caCertificates',
  'spec.networking.tls': 'spec.network.tls',
  'spec.networking.port': 'spec.network.port',
  'spec.networking.expose.hostname': 'spec.network.externalAccess.hostname',
  'spec.networking.expose': 'spec.network.externalAccess',
  'spec.networking.allowedFrom': 'spec.network.policy.ingress',
  'spec.overrideConfig.configMapName': 'spec.overrideConfig.name',
  'spec.disabled': 'spec.disabledAPIs',
};

/** A spec path inside a message: `spec.networking.tls.enabled`, `spec.disabled[1]`. */
const SPEC_PATH_IN_TEXT = /(?<![\w-])spec(?:\.[A-Za-z_]\w*|\[\d+\])+/g;

/**
 * The OGXServer path of a spec path: the field it was read from (`sources`, the longest prefix
 * recorded), else the OGXServer's name for the field, else the path as it is.
 */
export function ogxPath(path: string, sources: { readonly [specPath: string]: string }): string {
  const covering = (table: { readonly [specPath: string]: string }) => {
    let best: string | undefined;
    for (const k of Object.keys(table)) {
      const covers = path === k || path.startsWith(`${k}.`) || path.startsWith(`${k}[`);
      if (covers && (best === undefined || k.length > best.length)) best = k;
    }
    return best === undefined ? undefined : table[best] + path.slice(best.length);
  };
  return covering(sources) ?? covering(OGX_FIELDS) ?? path;
}

/** A problem of this library's spec read from an OGXServer, at the OGXServer path it came from, in its words. */
export function ogxProblem(found: ConfigProblem, sources: { readonly [specPath: string]: string }): ConfigProblem {
  // Paths quoted in the text are spec fields, said as the OGXServer names them.
  const text = (t: string) => t.replace(SPEC_PATH_IN_TEXT, (m) => ogxPath(m, {}));
  return { path: ogxPath(found.path, sources), message: text(found.message), fix: text(fixFor(found, 'ogxServer')) };
}
