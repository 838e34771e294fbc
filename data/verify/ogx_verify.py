#!/usr/bin/env python3
"""
Checks a deployed OGX (Llama Stack) server end to end, after each sync, from a Job that runs in
the server's own image: Python's standard library only (3.9 or later; the images ship 3.12).

    python3 ogx_verify.py plan.json        (or the plan's path in OGX_VERIFY_PLAN)

The plan (JSON, written by cdk8s-llama-stack; docs/verify.md) names the Service URL, the routes
of the release, the auth, the registered models, the remote providers and the options. The
checks run in groups, in order: health, auth, models, embeddings, completion, vector-store. Each
check prints one line (PASS, FAIL or SKIP); the first group with a failure stops the run. The
last line is RESULT. Exit status: 0 all passed, 1 a check failed, 2 the plan is unreadable,
3 a bug in this script. No stack trace is printed, and the token never is: every line is
scrubbed of it before it is written.
"""
import base64
import http.client
import json
import os
import socket
import ssl
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

PLAN_VERSION = 1
SERVICE_ACCOUNT_TOKEN = "/var/run/secrets/kubernetes.io/serviceaccount/token"
DEFAULT_ROUTES = {
    "health": "/v1/health",
    "models": "/v1/models",
    "embeddings": "/v1/embeddings",
    "chatCompletions": "/v1/chat/completions",
    "vectorStores": "/v1/vector_stores",
    "vectorStore": "/v1/vector_stores/{vector_store_id}",
}
GROUPS = ("health", "auth", "models", "embeddings", "completion", "vector-store")
MAX_BODY = 8 * 1024 * 1024
DETAIL_MAX = 200
LISTED_MAX = 10
POLL_SECONDS = 2


class PlanError(Exception):
    """The plan cannot be used (exit 2)."""


class Output:
    """One line per check, scrubbed of every secret the run holds."""

    def __init__(self):
        self.secrets = []
        self.passed = 0

    def line(self, text):
        for secret in self.secrets:
            text = text.replace(secret, "<redacted>")
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


OUT = Output()


def one_line(text, limit=DETAIL_MAX):
    """Control characters as spaces, runs of spaces as one, at most `limit` characters."""
    text = "".join(c if c.isprintable() else " " for c in str(text))
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def public_url(url):
    """A URL without user info, query or fragment (where credentials hide)."""
    try:
        parts = urllib.parse.urlsplit(url)
        host = parts.hostname or ""
        if ":" in host:
            host = f"[{host}]"
        netloc = host + (f":{parts.port}" if parts.port else "")
        return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, "", ""))
    except ValueError:
        return "<an unreadable URL>"


def host_port(url):
    parts = urllib.parse.urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return parts.hostname or "", port


# ------------------------------------------------------------------------------------------------
# HTTP: one request, its outcome as data (an answer, or the cause of no answer).


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Redirects are answers to report, not to follow."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


