/**
 * Image references as the kubelet and the container runtime parse them: the API server takes any
 * string without surrounding whitespace, the kubelet then refuses what does not parse
 * (`InvalidImageName`) and the pod never starts.
 */

// The docker reference grammar (distribution/reference, as the kubelet's ParseNormalizedNamed and
// containerd's ParseDockerRef read it):
//   reference := name [":" tag] ["@" digest];  name := [domain "/"] path-component ("/" path-component)*
//   domain    := (domain-name | "[" IPv6 "]") [":" port];  path-component := [a-z0-9]+ (separator [a-z0-9]+)*
const ALNUM = '[a-z0-9]+';
const SEPARATOR = '(?:[._]|__|[-]+)';
const PATH_COMPONENT = `${ALNUM}(?:${SEPARATOR}${ALNUM})*`;
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?`;
const REMOTE_NAME = `${PATH_COMPONENT}(?:/${PATH_COMPONENT})*`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9a-fA-F]{32,}';
const REFERENCE = new RegExp(`^((?:${DOMAIN}/)?${REMOTE_NAME})(?::(${TAG}))?(?:@(${DIGEST}))?$`);
const NAME = new RegExp(`^(?:(${DOMAIN})/)?(${REMOTE_NAME})$`);
const ANCHORED_TAG = new RegExp(`^${TAG}$`);
/** go-digest's algorithms, with the length of their hex (lower case only). */
const DIGEST_HEX: { [algorithm: string]: number } = { sha256: 64, sha384: 96, sha512: 128 };
/** The longest repository path (`RepositoryNameTotalLengthMax`). */
const PATH_MAX = 255;

const DIGEST_RULE = 'the digest must be sha256: and 64 lower-case hex digits (or sha384: 96, sha512: 128)';
const TAG_RULE = 'the tag must be 1 to 128 letters, digits, \'_\', \'.\' or \'-\', not starting with \'.\' or \'-\'';
const NAME_RULE = 'the name must be [registry[:port]/]path: lower-case letters and digits separated by \'.\', \'_\', \'__\', \'-\' or \'/\'';

/** The reference split as the kubelet reads it, or why it is not one. */
export type ParsedImageReference = { readonly tag?: string; readonly digest?: string } | { readonly problem: string };

/** `image` as `ParseDockerRef` reads it: a familiar name (`ubuntu`) gets docker.io/library/, and only the repository path must be lower-case. */
export function parseImageReference(image: string): ParsedImageReference {
  if (image === '') return { problem: 'it is empty' };
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(image)) return { problem: 'it holds whitespace or a control character' };
  if (/^[a-f0-9]{64}$/.test(image)) return { problem: 'a 64-digit hexadecimal string is an image ID, not a reference' };
  const slash = image.indexOf('/');
  const first = slash < 0 ? '' : image.slice(0, slash);
  const hasDomain = first === 'localhost' || /[.:]/.test(first) || first.toLowerCase() !== first;
  let remainder = hasDomain ? image.slice(slash + 1) : image;
  const dockerHub = !hasDomain || first === 'docker.io' || first === 'index.docker.io';
  if (dockerHub && !remainder.includes('/')) remainder = `library/${remainder}`;
  const colon = remainder.indexOf(':');
  const remote = colon < 0 ? remainder : remainder.slice(0, colon);
  const normalized = `${hasDomain ? first : 'docker.io'}/${remainder}`;
  const m = REFERENCE.exec(normalized);
  if (m === null || remote.toLowerCase() !== remote) return { problem: whyNot(image, remote) };
  if (NAME.exec(m[1])![2].length > PATH_MAX) return { problem: `the repository name is longer than ${PATH_MAX} characters` };
  const digest = m[3];
  if (digest !== undefined) {
    const [algorithm, hex] = digest.split(':');
    if (DIGEST_HEX[algorithm] !== hex.length || !/^[a-f0-9]+$/.test(hex)) return { problem: DIGEST_RULE };
  }
  return { tag: m[2], digest };
}

/** Which part of a reference that does not parse is wrong, for the message. */
function whyNot(image: string, remote: string): string {
  const at = image.indexOf('@');
  if (at >= 0 && !new RegExp(`^${DIGEST}$`).test(image.slice(at + 1))) return DIGEST_RULE;
  const name = at >= 0 ? image.slice(0, at) : image;
  const colon = name.lastIndexOf(':');
  if (colon > name.lastIndexOf('/') && !ANCHORED_TAG.test(name.slice(colon + 1))) return TAG_RULE;
  if (remote.toLowerCase() !== remote) return 'the repository name must be lower-case';
  return NAME_RULE;
}

/**
 * Why `image` is not a reference the kubelet and the container runtime can pull (they refuse it:
 * `InvalidImageName`), or undefined. The API server takes any string without surrounding whitespace.
 */
export function imageReferenceProblem(image: string): string | undefined {
  const r = parseImageReference(image);
  return 'problem' in r ? r.problem : undefined;
}

/** A mirror: a registry host (a domain with a `.` or a port, `localhost`, or an IPv6 literal) and an optional path of components. */
const MIRROR = new RegExp(`^(${DOMAIN})((?:/${PATH_COMPONENT})*)$`);

/**
 * Why `mirror` is not a registry host with an optional repository path (`registry.example.com`,
 * `registry.example.com:5000/ogx`), or undefined. The host must read as one: the kubelet takes a
 * first component without a `.` or `:` (other than `localhost`) as a Docker Hub path.
 */
export function registryMirrorProblem(mirror: string): string | undefined {
  const m = MIRROR.exec(mirror);
  if (m === null) {
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(mirror)
      ? 'it has a URL scheme: give the registry host and path only'
      : 'it must be a registry host and an optional path: host[:port][/path], the path lower-case letters and digits separated by \'.\', \'_\', \'__\', \'-\' or \'/\'';
  }
  const host = m[1];
  if (!(host === 'localhost' || host.startsWith('[') || /[.:]/.test(host))) {
    return `${host} does not read as a registry host (the kubelet takes it as a Docker Hub path): give a host with a domain or a port, or localhost`;
  }
  return undefined;
}

/**
 * `image` pulled from `mirror`: its registry host (Docker Hub when it names none) is replaced by
 * the mirror, its repository path is kept (Docker Hub's official images keep their `library/`), so
 * are its tag and digest. `docker.io/ogxai/distribution-starter:1.3.0` on `mirror.example.com/hub`
 * is `mirror.example.com/hub/ogxai/distribution-starter:1.3.0`. An image already on the mirror's
 * registry (the same host and port, any path), or one that does not parse (reported as such
 * elsewhere), is returned as is.
 */
export function mirroredImage(image: string, mirror: string | undefined): string {
  if (mirror === undefined || imageReferenceProblem(image) !== undefined) return image;
  const slash = image.indexOf('/');
  const first = slash < 0 ? '' : image.slice(0, slash);
  const hasDomain = first === 'localhost' || /[.:]/.test(first) || first.toLowerCase() !== first;
  const mirrorHost = mirror.split('/')[0];
  if (hasDomain && first.toLowerCase() === mirrorHost.toLowerCase()) return image;
  let rest = hasDomain ? image.slice(slash + 1) : image;
  const dockerHub = !hasDomain || first === 'docker.io' || first === 'index.docker.io';
  // The name ends at the tag's ':' or the digest's '@' (a ':' in the name is the domain's port, gone here).
  const end = rest.search(/[:@]/);
  if (dockerHub && !(end < 0 ? rest : rest.slice(0, end)).includes('/')) rest = `library/${rest}`;
  return `${mirror}/${rest}`;
}
