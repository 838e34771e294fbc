/**
 * Every example app synthesizes, and every object it writes passes the Kubernetes schemas.
 * The apps run in a scratch directory (they write dist/examples/<app>/ relative to the cwd).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as YAML from 'yaml';
import { schemaErrors } from './support/k8s-schema';

const EXAMPLES = path.join(__dirname, '..', 'examples');
const apps = fs.readdirSync(EXAMPLES).filter((d) => fs.existsSync(path.join(EXAMPLES, d, 'main.ts'))).sort();

function synthApp(app: string): any[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `example-${app}-`));
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(path.join(EXAMPLES, app, 'main.ts'));
    });
  } finally {
    process.chdir(cwd);
  }
  const out = path.join(dir, 'dist', 'examples', app);
  return fs.readdirSync(out).filter((f) => f.endsWith('.k8s.yaml')).sort()
    .flatMap((f) => YAML.parseAllDocuments(fs.readFileSync(path.join(out, f), 'utf8')).map((d) => d.toJS()));
}

test('there are a minimal and a production example', () => {
  expect(apps).toEqual(['minimal', 'production']);
});

test.each(apps)('%s synthesizes valid objects', (app) => {
  const manifests = synthApp(app);
  expect(manifests.length).toBeGreaterThanOrEqual(4);
  expect(schemaErrors(manifests)).toEqual([]);
  expect(manifests.filter((m) => m.kind === 'Deployment')).toHaveLength(1);
});

test('the minimal example is under 15 lines of user code', () => {
  const code = fs.readFileSync(path.join(EXAMPLES, 'minimal', 'main.ts'), 'utf8')
    .split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('//') && !l.startsWith('import'));
  expect(code.length).toBeLessThan(15);
});

test('the production example has every object kind', () => {
  expect(synthApp('production').map((m) => m.kind)).toEqual([
    'ConfigMap', 'ServiceAccount', 'Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy', 'Ingress',
  ]);
});