class Answer:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body

    def json(self):
        try:
            return json.loads(self.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return NOT_JSON

    def detail(self):
        """The server's error message (OGX: {"error": {"message"}}; FastAPI: {"detail"}), one line."""
        data = self.json()
        if isinstance(data, dict):
            err = data.get("error")
            if isinstance(err, dict) and err.get("message") is not None:
                return one_line(err["message"] if isinstance(err["message"], str) else json.dumps(err["message"]))
            if data.get("detail") is not None:
                return one_line(data["detail"] if isinstance(data["detail"], str) else json.dumps(data["detail"]))
        text = self.body[:DETAIL_MAX].decode("utf-8", "replace")
        return one_line(text) if text.strip() else "(empty body)"


NOT_JSON = object()


class NoAnswer:
    """The request got no HTTP answer: `kind` is dns, refused, timeout, tls or network."""

    def __init__(self, kind, cause):
        self.kind = kind
        self.cause = cause


class Client:
    def __init__(self, timeout, ca_file):
        self.timeout = timeout
        context = ssl.create_default_context(cafile=ca_file) if ca_file else ssl.create_default_context()
        # No proxies (the Service is in the cluster), no redirects.
        self.opener = urllib.request.build_opener(
            urllib.request.ProxyHandler({}), NoRedirect(), urllib.request.HTTPSHandler(context=context)
        )

    def request(self, method, url, body=None, token=None):
        headers = {"Accept": "application/json", "User-Agent": "ogx-verify/1"}
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = "Bearer " + token
        req = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with self.opener.open(req, timeout=self.timeout) as resp:
                return Answer(resp.status, resp.headers, resp.read(MAX_BODY))
        except urllib.error.HTTPError as e:
            try:
                content = e.read(MAX_BODY)
            except (OSError, http.client.HTTPException):
                content = b""
            return Answer(e.code, e.headers, content)
        except urllib.error.URLError as e:
            return self.no_answer(url, e.reason)
        except (OSError, http.client.HTTPException) as e:
            return self.no_answer(url, e)

    def no_answer(self, url, reason):
        host, port = host_port(url)
        if isinstance(reason, socket.gaierror):
            return NoAnswer("dns", f"DNS: the name {host} does not resolve")
        if isinstance(reason, ConnectionRefusedError):
            return NoAnswer("refused", f"connection refused by {host}:{port} (nothing listens there)")
        if isinstance(reason, (socket.timeout, TimeoutError)):
            return NoAnswer("timeout", f"no answer from {host}:{port} within {fmt_seconds(self.timeout)} s (timeout)")
        if isinstance(reason, ssl.SSLCertVerificationError):
            return NoAnswer("tls", f"TLS: the certificate of {host} is not trusted ({one_line(reason.verify_message)})")
        if isinstance(reason, ssl.SSLError):
            return NoAnswer("tls", f"TLS: the handshake with {host}:{port} failed ({one_line(reason.reason or reason)})")
        if isinstance(reason, ConnectionResetError):
            return NoAnswer("network", f"the connection to {host}:{port} was reset")
        if isinstance(reason, http.client.RemoteDisconnected):
            return NoAnswer("network", f"{host}:{port} closed the connection without an HTTP answer")
        if isinstance(reason, http.client.HTTPException):
            return NoAnswer("network", f"{host}:{port} did not answer in HTTP ({type(reason).__name__})")
        if isinstance(reason, OSError) and reason.strerror:
            return NoAnswer("network", f"network error reaching {host}:{port}: {one_line(reason.strerror)}")
        return NoAnswer("network", f"network error reaching {host}:{port}: {one_line(reason)}")


def fmt_seconds(value):
    return str(int(value)) if float(value).is_integer() else str(value)


# ------------------------------------------------------------------------------------------------
# The plan.


def read_plan(argv):
    path = argv[1] if len(argv) > 1 else os.environ.get("OGX_VERIFY_PLAN", "")
    if not path:
        raise PlanError("no plan: pass its path (python3 ogx_verify.py plan.json) or set OGX_VERIFY_PLAN")
    try:
        with open(path, encoding="utf-8") as f:
            plan = json.load(f)
    except OSError as e:
        raise PlanError(f"{path}: cannot be read ({one_line(e.strerror or e)})")
    except ValueError as e:
        raise PlanError(f"{path}: not JSON ({one_line(e)})")
    if not isinstance(plan, dict):
        raise PlanError(f"{path}: not a JSON object")
    if plan.get("planVersion") != PLAN_VERSION:
        raise PlanError(f"{path}: planVersion {json.dumps(plan.get('planVersion'))} is not {PLAN_VERSION}")
    base = plan.get("baseUrl")
    if not isinstance(base, str) or urllib.parse.urlsplit(base).scheme not in ("http", "https"):
        raise PlanError(f"{path}: baseUrl must be an http:// or https:// URL")
    for key in ("models", "providers"):
        if not isinstance(plan.get(key, []), list) or not all(isinstance(x, dict) for x in plan.get(key, [])):
            raise PlanError(f"{path}: {key} must be a list of objects")
    for i, m in enumerate(plan.get("models", [])):
        if not isinstance(m.get("id"), str) or m.get("type") not in ("llm", "embedding", "rerank"):
            raise PlanError(f"{path}: models[{i}] needs an id and a type (llm, embedding or rerank)")
        if m["type"] == "embedding" and not isinstance(m.get("embeddingDimension"), int):
            raise PlanError(f"{path}: models[{i}] ({m['id']}) is an embedding model without embeddingDimension")
    for key in ("routes", "auth", "options"):
        if not isinstance(plan.get(key, {}), dict):
            raise PlanError(f"{path}: {key} must be an object")
    for key, low in (("timeoutSeconds", 0), ("readyWaitSeconds", -1)):
        value = plan.get("options", {}).get(key, 1)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= low:
            raise PlanError(f"{path}: options.{key} must be a {'positive' if low == 0 else 'non-negative'} number")
    return plan


class Run:
    def __init__(self, plan):
        self.plan = plan
        self.base = plan["baseUrl"].rstrip("/")
        self.routes = dict(DEFAULT_ROUTES, **plan.get("routes", {}))
        self.options = plan.get("options", {})
        self.auth = plan.get("auth", {"mode": "none"})
        self.client = Client(self.options.get("timeoutSeconds", 30), plan.get("caFile"))
        self.providers = {p.get("id"): p for p in plan.get("providers", [])}
        self.token = None
        self.listed = {}

    # --- lines ---

    def passed(self, group, text):
        OUT.passed += 1
        OUT.line(f"PASS {group}: {text}")

    def failed(self, group, text):
        OUT.line(f"FAIL {group}: {text}")
        return False

    def skipped(self, group, text):
        OUT.line(f"SKIP {group}: {text}")

    # --- requests to the server ---

    def call(self, method, route, body=None, params=None):
        path = self.routes[route]
        for key, value in (params or {}).items():
            path = path.replace("{" + key + "}", urllib.parse.quote(value, safe=""))
        token = None if route == "health" else self.token
        return path, self.client.request(method, self.base + path, body, token)

    def auth_description(self):
        return one_line(self.auth.get("describe") or self.auth.get("mode", "none"), 120)

    def server_problem(self, method, path, outcome):
        """Why a request to the server failed, in one line (no answer, a redirect, an error status)."""
        if isinstance(outcome, NoAnswer):
            hints = {
                "dns": " (is the Service's name and namespace in the plan right?)",
                "refused": " (is the server's pod ready, and is the Service's port right?)",
                "timeout": " (a NetworkPolicy may drop the Job's traffic: admit it to the server's port)",
            }
            return f"{method} {public_url(self.base + path)}: {outcome.cause}{hints.get(outcome.kind, '')}"
        status = outcome.status
        where = f"{method} {path}"
        if 300 <= status < 400:
            location = outcome.headers.get("Location") if outcome.headers else None
            to = f" to {public_url(urllib.parse.urljoin(self.base + path, location))}" if location else ""
            return (f"{where} answered {status}, a redirect{to}: the check talks to the Service directly "
                    "(a proxy or a login page in front of the server?)")
        if status == 401:
            if self.auth.get("mode", "none") == "none":
                return f"{where} answered 401: the server requires a token and the plan sends none (set the verification's auth)"
            return f"{where} answered 401: the server refused the Job's token ({self.auth_description()})"
        if status == 403:
            return f"{where} answered 403: the server's access policy denies the Job's identity ({self.auth_description()})"
        if status == 404 and (outcome.json() is NOT_JSON or outcome.detail() == "Not Found"):
            # FastAPI's answer for a path no router serves (OGX's own 404s carry a message).
            return f"{where} answered 404: the server does not serve this route (is its API enabled, and is the target release right?)"
        return f"{where} answered {status}: \"{outcome.detail()}\""

    def json_of(self, method, path, outcome):
        """The answer's JSON when it is a 2xx JSON object, else (None, why)."""
        if isinstance(outcome, NoAnswer) or not 200 <= outcome.status < 300:
            return None, self.server_problem(method, path, outcome)
        data = outcome.json()
        if data is NOT_JSON:
            return None, f"{method} {path} answered {outcome.status} with a body that is not JSON: \"{outcome.detail()}\""
        if not isinstance(data, dict):
            return None, f"{method} {path} answered {outcome.status} with JSON that is not an object"
        return data, None

    # --- groups ---

    def health(self):
        wait = self.options.get("readyWaitSeconds", 0)
        deadline = time.monotonic() + wait
        while True:
            path, outcome = self.call("GET", "health")
            retry = isinstance(outcome, NoAnswer) or outcome.status in (502, 503, 504)
            if not retry or time.monotonic() >= deadline:
                break
            time.sleep(max(0.0, min(POLL_SECONDS, deadline - time.monotonic())))
        data, why = self.json_of("GET", path, outcome)
        if data is None:
            waited = f" (after waiting up to {fmt_seconds(wait)} s for the server)" if wait and retry else ""
            return self.failed("health", why + waited)
        status = data.get("status")
        if status != "OK":
            return self.failed("health", f"GET {path}: status {json.dumps(status)} (the server reports itself unhealthy: see its log)")
        self.passed("health", f"GET {path}: status OK")
        return True

    def load_token(self):
        mode = self.auth.get("mode", "none")
        if mode == "none":
            self.skipped("auth", "the plan sends no token")
            return True
        if mode not in ("bearer", "serviceAccount"):
            return self.failed("auth", f"unknown auth mode {json.dumps(mode)} (none, bearer or serviceAccount)")
        env = self.auth.get("tokenEnv")
        if env:
            token = os.environ.get(env, "").strip()
            if not token:
                return self.failed("auth", f"the env var {env} is unset or empty ({self.auth_description()})")
            where = f"env var {env}"
        else:
            path = self.auth.get("tokenFile") or (SERVICE_ACCOUNT_TOKEN if mode == "serviceAccount" else None)
            if not path:
                return self.failed("auth", "the plan names neither tokenEnv nor tokenFile")
            try:
                with open(path, encoding="utf-8") as f:
                    token = f.read().strip()
            except OSError as e:
                hint = " (is automountServiceAccountToken off?)" if mode == "serviceAccount" else ""
                return self.failed("auth", f"the token file {path} cannot be read ({one_line(e.strerror or e)}){hint}")
            if not token:
                return self.failed("auth", f"the token file {path} is empty")
            where = f"file {path}"
        self.token = token
        OUT.secrets.append(token)
        self.passed("auth", f"a token read from the {where} ({self.auth_description()})")
        return True

    def models(self):
        if self.routes.get("models") is None:
            self.skipped("models", "the server serves no inference API")
            return True
        path, outcome = self.call("GET", "models")
        data, why = self.json_of("GET", path, outcome)
        if data is None:
            return self.failed("models", why)
        listed = data.get("data")
        if not isinstance(listed, list):
            return self.failed("models", f"GET {path}: the answer has no \"data\" list")
        self.listed = {m["id"]: m for m in listed if isinstance(m, dict) and isinstance(m.get("id"), str)}
        wanted = self.plan.get("models", [])
        if not wanted:
            self.passed("models", f"GET {path} answered ({len(self.listed)} listed; the plan registers none)")
            return True
        ok = True
        for m in wanted:
            found = self.listed.get(m["id"])
            if found is None:
                ids = sorted(self.listed)
                shown = ", ".join(ids[:LISTED_MAX]) + (f", and {len(ids) - LISTED_MAX} more" if len(ids) > LISTED_MAX else "")
                ok = self.failed("models", f"{m['id']} is not listed by GET {path} (it lists {shown or 'no model'})")
                continue
            meta = found.get("custom_metadata") if isinstance(found.get("custom_metadata"), dict) else {}
            provider, kind = meta.get("provider_id"), meta.get("model_type")
            if m.get("providerId") and provider not in (None, m["providerId"]):
                ok = self.failed("models", f"{m['id']} is listed on provider {provider}, registered on {m['providerId']}")
            elif kind not in (None, m["type"]):
                ok = self.failed("models", f"{m['id']} is listed as {kind}, registered as {m['type']}")
            else:
                on = f", provider {m['providerId']}" if m.get("providerId") else ""
                self.passed("models", f"{m['id']} is listed ({m['type']}{on})")
        return ok

    def model_call(self, group, model, route, body):
        """POST a model's request: (path, the JSON answer), or (path, None) once its FAIL line is printed."""
        path, outcome = self.call("POST", route, body)
        data, why = self.json_of("POST", path, outcome)
        if data is not None:
            return path, data
        if isinstance(outcome, NoAnswer) or not 200 <= outcome.status < 300:
            self.failed(group, self.model_problem(model, "POST", path, outcome))
        else:
            self.failed(group, f"{model['id']}: {why}")
        return path, None

    def model_problem(self, model, method, path, outcome):
        """A model call's failure, with the likely cause at its remote provider when it has one."""
        why = self.server_problem(method, path, outcome)
        provider = self.providers.get(model.get("providerId"))
        if isinstance(outcome, NoAnswer) or not provider or not provider.get("endpoint"):
            return f"{model['id']}: {why}"
        endpoint = provider["endpoint"]
        name = f"provider {provider.get('id')} ({public_url(endpoint)})"
        detail = outcome.detail()
        status = outcome.status
        if f"Error code: {status}" in detail:
            # The provider's own status, passed through by the server (openai's APIStatusError).
            why = f"{method} {path} answered {status}: \"{detail}\""
        if status in (401, 403) and f"Error code: {status}" in detail:
            return f"{model['id']}: {why}; {name} refused the server's credentials ({status}): check the API key the server passes to it"
        if status == 404 and "Error code: 404" in detail and not has_v1(endpoint):
            return f"{model['id']}: {why}; {name} answered 404: its base URL has no /v1 (try {public_url(v1_of(endpoint))})"
        if status == 404 and "Error code: 404" in detail:
            return f"{model['id']}: {why}; {name} answered 404: does it serve this model?"
        if status >= 500 and self.options.get("probeProviders", True):
            return f"{model['id']}: {why}; {name}: {self.probe(endpoint)}"
        return f"{model['id']}: {why}"

    def probe(self, endpoint):
        """What the provider's endpoint answers the Job (GET <endpoint>/models, no credentials)."""
        url = endpoint.rstrip("/") + "/models"
        outcome = self.client.request("GET", url)
        if isinstance(outcome, NoAnswer):
            return outcome.cause
        if outcome.status == 404 and not has_v1(endpoint):
            return f"GET {public_url(url)} answered 404: its base URL has no /v1 (try {public_url(v1_of(endpoint))})"
        if outcome.status == 404:
            return f"GET {public_url(url)} answered 404: is the base URL right?"
        if outcome.status in (401, 403):
            return (f"it answers the Job ({outcome.status} without credentials): check the API key the server passes "
                    "to it, and the server's egress (NetworkPolicy)")
        if 200 <= outcome.status < 300:
            return "it answers the Job, so the server fails to reach or use it: check the server's egress (NetworkPolicy) and its log"
        return f"GET {public_url(url)} answered {outcome.status}: \"{outcome.detail()}\""

    def embeddings(self):
        wanted = [m for m in self.plan.get("models", []) if m["type"] == "embedding"]
        if not wanted:
            self.skipped("embeddings", "the plan registers no embedding model")
            return True
        ok = True
        for m in wanted:
            body = {"model": m["id"], "input": "ogx verification", "encoding_format": "float"}
            path, data = self.model_call("embeddings", m, "embeddings", body)
            if data is None:
                ok = False
                continue
            size = embedding_size(data)
            if size is None:
                ok = self.failed("embeddings", f"{m['id']}: POST {path}: the answer has no data[0].embedding")
            elif size != m["embeddingDimension"]:
                ok = self.failed("embeddings", f"{m['id']} answered {size} dimensions, registered {m['embeddingDimension']} "
                                 "(register the dimension the model serves)")
            else:
                self.passed("embeddings", f"{m['id']} answered {size} dimensions")
        return ok

    def completion(self):
        if not self.options.get("llmCompletion", False):
            self.skipped("completion", "off in the plan")
            return True
        wanted = [m for m in self.plan.get("models", []) if m["type"] == "llm"]
        if not wanted:
            self.skipped("completion", "the plan registers no LLM")
            return True
        ok = True
        for m in wanted:
            body = {"model": m["id"], "messages": [{"role": "user", "content": "Reply with OK."}], "max_tokens": 16, "stream": False}
            path, data = self.model_call("completion", m, "chatCompletions", body)
            if data is None:
                ok = False
                continue
            choices = data.get("choices")
            if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict) or not isinstance(choices[0].get("message"), dict):
                ok = self.failed("completion", f"{m['id']}: POST {path}: the answer has no choices[0].message")
            else:
                self.passed("completion", f"{m['id']} answered a chat completion")
        return ok

    def vector_store(self):
        opts = self.options.get("vectorStore")
        if opts is None or opts is False:
            self.skipped("vector-store", "off in the plan")
            return True
        # true, or the store's settings ({} when the server's defaults are used)
        opts = opts if isinstance(opts, dict) else {}
        body = {"name": f"ogx-verify-{self.plan.get('server', {}).get('name', 'server')}", "metadata": {"created_by": "ogx-verify"}}
        for key, field in (("providerId", "provider_id"), ("embeddingModel", "embedding_model"), ("embeddingDimension", "embedding_dimension")):
            if opts.get(key) is not None:
                body[field] = opts[key]
        path, outcome = self.call("POST", "vectorStores", body)
        data, why = self.json_of("POST", path, outcome)
        if data is None:
            return self.failed("vector-store", why)
        store = data.get("id")
        if not isinstance(store, str) or not store:
            return self.failed("vector-store", f"POST {path}: the answer has no id")
        on = f"provider {opts['providerId']}" if opts.get("providerId") else "the server's default provider"
        self.passed("vector-store", f"created {one_line(store, 80)} ({on})")
        path, outcome = self.call("DELETE", "vectorStore", params={"vector_store_id": store})
        data, why = self.json_of("DELETE", path, outcome)
        if data is None:
            return self.failed("vector-store", f"{why} (delete {one_line(store, 80)} by hand)")
        if data.get("deleted") is not True:
            return self.failed("vector-store", f"DELETE {path}: the answer does not say deleted: true (delete {one_line(store, 80)} by hand)")
        self.passed("vector-store", f"deleted {one_line(store, 80)}")
        return True

    def run(self):
        steps = (self.health, self.load_token, self.models, self.embeddings, self.completion, self.vector_store)
        for i, step in enumerate(steps):
            if not step():
                rest = ", ".join(GROUPS[i + 1:])
                OUT.line(f"RESULT fail: the {GROUPS[i]} checks failed" + (f"; not run: {rest}" if rest else ""))
                return 1
        OUT.line(f"RESULT pass: {OUT.passed} checks passed")
        return 0


