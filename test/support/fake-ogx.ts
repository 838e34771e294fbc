/**
 * A fake OGX server for the verification script's tests: a Node http server on 127.0.0.1 (a free
 * port), started per test, answering the routes the script calls the way the release does (see
 * data/targets/<id>/routes.json), and failing them on purpose through `answer`. It records every
 * request, and closes by itself after `lifetimeMs` if a test forgets to.
 */
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import { AddressInfo } from 'net';
import * as os from 'os';
import * as path from 'path';

export interface FakeRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization?: string;
  readonly body: any;
}

/** An answer: JSON `body` (or `raw` text), a status, headers; `hang` never answers. */
export interface FakeAnswer {
  readonly status?: number;
  readonly body?: unknown;
  readonly raw?: string;
  readonly headers?: { [key: string]: string };
  readonly hang?: boolean;
}

/** A test's override: an answer for a request, or undefined for the good server's answer. */
export type FakeHandler = (req: FakeRequest) => FakeAnswer | undefined;

export interface FakeModel {
  readonly id: string;
  readonly providerId: string;
  readonly type: string;
  /** The dimension of the embeddings the fake answers (embedding models). */
  readonly dimension?: number;
}

export interface FakeOgx {
  readonly url: string;
  readonly port: number;
  readonly requests: FakeRequest[];
  close(): Promise<void>;
}

/** The good server: health OK, the models listed, embeddings of their dimension, a completion, a vector store. */
function goodAnswer(req: FakeRequest, models: readonly FakeModel[]): FakeAnswer {
  const key = `${req.method} ${req.path}`;
  if (key === 'GET /v1/health') return { body: { status: 'OK' } };
  if (key === 'GET /v1/models') {
    return {
      body: {
        object: 'list',
        data: models.map((m) => ({
          id: m.id,
          object: 'model',
          created: 1,
          owned_by: 'ogx',
          custom_metadata: { model_type: m.type, provider_id: m.providerId, provider_resource_id: m.id.split('/').slice(1).join('/'), ...(m.dimension ? { embedding_dimension: m.dimension } : {}) },
        })),
      },
    };
  }
  if (key === 'POST /v1/embeddings') {
    const m = models.find((x) => x.id === req.body?.model);
    if (!m) return { status: 404, body: { error: { message: `Model '${String(req.body?.model)}' not found.` } } };
    return { body: { object: 'list', data: [{ object: 'embedding', embedding: Array(m.dimension ?? 0).fill(0.5), index: 0 }], model: m.id, usage: { prompt_tokens: 2, total_tokens: 2 } } };
  }
  if (key === 'POST /v1/chat/completions') {
    return { body: { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: req.body?.model, choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'OK' } }] } };
  }
  if (key === 'POST /v1/vector_stores') {
    return { body: { id: 'vs_fake1', object: 'vector_store', created_at: 1, name: req.body?.name, usage_bytes: 0, file_counts: { completed: 0, cancelled: 0, failed: 0, in_progress: 0, total: 0 }, status: 'completed', metadata: {} } };
  }
  if (key === 'DELETE /v1/vector_stores/vs_fake1') return { body: { id: 'vs_fake1', object: 'vector_store.deleted', deleted: true } };
  return { status: 404, body: { detail: 'Not Found' } };
}

export async function startFakeOgx(models: readonly FakeModel[], handler: FakeHandler = () => undefined, lifetimeMs = 30_000): Promise<FakeOgx> {
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: any;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = text;
      }
      const r: FakeRequest = { method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, body };
      requests.push(r);
      const a = handler(r) ?? goodAnswer(r, models);
      if (a.hang) return;
      const payload = a.raw ?? JSON.stringify(a.body ?? {});
      res.writeHead(a.status ?? 200, { 'Content-Type': a.raw !== undefined ? 'text/plain' : 'application/json', ...a.headers });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
    return closed;
  };
  setTimeout(() => void close(), lifetimeMs).unref();
  return { url: `http://127.0.0.1:${port}`, port, requests, close };
}

/** A port on 127.0.0.1 where nothing listens (bound, then closed). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ScriptRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly lines: string[];
}

export const SCRIPT = path.join(__dirname, '..', '..', 'data', 'verify', 'ogx_verify.py');

/** Runs the script with python3 on a plan (written to a temp file), with only PATH and `env` set; killed after 20 s. */
export async function runScript(plan: unknown, env: { [key: string]: string } = {}, args?: string[]): Promise<ScriptRun> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ogx-verify-'));
  const file = path.join(dir, 'plan.json');
  fs.writeFileSync(file, typeof plan === 'string' ? plan : JSON.stringify(plan));
  try {
    return await new Promise<ScriptRun>((resolve) => {
      execFile('python3', [SCRIPT, ...(args ?? [file])], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, timeout: 20_000 }, (err, stdout, stderr) => {
        const code = err ? (typeof (err as any).code === 'number' ? (err as any).code : null) : 0;
        resolve({ code, stdout, stderr, lines: stdout.split('\n').filter((l) => l !== '') });
      });
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
