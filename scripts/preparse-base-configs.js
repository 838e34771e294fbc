#!/usr/bin/env node
/*
 * Build step (post-compile): every shipped base config (data/targets/<id>/distributions/<d>/
 * config.yaml) parsed once, as the library reads it, and written next to it as config.json,
 * which the library reads instead (JSON.parse instead of the YAML parser at every cold start).
 * A config whose JSON would not read back to the same values is left as YAML only.
 */
const fs = require('fs');
const path = require('path');
const { isDeepStrictEqual } = require('util');
const { readBaseConfig } = require('../lib/yaml/parse');

const root = path.join(__dirname, '..', 'data', 'targets');
let written = 0;
for (const id of fs.readdirSync(root)) {
  const dists = path.join(root, id, 'distributions');
  if (!fs.existsSync(dists)) continue;
  for (const d of fs.readdirSync(dists)) {
    const yamlFile = path.join(dists, d, 'config.yaml');
    const jsonFile = path.join(dists, d, 'config.json');
    if (!fs.existsSync(yamlFile)) continue;
    fs.rmSync(jsonFile, { force: true });
    const parsed = readBaseConfig(fs.readFileSync(yamlFile, 'utf8'));
    if (parsed === null) continue;
    const text = JSON.stringify(parsed);
    const back = readBaseConfig(text);
    // Same values and the same key order (the generated config.yaml follows it).
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(back)), JSON.parse(text)) || JSON.stringify(back) !== text) {
      console.error(`${yamlFile}: JSON does not read back the same; kept as YAML only`);
      continue;
    }
    fs.writeFileSync(jsonFile, text);
    written++;
  }
}
console.log(`pre-parsed ${written} base configs`);