def has_v1(endpoint):
    path = urllib.parse.urlsplit(endpoint).path.rstrip("/")
    return path.endswith("/v1") or "/v1/" in path + "/"


def v1_of(endpoint):
    return endpoint.rstrip("/") + "/v1"


def embedding_size(data):
    items = data.get("data")
    if not isinstance(items, list) or not items or not isinstance(items[0], dict):
        return None
    vector = items[0].get("embedding")
    if isinstance(vector, list):
        return len(vector)
    if isinstance(vector, str):  # base64 of little-endian float32 values
        try:
            return len(base64.b64decode(vector, validate=True)) // 4
        except ValueError:
            return None
    return None


def main(argv):
    try:
        try:
            plan = read_plan(argv)
        except PlanError as e:
            OUT.line(f"FAIL plan: {e}")
            OUT.line("RESULT fail: the plan is unusable; no check ran")
            return 2
        return Run(plan).run()
    except KeyboardInterrupt:
        OUT.line("RESULT fail: interrupted")
        return 1
    except Exception as e:  # never a stack trace: one line that names the bug
        OUT.line(f"FAIL internal: {type(e).__name__} in the verification script (please report it)")
        OUT.line("RESULT fail: the verification script failed")
        return 3


if __name__ == "__main__":
    try:
        sys.stdout.reconfigure(errors="backslashreplace")
    except AttributeError:
        pass
    sys.exit(main(sys.argv))
