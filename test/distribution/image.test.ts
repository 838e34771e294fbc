/**
 * The image (src/distribution/image.ts): the target's pinned image of the distribution, or the
 * user's; a released image is checked against the release line the config is written for.
 */
import { Testing } from 'cdk8s';
import { LlamaStackDistribution } from '../../src/distribution';
import { ServerTarget } from '../../src/releases/server-target';
import { distributionProblems } from '../support/problems';

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
