// src/exceptions/index.ts
var HttpError = class extends Error {
  /** HTTP status code sent for this error. */
  static status = 500;
  /** Exception name used in the message (kept explicit so minifiers cannot rename it). */
  static errorName = "HttpError";
  status;
  /** Item-level details (param failures); empty for plain errors. */
  errors;
  /** Extra response headers (e.g. `Allow` for 405). */
  headers;
  constructor(message = "", options = {}) {
    super(message, options.cause === void 0 ? void 0 : { cause: options.cause });
    const ctor = this.constructor;
    this.status = options.status ?? ctor.status;
    this.errors = options.errors ?? [];
    this.headers = options.headers ?? {};
    this.name = ctor.errorName;
  }
  /** The text fw sends: `<Name>: <message>` or just `<Name>`. */
  get fullMessage() {
    return this.message ? `${this.name}: ${this.message}` : this.name;
  }
};
function define(errorName, status) {
  const cls = class extends HttpError {
    static status = status;
    static errorName = errorName;
  };
  Object.defineProperty(cls, "name", { value: errorName });
  return cls;
}
var BadRequest = define("BadRequest", 400);
var Unauthorized = define("Unauthorized", 401);
var PaymentRequired = define("PaymentRequired", 402);
var PermissionDenied = define("PermissionDenied", 403);
var Forbidden = define("Forbidden", 403);
var NotFound = define("NotFound", 404);
var MethodNotAllowed = define("MethodNotAllowed", 405);
var NotAcceptable = define("NotAcceptable", 406);
var RequestTimeout = define("RequestTimeout", 408);
var Conflict = define("Conflict", 409);
var Gone = define("Gone", 410);
var LengthRequired = define("LengthRequired", 411);
var RequestEntityTooLarge = define("RequestEntityTooLarge", 413);
var UnsupportedMediaType = define("UnsupportedMediaType", 415);
var UnprocessableEntity = define("UnprocessableEntity", 422);
var TooManyRequests = define("TooManyRequests", 429);
var InternalServerError = define("InternalServerError", 500);
var NotImplemented = define("NotImplemented", 501);
var BadGateway = define("BadGateway", 502);
var ServiceUnavailable = define("ServiceUnavailable", 503);
var GatewayTimeout = define("GatewayTimeout", 504);
var ImproperlyConfigured = class extends Error {
  constructor(message) {
    super(message);
    this.name = "ImproperlyConfigured";
  }
};

// src/router/path.ts
function joinPath(...parts) {
  const segments = [];
  for (const part of parts) if (part) {
    for (const segment of part.split("/")) if (segment) segments.push(segment);
  }
  return `/${segments.join("/")}`;
}
var PARAM = /\{([^{}]*)\}/g;
function escapeRegex(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function encodeLiteral(text) {
  return escapeRegex(encodeURI(text));
}
function compilePath(template2, ruleOf) {
  const normalised = joinPath(template2);
  const segments = normalised.split("/").slice(1);
  if (!normalised.includes("{")) return { template: normalised, literal: normalised, names: [] };
  const names = [];
  const pieces = [];
  for (const segment of segments) {
    let source = "";
    let last = 0;
    let previousEnd = -1;
    let params = 0;
    for (const found of segment.matchAll(PARAM)) {
      const name = (found[1] ?? "").trim();
      const start = found.index ?? 0;
      if (!name) throw new ImproperlyConfigured(`route '${template2}': empty path param '{}'`);
      if (start === previousEnd) {
        throw new ImproperlyConfigured(`route '${template2}': path params '{${names.at(-1)}}{${name}}' need a literal between them`);
      }
      if (names.includes(name)) throw new ImproperlyConfigured(`route '${template2}': path param '{${name}}' appears twice`);
      source += encodeLiteral(segment.slice(last, start));
      source += ruleOf(name).match === "rest" ? "(.*)" : "([^/]+)";
      names.push(name);
      last = previousEnd = start + found[0].length;
      params++;
    }
    source += encodeLiteral(segment.slice(last));
    const lone = params === 1 && segment.startsWith("{") && segment.endsWith("}");
    pieces.push({ source, optionalParam: lone && ruleOf(names.at(-1)).optional });
  }
  let tail = "";
  let index = pieces.length;
  while (index > 0 && pieces[index - 1].optionalParam) {
    index--;
    tail = `(?:/${pieces[index].source}${tail})?`;
  }
  const head = pieces.slice(0, index).map((piece) => `/${piece.source}`).join("");
  return { template: normalised, regex: new RegExp(`^${head || "/?"}${tail}$`), names };
}

// src/router/router.ts
function literalPrefix(template2) {
  const out = [];
  for (const segment of template2.split("/").slice(1)) {
    if (segment.includes("{")) break;
    out.push(encodeURI(segment));
  }
  return out;
}
var Router = class {
  entries;
  #exact = /* @__PURE__ */ new Map();
  #root = { children: /* @__PURE__ */ new Map(), routes: [] };
  constructor(entries) {
    this.entries = entries;
    entries.forEach((entry, index) => {
      if (!entry.path.regex) return;
      let node = this.#root;
      for (const segment of literalPrefix(entry.path.template)) {
        let child = node.children.get(segment);
        if (!child) node.children.set(segment, child = { children: /* @__PURE__ */ new Map(), routes: [] });
        node = child;
      }
      node.routes.push({ index, entry });
    });
    const inherit = (node, above) => {
      const own = node.routes;
      node.routes = [...above, ...own].sort((a, b) => a.index - b.index);
      for (const child of node.children.values()) inherit(child, node.routes);
    };
    inherit(this.#root, []);
    for (const entry of entries) {
      const literal = entry.path.literal;
      if (literal !== void 0 && !this.#exact.has(literal)) this.#exact.set(literal, this.#scan(literal, entries));
    }
  }
  /** Resolve a request path (percent-encoded, no query, no trailing slash) for every method. */
  find(path) {
    return this.#exact.get(path) ?? this.#resolveDynamic(path);
  }
  /**
   * The first route (in declaration order) for `method` matching `path`, or
   * `undefined`; only that method's routes are tried. Same answer as
   * `find(path)?.byMethod.get(method)`.
   */
  match(path, method) {
    const exact = this.#exact.get(path);
    if (exact) return exact.byMethod.get(method);
    for (const { entry } of this.#candidates(path)) {
      if (entry.method !== method) continue;
      const found = entry.path.regex.exec(path);
      if (found) return { entry, values: found.slice(1) };
    }
    return void 0;
  }
  /** The routes with params that can match `path`: those on its walk down the literal-prefix trie. */
  #candidates(path) {
    let node = this.#root;
    let start = 1;
    while (start <= path.length) {
      let end = path.indexOf("/", start);
      if (end < 0) end = path.length;
      const child = node.children.get(path.slice(start, end));
      if (!child) break;
      node = child;
      start = end + 1;
    }
    return node.routes;
  }
  #resolveDynamic(path) {
    const found = this.#scan(path, this.#candidates(path).map((route) => route.entry));
    return found.allow.length ? found : void 0;
  }
  #scan(path, entries) {
    const byMethod = /* @__PURE__ */ new Map();
    for (const entry of entries) {
      if (byMethod.has(entry.method)) continue;
      if (entry.path.literal !== void 0) {
        if (entry.path.literal === path) byMethod.set(entry.method, { entry, values: [] });
        continue;
      }
      const found = entry.path.regex.exec(path);
      if (found) byMethod.set(entry.method, { entry, values: found.slice(1) });
    }
    return { byMethod, allow: [...byMethod.keys()] };
  }
};

