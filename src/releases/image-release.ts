/**
 * Does the image tag run the config a target writes? A target models one release line's config
 * schema (`verifiedReleases`: the patch releases with the same config models). A tag of another
 * release of the same line (OGX 1.x: one major; 0.x: one minor) may read the config differently
 * (1.1 → 1.2 removed inline::transformers and added strict TLS): a warning naming the newest
 * verified release, or the target that models the tag. A tag of another line (0.8.x on OGX 1.3)
 * reads another schema: an error. A tag that is not a version (`latest`) cannot be checked: a
 * warning.
 */
import { compareVersions, ServerTarget } from './server-target';
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';

/** Targets whose data models a release, newest line first. */
const MODELLED = (): ServerTarget[] => [
  ServerTarget.OGX_1_3, ServerTarget.OGX_1_2, ServerTarget.OGX_1_1, ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7,
];

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)$/;

/** The compatibility line of a version: the major from 1.0, the minor before. */
function lineOf(version: string): string | undefined {
  const m = VERSION.exec(version);
  if (!m) return undefined;
  return m[1] === '0' ? `0.${m[2]}` : m[1];
}

/** What the start-up model says about running `target`'s config on the image tagged `tag`. */
export interface ImageReleaseCheck {
  readonly errors: ConfigProblem[];
  readonly warnings: ConfigProblem[];
}

/**
 * Checks the image tag against the releases `target` models (`path` names the prop that set it).
 * The operator pipeline is not a release: nothing to check.
 */
export function checkImageRelease(target: ServerTarget, tag: string, path = 'target'): ImageReleaseCheck {
  const none: ImageReleaseCheck = { errors: [], warnings: [] };
  const release = target.release;
  if (target.isOperator || release === undefined) return none;
  const verified = target.verifiedReleases;
  const version = tag.replace(/^v/, '');
  if (verified.includes(version)) return none;
  const newest = verified[verified.length - 1];
  const line = lineOf(version);
  if (line === undefined) {
    return { errors: [], warnings: [{ path, message: `image tag ${quoteValue(tag)} is not a release version, so the start-up model cannot tell whether ${target.description}'s config schema is the one it reads`, fix: `pin a release of the line, e.g. withImageTag('${newest}')` }] };
  }
  const server = target.description.split(' ')[0];
  if (line !== lineOf(release)) {
    const other = MODELLED().find((t) => t.verifiedReleases.includes(version) || lineOf(t.release!) === line);
    return {
      errors: [{
        path,
        message: `image tag ${quoteValue(tag)} is not a release of the ${server} ${lineOf(release)}.x line that ${target.description} writes configs for: that release reads another config schema`,
        fix: other ? `use ServerTarget.${constantName(other)} for ${tag}, or an image tag of this line (${verified.join(', ')})` : `use an image tag of this line (${verified.join(', ')})`,
      }],
      warnings: [],
    };
  }
  const exact = MODELLED().find((t) => t.verifiedReleases.includes(version));
  if (exact) {
    // Each release's config model forbids keys it does not know: a config written for another
    // release of the line stops its start-up (OGX 1.2.2 refuses what 1.3 writes).
    return {
      errors: [{
        path,
        message: `image tag ${quoteValue(tag)} is ${exact.description.split(' ')[0]} ${version}, which ServerTarget.${constantName(exact)} models, not ${target.description}: a config is written for one release, and ${version}'s start-up code refuses keys it does not know`,
        fix: `use ServerTarget.${constantName(exact)} (its config is the one ${version} reads), or an image tag ServerTarget.${constantName(target)} models (${verified.join(', ')})`,
      }],
      warnings: [],
    };
  }
  const later = compareVersions(version, newest) > 0;
  return {
    errors: [],
    warnings: [{
      path,
      message: `image tag ${quoteValue(tag)} is ${/^[AEIOU]/.test(server) ? 'an' : 'a'} ${server} release the start-up model has no data for (${later ? 'newer than' : 'not'} ${newest}, the newest verified release of ${target.description}'s line): its config schema is unknown`,
      fix: `check the release notes of ${version}, or pin ${newest}`,
    }],
  };
}

/** `OGX_1_3` for the target `ogx-1.3`. */
function constantName(t: ServerTarget): string {
  return t.id.toUpperCase().replace(/[-.]/g, '_');
}
