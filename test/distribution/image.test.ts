/**
 * The image (src/distribution/image.ts): the target's pinned image of the distribution, or the
 * user's; a released image is checked against the release line the config is written for.
 */
import { Testing } from 'cdk8s';
import { LlamaStackDistribution } from '../../src/distribution';
import { ServerTarget } from '../../src/releases/server-target';
import { distributionFixes, distributionProblems, problemsOf } from '../support/problems';

describe('a released image given as props.image is checked against the target\'s line', () => {
  test('a tag of another line (0.8.0 on the OGX 1.3 default) is an error naming the target that fits', () => {
    expect(distributionProblems({ image: 'docker.io/ogxai/distribution-starter:0.8.0' })).toEqual([
      'props.image: image tag "0.8.0" is not a release of the OGX 1.x line that OGX 1.3.0 writes configs for: that release reads another config schema',
    ]);
    expect(distributionProblems({ image: 'llamastack/distribution-starter:0.7.3' })).toEqual([
      'props.image: image tag "0.7.3" is not a release of the OGX 1.x line that OGX 1.3.0 writes configs for: that release reads another config schema',
    ]);
  });

  test('a release of the line without data (1.5.0) is a warning naming the newest verified one; strict makes it an error', () => {
    const llama = new LlamaStackDistribution(Testing.chart(), 'llama', { image: 'docker.io/ogxai/distribution-starter:1.5.0' });
    expect(llama.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      'props.image: image tag "1.5.0" is an OGX release the start-up model has no data for (newer than 1.3.0, the newest verified release of OGX 1.3.0\'s line): its config schema is unknown',
    ]);
    expect(distributionProblems({ image: 'docker.io/ogxai/distribution-starter:1.5.0', strict: true })).toEqual([
      'props.image: image tag "1.5.0" is an OGX release the start-up model has no data for (newer than 1.3.0, the newest verified release of OGX 1.3.0\'s line): its config schema is unknown (an error with strict)',
    ]);
  });

  test('the matching release, a custom image and a digest pass', () => {
    for (const image of ['docker.io/ogxai/distribution-starter:1.3.0', 'quay.io/acme/ogx-starter:2.0.1', 'docker.io/ogxai/distribution-starter@sha256:' + 'a'.repeat(64)]) {
      expect(new LlamaStackDistribution(Testing.chart(), 'llama', { image }).warnings).toEqual([]);
    }
  });

  test('on OGX 0.8 the 0.8 image passes and a 1.x one is refused', () => {
    expect(distributionProblems({ target: ServerTarget.OGX_0_8, image: 'docker.io/ogxai/distribution-starter:0.8.0' })).toEqual([]);
    expect(distributionProblems({ target: ServerTarget.OGX_0_8, image: 'docker.io/ogxai/distribution-starter:1.3.0' })[0])
      .toMatch(/^props\.image: image tag "1\.3\.0" is not a release of the OGX 0\.8\.x line/);
  });
});

describe('an image that is no reference the kubelet can pull is refused; the pinning check never quotes one whole', () => {
  const FIX = 'write it as [registry[:port]/]name[:tag][@sha256:<64 hex digits>], e.g. quay.io/org/image:1.0';

  test('a newline, a space, a malformed digest: one problem each, at the prop, the image escaped', () => {
    expect(distributionProblems({ image: 'quay.io/acme/ogx:1.0\nquay.io/evil/x:1' })).toEqual([
      'props.image: "quay.io/acme/ogx:1.0\\nquay.io/evil/x:1" is not an image reference the kubelet can pull: it holds whitespace or a control character',
    ]);
    expect(distributionProblems({ image: 'quay.io/acme/ogx 1.0' })).toEqual([
      'props.image: "quay.io/acme/ogx 1.0" is not an image reference the kubelet can pull: it holds whitespace or a control character',
    ]);
    expect(distributionProblems({ image: 'quay.io/acme/ogx@sha256:1234' })).toEqual([
      'props.image: "quay.io/acme/ogx@sha256:1234" is not an image reference the kubelet can pull: the digest must be sha256: and 64 lower-case hex digits (or sha384: 96, sha512: 128)',
    ]);
    expect(problemsOf(() => new LlamaStackDistribution(Testing.chart(), 'llama', { image: 'quay.io/Acme/ogx:1' })).map((p) => p.path)).toEqual(['props.image']);
    expect(distributionFixes({ image: 'quay.io/acme/ogx:1\u001b[2J' })).toEqual([`props.image: ${FIX}`]);
  });

  test('the pinning message: a megabyte cut, an escape sequence escaped, a token not shown', () => {
    const huge = `quay.io/acme/${'a'.repeat(1_048_576)}`;
    const [long] = distributionProblems({ image: huge });
    expect(long.length).toBeLessThan(300);
    expect(distributionProblems({ image: 'quay.io/acme/ogx' })).toEqual(['props.image: image "quay.io/acme/ogx" is not pinned']);
    const token = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
    for (const p of [...distributionProblems({ image: `quay.io/acme/${token.toLowerCase()}` }), ...distributionProblems({ image: `quay.io/acme/ogx:${token}x` })]) {
      expect(p).not.toContain(token.slice(4, 20));
      expect(p).not.toContain(token.slice(4, 20).toLowerCase());
    }
  });
});
