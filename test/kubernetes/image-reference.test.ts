/**
 * Image references as the kubelet and the container runtime parse them (the docker reference
 * grammar of distribution/reference, `ParseDockerRef`, with go-digest's digest checks).
 */
import { imageReferenceProblem } from '../../src/kubernetes/image-reference';

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
