/**
 * What the guides say the defaults are, against the code's constants: the default target and its
 * image tag, the memory request and limit, the OpenShift Route timeout. A guide that states an old
 * default (OGX 0.8 after the default moved to 1.3) fails here.
 */
import * as fs from 'fs';
import * as path from 'path';
import { DEFAULT_TARGET } from '../../src/releases/server-target';
import { DEFAULT_ROUTE_TIMEOUT } from '../../src/values/expose';
import { MEMORY_LIMIT_GI_PER_WORKER, MEMORY_REQUEST_GI_PER_WORKER } from '../../src/workload/container-resources';

const ROOT = path.join(__dirname, '..', '..');
const GUIDES = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const TEXT = GUIDES.map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/\s+/g, ' ') }));

/** Every capture of `re` in the guides, as `file: value`. */
function claims(re: RegExp): { file: string; value: string }[] {
  const out: { file: string; value: string }[] = [];
  for (const { file, text } of TEXT) for (const m of text.matchAll(re)) out.push({ file, value: m[1] });
  return out;
}

const line = /^(\d+\.\d+)/.exec(DEFAULT_TARGET.release!)![1];

test('the default target: "OGX X by default", "default: OGX X", "the default target (OGX X"', () => {
  const found = [
    ...claims(/OGX (\d+\.\d+)(?:\.\d+)? by default/g),
    ...claims(/default: OGX (\d+\.\d+)/g),
    ...claims(/default target \(OGX (\d+\.\d+)/g),
    ...claims(/default OGX (\d+\.\d+)/g),
  ];
  expect(found.length).toBeGreaterThanOrEqual(4);
  expect(found.filter((c) => c.value !== line)).toEqual([]);
});

test('the default image tag: a starter image named as the default or pinned by a default', () => {
  const found = claims(/default.{0,80}?distribution-starter:(\d[\w.]*\w)/g);
  expect(found.length).toBeGreaterThanOrEqual(1);
  expect(found.filter((c) => c.value !== DEFAULT_TARGET.imageTag)).toEqual([]);
});

test('the memory request and limit', () => {
  const request = [...claims(/asks (\d+)Gi/g), ...claims(/asks for (\d+)Gi of memory/g)];
  const limit = [...claims(/limit (\d+)Gi per worker/g), ...claims(/may use (\d+)Gi/g)];
  expect(request.length).toBeGreaterThanOrEqual(1);
  expect(limit.length).toBeGreaterThanOrEqual(1);
  expect(request.filter((c) => c.value !== String(MEMORY_REQUEST_GI_PER_WORKER))).toEqual([]);
  expect(limit.filter((c) => c.value !== String(MEMORY_LIMIT_GI_PER_WORKER))).toEqual([]);
});

test('the Route timeout', () => {
  const found = [...claims(/routeTimeout` \(default `([^`]+)`\)/g), ...claims(/haproxy\.router\.openshift\.io\/timeout: (\d+[a-z]+)/g)];
  expect(found.length).toBeGreaterThanOrEqual(1);
  expect(found.filter((c) => c.value !== DEFAULT_ROUTE_TIMEOUT)).toEqual([]);
});
