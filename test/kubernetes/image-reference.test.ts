/**
 * Image references as the kubelet and the container runtime parse them (the docker reference
 * grammar of distribution/reference, `ParseDockerRef`, with go-digest's digest checks).
 */
import { imageReferenceProblem, mirroredImage, registryMirrorProblem } from '../../src/kubernetes/image-reference';

const HEX64 = 'a'.repeat(64);

describe('imageReferenceProblem', () => {
  const VALID = [
    'ubuntu', 'ubuntu:22.04', 'library/ubuntu', 'docker.io/ogxai/distribution-starter:1.3.0', 'quay.io/org/image:1.0',
    'localhost/x', 'localhost:5000/x:y', 'registry.example.com:5000/team/app:v1.2_3-rc.4', '127.0.0.1:5000/a/b',
    '[::1]:5000/a', 'Registry.Example.com/a', 'Foo/bar', 'a__b/c--d/e.f_g:TAG', `quay.io/a/b@sha256:${HEX64}`,
    `quay.io/a/b:1.0@sha256:${HEX64}`, `a@sha512:${'0'.repeat(128)}`, `a@sha384:${'0'.repeat(96)}`, `a:${'t'.repeat(128)}`,
    `r.io/${'a'.repeat(255)}`, '0/a',
  ];
  test.each(VALID)('%j is a reference', (image) => expect(imageReferenceProblem(image)).toBeUndefined());

  const INVALID: [string, string][] = [
    ['quay.io/a/b:1.0\nother', 'it holds whitespace or a control character'],
    ['quay.io/a/b:1.0 ', 'it holds whitespace or a control character'],
    ['quay.io/a b:1.0', 'it holds whitespace or a control character'],
    ['quay.io/a/b:1.0\u001b[31m', 'it holds whitespace or a control character'],
    ['quay.io/a/b@sha256:abc', 'the digest must be sha256: and 64 lower-case hex digits (or sha384: 96, sha512: 128)'],
    [`quay.io/a/b@sha256:${'A'.repeat(64)}`, 'the digest must be sha256: and 64 lower-case hex digits (or sha384: 96, sha512: 128)'],
    [`quay.io/a/b@sha256:${HEX64}0`, 'the digest must be sha256: and 64 lower-case hex digits (or sha384: 96, sha512: 128)'],
    [`quay.io/a/b@md5:${'0'.repeat(32)}`, 'the digest must be sha256: and 64 lower-case hex digits (or sha384: 96, sha512: 128)'],
    ['quay.io/a/b@', 'the digest must be sha256: and 64 lower-case hex digits (or sha384: 96, sha512: 128)'],
    [`a@sha256:${HEX64}@sha256:${HEX64}`, 'the digest must be sha256: and 64 lower-case hex digits (or sha384: 96, sha512: 128)'],
    ['quay.io/a/b:', 'the tag must be 1 to 128 letters, digits, \'_\', \'.\' or \'-\', not starting with \'.\' or \'-\''],
    ['quay.io/a/b:.1', 'the tag must be 1 to 128 letters, digits, \'_\', \'.\' or \'-\', not starting with \'.\' or \'-\''],
    [`a:${'t'.repeat(129)}`, 'the tag must be 1 to 128 letters, digits, \'_\', \'.\' or \'-\', not starting with \'.\' or \'-\''],
    ['quay.io/a/b:1+2', 'the tag must be 1 to 128 letters, digits, \'_\', \'.\' or \'-\', not starting with \'.\' or \'-\''],
    ['quay.io/Org/image:1', 'the repository name must be lower-case'],
    ['Ubuntu', 'the repository name must be lower-case'],
    [HEX64, 'a 64-digit hexadecimal string is an image ID, not a reference'],
    ['', 'it is empty'],
    ['quay.io//a', 'the name must be [registry[:port]/]path: lower-case letters and digits separated by \'.\', \'_\', \'__\', \'-\' or \'/\''],
    ['quay.io/a_/b', 'the name must be [registry[:port]/]path: lower-case letters and digits separated by \'.\', \'_\', \'__\', \'-\' or \'/\''],
    ['quay.io/a___b', 'the name must be [registry[:port]/]path: lower-case letters and digits separated by \'.\', \'_\', \'__\', \'-\' or \'/\''],
    ['-quay.io/a', 'the name must be [registry[:port]/]path: lower-case letters and digits separated by \'.\', \'_\', \'__\', \'-\' or \'/\''],
    ['quay.io:port/a', 'the name must be [registry[:port]/]path: lower-case letters and digits separated by \'.\', \'_\', \'__\', \'-\' or \'/\''],
    ['https://quay.io/a', 'the name must be [registry[:port]/]path: lower-case letters and digits separated by \'.\', \'_\', \'__\', \'-\' or \'/\''],
    ['user:token@quay.io/a:1', 'the digest must be sha256: and 64 lower-case hex digits (or sha384: 96, sha512: 128)'],
    [`r.io/${'a'.repeat(256)}`, 'the repository name is longer than 255 characters'],
  ];
  test.each(INVALID)('%j: %s', (image, reason) => expect(imageReferenceProblem(image)).toBe(reason));
});

