import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as YAML from 'yaml';

/** The example apps: every `examples/<app>/main.ts`, by name. */
export const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
export const EXAMPLE_APPS = fs.readdirSync(EXAMPLES).filter((d) => fs.existsSync(path.join(EXAMPLES, d, 'main.ts'))).sort();

/**
 * Runs an example app in a scratch directory, as `npm run examples` does; its objects, in file
 * order. `extraProps` are added to the props of every `LlamaStackDistribution` the app makes
 * (e.g. `{ platform: Platform.OPENSHIFT }`), over the app's own.
 */
export function synthExampleApp(app: string, extraProps?: object): any[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `example-${app}-`));
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    jest.isolateModules(() => {
      if (extraProps !== undefined) {
        jest.doMock('cdk8s-llama-stack', () => {
          const real = jest.requireActual(path.join(EXAMPLES, '..', 'src'));
          class WithExtraProps extends real.LlamaStackDistribution {
            constructor(scope: unknown, id: string, props: object = {}) {
              super(scope, id, { ...props, ...extraProps });
            }
          }
          return { ...real, LlamaStackDistribution: WithExtraProps };
        });
      }
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(path.join(EXAMPLES, app, 'main.ts'));
    });
  } finally {
    jest.dontMock('cdk8s-llama-stack');
    process.chdir(cwd);
  }
  const out = path.join(dir, 'dist', 'examples', app);
  return fs.readdirSync(out).filter((f) => f.endsWith('.k8s.yaml')).sort()
    .flatMap((f) => YAML.parseAllDocuments(fs.readFileSync(path.join(out, f), 'utf8')).map((d) => d.toJS()));
}