// bench/check-router.ts
var seed = 12345;
var random = (n) => {
  seed = seed * 1103515245 + 12345 & 2147483647;
  return seed % n;
};
var pick = (list) => list[random(list.length)];
var METHODS = ["GET", "POST", "PUT"];
var LITERALS = ["a", "b", "users", "\xFC", "x.y"];
var PATH_SEGMENTS = ["a", "b", "users", "%C3%BC", "x.y", "1", "v2", "zz", ""];
function template() {
  const parts = [];
  const rules = {};
  const length = 1 + random(4);
  for (let i = 0; i < length; i++) {
    const kind = random(6);
    const name = `p${i}`;
    if (kind < 3) parts.push(pick(LITERALS));
    else if (kind === 3) parts.push(`v{${name}}`), rules[name] = { match: "segment", optional: false };
    else parts.push(`{${name}}`), rules[name] = { match: random(5) === 0 ? "rest" : "segment", optional: random(3) === 0 };
  }
  return { text: parts.join("/"), rules };
}
var checked = 0;
var matched = 0;
for (let round = 0; round < 300; round++) {
  const entries = [];
  for (let i = 0; i < 1 + random(30); i++) {
    const { text, rules } = template();
    entries.push({ method: pick(METHODS), path: compilePath(text, (name) => rules[name] ?? { match: "segment", optional: false }), data: i });
  }
  const router = new Router(entries);
  for (let p = 0; p < 60; p++) {
    const segments = Array.from({ length: 1 + random(4) }, () => pick(PATH_SEGMENTS));
    let path = `/${segments.join("/")}`;
    if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
    for (const method of METHODS) {
      let expected;
      let values = [];
      for (const entry of entries) {
        if (entry.method !== method) continue;
        if (entry.path.literal !== void 0 ? entry.path.literal === path : entry.path.regex?.test(path)) {
          expected = entry;
          values = entry.path.regex ? entry.path.regex.exec(path).slice(1) : [];
          break;
        }
      }
      const got = router.match(path, method);
      const viaFind = router.find(path)?.byMethod.get(method);
      for (const [how, result] of [["match", got], ["find", viaFind]]) {
        if (result?.entry !== expected || JSON.stringify(result?.values ?? []) !== JSON.stringify(expected ? values : [])) {
          throw new Error(`router ${how} mismatch for ${method} ${path}: got ${result?.entry.path.template}, expected ${expected?.path.template}
${entries.map((e) => `${e.method} ${e.path.template}`).join("\n")}`);
        }
      }
      checked++;
      if (expected) matched++;
    }
  }
}
console.log(`router check: ${checked} lookups (${matched} matching a route) agree with the declaration-order scan`);
if (matched < checked / 10) throw new Error("router check: too few matching lookups to mean anything");