describe('mirroredImage: the registry host becomes the mirror; path, tag and digest stay', () => {
  const CASES: [string, string][] = [
    ['docker.io/ogxai/distribution-starter:1.3.0', 'm.example.com/hub/ogxai/distribution-starter:1.3.0'],
    ['ogxai/distribution-starter:1.3.0', 'm.example.com/hub/ogxai/distribution-starter:1.3.0'],
    ['index.docker.io/ogxai/distribution-starter:1.3.0', 'm.example.com/hub/ogxai/distribution-starter:1.3.0'],
    // Docker Hub's official images keep library/, as registry mirrors and proxy caches lay them out.
    ['busybox:1.36', 'm.example.com/hub/library/busybox:1.36'],
    ['docker.io/busybox:1.36', 'm.example.com/hub/library/busybox:1.36'],
    [`busybox@sha256:${HEX64}`, `m.example.com/hub/library/busybox@sha256:${HEX64}`],
    ['quay.io/opendatahub/llama-stack:0.2.0', 'm.example.com/hub/opendatahub/llama-stack:0.2.0'],
    [`quay.io/a/b:1.0@sha256:${HEX64}`, `m.example.com/hub/a/b:1.0@sha256:${HEX64}`],
    ['registry.example.com:5000/team/app:v1', 'm.example.com/hub/team/app:v1'],
    ['localhost/x:1', 'm.example.com/hub/x:1'],
    ['[::1]:5000/a:1', 'm.example.com/hub/a:1'],
    // Already on the mirror's registry: kept (a mirrored props.image is not mirrored twice, and an
    // image the user keeps elsewhere on that registry stays where it is).
    ['m.example.com/hub/ogxai/distribution-starter:1.3.0', 'm.example.com/hub/ogxai/distribution-starter:1.3.0'],
    ['m.example.com/models/seed:1', 'm.example.com/models/seed:1'],
    ['M.Example.com/models/seed:1', 'M.Example.com/models/seed:1'],
    // Another port is another registry.
    ['m.example.com:5000/models/seed:1', 'm.example.com/hub/models/seed:1'],
    // Not a reference: kept, and reported as such elsewhere.
    ['Not An Image', 'Not An Image'],
  ];
  test.each(CASES)('%s → %s', (image, mirrored) => expect(mirroredImage(image, 'm.example.com/hub')).toBe(mirrored));
  test('no mirror: as written', () => expect(mirroredImage('busybox:1', undefined)).toBe('busybox:1'));
  test('a host-only mirror', () => expect(mirroredImage('busybox:1', 'localhost:5000')).toBe('localhost:5000/library/busybox:1'));
});

describe('registryMirrorProblem', () => {
  test.each(['registry.example.com', 'registry.example.com:5000', 'registry.example.com/ogx/mirror', 'localhost', 'localhost:5000/x', '[::1]:5000', '10.0.0.1:5000/a'])(
    '%s is a mirror', (m) => expect(registryMirrorProblem(m)).toBeUndefined());
  const NAME_RULE = 'it must be a registry host and an optional path: host[:port][/path], the path lower-case letters and digits separated by \'.\', \'_\', \'__\', \'-\' or \'/\'';
  test.each([
    ['https://registry.example.com', 'it has a URL scheme: give the registry host and path only'],
    ['mirror', 'mirror does not read as a registry host (the kubelet takes it as a Docker Hub path): give a host with a domain or a port, or localhost'],
    ['registry.example.com/', NAME_RULE],
    ['registry.example.com/A', NAME_RULE],
    ['registry.example.com/a:1', NAME_RULE],
    ['registry.example.com/a@sha256:x', NAME_RULE],
    ['', NAME_RULE],
    [' registry.example.com', NAME_RULE],
  ])('%j is not: %s', (m, why) => expect(registryMirrorProblem(m)).toBe(why));
});
