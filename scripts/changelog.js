#!/usr/bin/env node
// CHANGELOG.md's newest entry is the package's version: `.projenrc.ts` reads it (package.json's
// version), and the release task's `bump` step runs this file to write the release's files where
// projen's release tooling expects them (the bump task's env: BUMPFILE the version, RELEASETAG
// `v<version>`, CHANGELOG the entry's text). It refuses when package.json says another version
// (CHANGELOG.md edited without `npx projen`). Nothing here reads git tags, a clock or a remote.
// Usage: node scripts/changelog.js   (in the repository, with the bump task's env)
'use strict';
const fs = require('fs');
const path = require('path');

const HEADING = /^## (\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/;

/** The newest entry of a CHANGELOG.md text: its version and its text (heading included). */
function latestEntry(text) {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('## '));
  const heading = start < 0 ? undefined : HEADING.exec(lines[start]);
  if (!heading) {
    throw new Error(`CHANGELOG.md: the first "## " heading must be "## <version>" (e.g. "## 0.1.0"), found ${start < 0 ? 'none' : JSON.stringify(lines[start])}`);
  }
  let end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  if (end < 0) end = lines.length;
  return { version: heading[1], text: lines.slice(start, end).join('\n').trimEnd() + '\n' };
}

/** Writes the release files of the bump task's env; returns the version. */
function writeReleaseFiles(root, env) {
  const entry = latestEntry(fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'));
  const manifest = JSON.parse(fs.readFileSync(path.join(root, env.OUTFILE || 'package.json'), 'utf8'));
  if (manifest.version !== entry.version) {
    throw new Error(`package.json says ${manifest.version} but CHANGELOG.md's newest entry is ${entry.version}: run \`npx projen\` (it takes the version from CHANGELOG.md), then commit`);
  }
  const files = { BUMPFILE: entry.version, RELEASETAG: `${env.RELEASE_TAG_PREFIX || ''}v${entry.version}`, CHANGELOG: entry.text };
  for (const [key, content] of Object.entries(files)) {
    if (!env[key]) throw new Error(`${key} is not set (run this as the bump task: npx projen bump)`);
    const file = path.join(root, env[key]);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return entry.version;
}

module.exports = { latestEntry, writeReleaseFiles };

if (require.main === module) {
  try {
    const version = writeReleaseFiles(process.cwd(), process.env);
    process.stdout.write(`release ${version}: ${process.env.BUMPFILE}, ${process.env.RELEASETAG}, ${process.env.CHANGELOG}\n`);
  } catch (e) {
    process.stderr.write(`changelog: ${e.message}\n`);
    process.exit(1);
  }
}
