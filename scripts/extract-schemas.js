// Writes data/schemas/v1alpha2-embedded.json: the schemas the llamastack.io v1alpha2 CRD embeds
// from core/v1 (env vars, volumes, volume mounts, resource requirements, topology spread
// constraints), which validate-spec.ts checks at synth time. test/spec/schema-check.test.ts
// fails when the file and crds/ disagree: re-run `node scripts/extract-schemas.js`.
'use strict';
const fs = require('fs');
const path = require('path');
const YAML = require('yaml');

const ROOT = path.join(__dirname, '..');
const CRD = path.join(ROOT, 'crds', 'llamastack.io_llamastackdistributions.v1alpha1-v1alpha2.yaml');
const OUT = path.join(ROOT, 'data', 'schemas', 'v1alpha2-embedded.json');

/** The embedded schemas, keyed by what they describe, with descriptions dropped (size). */
function extract() {
  const crd = YAML.parse(fs.readFileSync(CRD, 'utf8'));
  const spec = crd.spec.versions.find((v) => v.name === 'v1alpha2').schema.openAPIV3Schema.properties.spec.properties;
  const workload = spec.workload.properties;
  const overrides = workload.overrides.properties;
  const strip = (s) => {
    if (Array.isArray(s)) return s.map(strip);
    if (s === null || typeof s !== 'object') return s;
    const out = {};
    for (const k of Object.keys(s).sort()) if (k !== 'description') out[k] = strip(s[k]);
    return out;
  };
  return strip({
    envVar: overrides.env.items,
    volume: overrides.volumes.items,
    volumeMount: overrides.volumeMounts.items,
    resourceRequirements: workload.resources,
    topologySpreadConstraint: workload.topologySpreadConstraints.items,
  });
}

function text() {
  return `${JSON.stringify(extract(), null, 1)}\n`;
}

module.exports = { text, OUT };
if (require.main === module) {
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, text());
  console.log(`${path.relative(ROOT, OUT)}: ${fs.statSync(OUT).size} bytes`);
}
