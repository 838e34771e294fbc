/** Whether an image reference is pinned: it parses, and names a digest or a tag other than latest. */
import { isPinnedImage } from '../../src/releases/images';

const HEX64 = 'a'.repeat(64);

describe('isPinnedImage', () => {
  test.each([
    ['quay.io/a/b:1.0', true], [`quay.io/a/b@sha256:${HEX64}`, true], [`quay.io/a/b:latest@sha256:${HEX64}`, true],
    ['quay.io/a/b:latest', false], ['quay.io/a/b', false], ['localhost:5000/a', false], ['localhost:5000/a:1', true],
    // Not references at all: never pinned (the reference check says why).
    ['quay.io/a/b:1.0\nbar', false], ['quay.io/a/b@sha256:abc', false], ['quay.io/a/b:1 0', false],
  ])('%j: %s', (image, pinned) => expect(isPinnedImage(image)).toBe(pinned));
});
