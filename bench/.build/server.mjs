var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __knownSymbol = (name2, symbol) => (symbol = Symbol[name2]) ? symbol : /* @__PURE__ */ Symbol.for("Symbol." + name2);
var __typeError = (msg) => {
  throw TypeError(msg);
};
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __name = (target, value) => __defProp(target, "name", { value, configurable: true });
var __esm = (fn, res) => function __init() {
  return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
};
var __export = (target, all) => {
  for (var name2 in all)
    __defProp(target, name2, { get: all[name2], enumerable: true });
};
var __decoratorStart = (base) => [, , , __create(base?.[__knownSymbol("metadata")] ?? null)];
var __decoratorStrings = ["class", "method", "getter", "setter", "accessor", "field", "value", "get", "set"];
var __expectFn = (fn) => fn !== void 0 && typeof fn !== "function" ? __typeError("Function expected") : fn;
var __decoratorContext = (kind, name2, done, metadata, fns) => ({ kind: __decoratorStrings[kind], name: name2, metadata, addInitializer: (fn) => done._ ? __typeError("Already initialized") : fns.push(__expectFn(fn || null)) });
var __decoratorMetadata = (array2, target) => __defNormalProp(target, __knownSymbol("metadata"), array2[3]);
var __runInitializers = (array2, flags, self, value) => {
  for (var i = 0, fns = array2[flags >> 1], n = fns && fns.length; i < n; i++) flags & 1 ? fns[i].call(self) : value = fns[i].call(self, value);
  return value;
};
var __decorateElement = (array2, flags, name2, decorators, target, extra) => {
  var fn, it, done, ctx, access, k = flags & 7, s = !!(flags & 8), p = !!(flags & 16);
  var j = k > 3 ? array2.length + 1 : k ? s ? 1 : 2 : 0, key = __decoratorStrings[k + 5];
  var initializers = k > 3 && (array2[j - 1] = []), extraInitializers = array2[j] || (array2[j] = []);
  var desc = k && (!p && !s && (target = target.prototype), k < 5 && (k > 3 || !p) && __getOwnPropDesc(k < 4 ? target : { get [name2]() {
    return __privateGet(this, extra);
  }, set [name2](x) {
    return __privateSet(this, extra, x);
  } }, name2));
  k ? p && k < 4 && __name(extra, (k > 2 ? "set " : k > 1 ? "get " : "") + name2) : __name(target, name2);
  for (var i = decorators.length - 1; i >= 0; i--) {
    ctx = __decoratorContext(k, name2, done = {}, array2[3], extraInitializers);
    if (k) {
      ctx.static = s, ctx.private = p, access = ctx.access = { has: p ? (x) => __privateIn(target, x) : (x) => name2 in x };
      if (k ^ 3) access.get = p ? (x) => (k ^ 1 ? __privateGet : __privateMethod)(x, target, k ^ 4 ? extra : desc.get) : (x) => x[name2];
      if (k > 2) access.set = p ? (x, y) => __privateSet(x, target, y, k ^ 4 ? extra : desc.set) : (x, y) => x[name2] = y;
    }
    it = (0, decorators[i])(k ? k < 4 ? p ? extra : desc[key] : k > 4 ? void 0 : { get: desc.get, set: desc.set } : target, ctx), done._ = 1;
    if (k ^ 4 || it === void 0) __expectFn(it) && (k > 4 ? initializers.unshift(it) : k ? p ? extra = it : desc[key] = it : target = it);
    else if (typeof it !== "object" || it === null) __typeError("Object expected");
    else __expectFn(fn = it.get) && (desc.get = fn), __expectFn(fn = it.set) && (desc.set = fn), __expectFn(fn = it.init) && initializers.unshift(fn);
  }
  return k || __decoratorMetadata(array2, target), desc && __defProp(target, name2, desc), p ? k ^ 4 ? extra : desc : target;
};
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
var __accessCheck = (obj, member, msg) => member.has(obj) || __typeError("Cannot " + msg);
var __privateIn = (member, obj) => Object(obj) !== obj ? __typeError('Cannot use the "in" operator on this value') : member.has(obj);
var __privateGet = (obj, member, getter) => (__accessCheck(obj, member, "read from private field"), getter ? getter.call(obj) : member.get(obj));
var __privateSet = (obj, member, value, setter) => (__accessCheck(obj, member, "write to private field"), setter ? setter.call(obj, value) : member.set(obj, value), value);
var __privateMethod = (obj, member, method) => (__accessCheck(obj, member, "access private method"), method);

// node_modules/valibot/dist/index.mjs
// @__NO_SIDE_EFFECTS__
function getGlobalConfig(config$1) {
  if (!config$1 && !store$4) return DEFAULT_CONFIG;
  return {
    lang: config$1?.lang ?? store$4?.lang,
    message: config$1?.message,
    abortEarly: config$1?.abortEarly ?? store$4?.abortEarly,
    abortPipeEarly: config$1?.abortPipeEarly ?? store$4?.abortPipeEarly
  };
}
// @__NO_SIDE_EFFECTS__
function getGlobalMessage(lang) {
  return store$3?.get(lang);
}
// @__NO_SIDE_EFFECTS__
function getSchemaMessage(lang) {
  return store$2?.get(lang);
}
// @__NO_SIDE_EFFECTS__
function getSpecificMessage(reference, lang) {
  return store$1?.get(reference)?.get(lang);
}
// @__NO_SIDE_EFFECTS__
function _stringify(input) {
  const type = typeof input;
  if (type === "string") return `"${input}"`;
  if (type === "number" || type === "bigint" || type === "boolean") return `${input}`;
  if (type === "object" || type === "function") return (input && Object.getPrototypeOf(input)?.constructor?.name) ?? "null";
  return type;
}
function _addIssue(context, label, dataset, config$1, other) {
  const input = other && "input" in other ? other.input : dataset.value;
  const expected = other?.expected ?? context.expects ?? null;
  const received = other?.received ?? /* @__PURE__ */ _stringify(input);
  const issue = {
    kind: context.kind,
    type: context.type,
    input,
    expected,
    received,
    message: `Invalid ${label}: ${expected ? `Expected ${expected} but r` : "R"}eceived ${received}`,
    requirement: context.requirement,
    path: other?.path,
    issues: other?.issues,
    lang: config$1.lang,
    abortEarly: config$1.abortEarly,
    abortPipeEarly: config$1.abortPipeEarly
  };
  const isSchema2 = context.kind === "schema";
  const message$1 = other?.message ?? context.message ?? /* @__PURE__ */ getSpecificMessage(context.reference, issue.lang) ?? (isSchema2 ? /* @__PURE__ */ getSchemaMessage(issue.lang) : null) ?? config$1.message ?? /* @__PURE__ */ getGlobalMessage(issue.lang);
  if (message$1 !== void 0) issue.message = typeof message$1 === "function" ? message$1(issue) : message$1;
  if (isSchema2) dataset.typed = false;
  if (dataset.issues) dataset.issues.push(issue);
  else dataset.issues = [issue];
}
function _standardSchema(schema) {
  schema["~standard"] = {
    version: 1,
    vendor: "valibot",
    validate: (value$1) => schema["~run"]({ value: value$1 }, /* @__PURE__ */ getGlobalConfig())
  };
  return schema;
}
// @__NO_SIDE_EFFECTS__
function email(message$1) {
  return {
    kind: "validation",
    type: "email",
    reference: email,
    expects: null,
    async: false,
    requirement: EMAIL_REGEX,
    message: message$1,
    "~run"(dataset, config$1) {
      if (dataset.typed && !this.requirement.test(dataset.value)) _addIssue(this, "email", dataset, config$1);
      return dataset;
    }
  };
}
// @__NO_SIDE_EFFECTS__
function integer(message$1) {
  return {
    kind: "validation",
    type: "integer",
    reference: integer,
    async: false,
    expects: null,
    requirement: Number.isInteger,
    message: message$1,
    "~run"(dataset, config$1) {
      if (dataset.typed && !this.requirement(dataset.value)) _addIssue(this, "integer", dataset, config$1);
      return dataset;
    }
  };
}
// @__NO_SIDE_EFFECTS__
function maxLength(requirement, message$1) {
  return {
    kind: "validation",
    type: "max_length",
    reference: maxLength,
    async: false,
    expects: `<=${requirement}`,
    requirement,
    message: message$1,
    "~run"(dataset, config$1) {
      if (dataset.typed && dataset.value.length > this.requirement) _addIssue(this, "length", dataset, config$1, { received: `${dataset.value.length}` });
      return dataset;
    }
  };
}
// @__NO_SIDE_EFFECTS__
function maxValue(requirement, message$1) {
  return {
    kind: "validation",
    type: "max_value",
    reference: maxValue,
    async: false,
    expects: `<=${requirement instanceof Date ? requirement.toJSON() : /* @__PURE__ */ _stringify(requirement)}`,
    requirement,
    message: message$1,
    "~run"(dataset, config$1) {
      if (dataset.typed && !(dataset.value <= this.requirement)) _addIssue(this, "value", dataset, config$1, { received: dataset.value instanceof Date ? dataset.value.toJSON() : /* @__PURE__ */ _stringify(dataset.value) });
      return dataset;
    }
  };
}
// @__NO_SIDE_EFFECTS__
function minLength(requirement, message$1) {
  return {
    kind: "validation",
    type: "min_length",
    reference: minLength,
    async: false,
    expects: `>=${requirement}`,
    requirement,
    message: message$1,
    "~run"(dataset, config$1) {
      if (dataset.typed && dataset.value.length < this.requirement) _addIssue(this, "length", dataset, config$1, { received: `${dataset.value.length}` });
      return dataset;
    }
  };
}
// @__NO_SIDE_EFFECTS__
function minValue(requirement, message$1) {
  return {
    kind: "validation",
    type: "min_value",
    reference: minValue,
    async: false,
    expects: `>=${requirement instanceof Date ? requirement.toJSON() : /* @__PURE__ */ _stringify(requirement)}`,
    requirement,
    message: message$1,
    "~run"(dataset, config$1) {
      if (dataset.typed && !(dataset.value >= this.requirement)) _addIssue(this, "value", dataset, config$1, { received: dataset.value instanceof Date ? dataset.value.toJSON() : /* @__PURE__ */ _stringify(dataset.value) });
      return dataset;
    }
  };
}
// @__NO_SIDE_EFFECTS__
function transform(operation) {
  return {
    kind: "transformation",
    type: "transform",
    reference: transform,
    async: false,
    operation,
    "~run"(dataset) {
      dataset.value = this.operation(dataset.value);
      return dataset;
    }
  };
}
// @__NO_SIDE_EFFECTS__
function getFallback(schema, dataset, config$1) {
  return typeof schema.fallback === "function" ? schema.fallback(dataset, config$1) : schema.fallback;
}
// @__NO_SIDE_EFFECTS__
function getDefault(schema, dataset, config$1) {
  return typeof schema.default === "function" ? schema.default(dataset, config$1) : schema.default;
}
// @__NO_SIDE_EFFECTS__
function array(item, message$1) {
  return _standardSchema({
    kind: "schema",
    type: "array",
    reference: array,
    expects: "Array",
    async: false,
    item,
    message: message$1,
    "~run"(dataset, config$1) {
      const input = dataset.value;
      if (Array.isArray(input)) {
        dataset.typed = true;
        dataset.value = [];
        for (let key = 0; key < input.length; key++) {
          const value$1 = input[key];
          const itemDataset = this.item["~run"]({ value: value$1 }, config$1);
          if (itemDataset.issues) {
            const pathItem = {
              type: "array",
              origin: "value",
              input,
              key,
              value: value$1
            };
            for (const issue of itemDataset.issues) {
              if (issue.path) issue.path.unshift(pathItem);
              else issue.path = [pathItem];
              dataset.issues?.push(issue);
            }
            if (!dataset.issues) dataset.issues = itemDataset.issues;
            if (config$1.abortEarly) {
              dataset.typed = false;
              break;
            }
          }
          if (!itemDataset.typed) dataset.typed = false;
          dataset.value.push(itemDataset.value);
        }
      } else _addIssue(this, "type", dataset, config$1);
      return dataset;
    }
  });
}
// @__NO_SIDE_EFFECTS__
function boolean(message$1) {
  return _standardSchema({
    kind: "schema",
    type: "boolean",
    reference: boolean,
    expects: "boolean",
    async: false,
    message: message$1,
    "~run"(dataset, config$1) {
      if (typeof dataset.value === "boolean") dataset.typed = true;
      else _addIssue(this, "type", dataset, config$1);
      return dataset;
    }
  });
}
// @__NO_SIDE_EFFECTS__
function instance(class_, message$1) {
  return _standardSchema({
    kind: "schema",
    type: "instance",
    reference: instance,
    expects: class_.name,
    async: false,
    class: class_,
    message: message$1,
    "~run"(dataset, config$1) {
      if (dataset.value instanceof this.class) dataset.typed = true;
      else _addIssue(this, "type", dataset, config$1);
      return dataset;
    }
  });
}
// @__NO_SIDE_EFFECTS__
function number(message$1) {
  return _standardSchema({
    kind: "schema",
    type: "number",
    reference: number,
    expects: "number",
    async: false,
    message: message$1,
    "~run"(dataset, config$1) {
      if (typeof dataset.value === "number" && !isNaN(dataset.value)) dataset.typed = true;
      else _addIssue(this, "type", dataset, config$1);
      return dataset;
    }
  });
}
// @__NO_SIDE_EFFECTS__
function object(entries$1, message$1) {
  return _standardSchema({
    kind: "schema",
    type: "object",
    reference: object,
    expects: "Object",
    async: false,
    entries: entries$1,
    message: message$1,
    "~run"(dataset, config$1) {
      const input = dataset.value;
      if (input && typeof input === "object") {
        dataset.typed = true;
        dataset.value = {};
        for (const key in this.entries) {
          const valueSchema = this.entries[key];
          if (key in input || (valueSchema.type === "exact_optional" || valueSchema.type === "optional" || valueSchema.type === "nullish") && valueSchema.default !== void 0) {
            const value$1 = key in input ? input[key] : /* @__PURE__ */ getDefault(valueSchema);
            const valueDataset = valueSchema["~run"]({ value: value$1 }, config$1);
            if (valueDataset.issues) {
              const pathItem = {
                type: "object",
                origin: "value",
                input,
                key,
                value: value$1
              };
              for (const issue of valueDataset.issues) {
                if (issue.path) issue.path.unshift(pathItem);
                else issue.path = [pathItem];
                dataset.issues?.push(issue);
              }
              if (!dataset.issues) dataset.issues = valueDataset.issues;
              if (config$1.abortEarly) {
                dataset.typed = false;
                break;
              }
            }
            if (!valueDataset.typed) dataset.typed = false;
            dataset.value[key] = valueDataset.value;
          } else if (valueSchema.fallback !== void 0) dataset.value[key] = /* @__PURE__ */ getFallback(valueSchema);
          else if (valueSchema.type !== "exact_optional" && valueSchema.type !== "optional" && valueSchema.type !== "nullish") {
            _addIssue(this, "key", dataset, config$1, {
              input: void 0,
              expected: `"${key}"`,
              path: [{
                type: "object",
                origin: "key",
                input,
                key,
                value: input[key]
              }]
            });
            if (config$1.abortEarly) break;
          }
        }
      } else _addIssue(this, "type", dataset, config$1);
      return dataset;
    }
  });
}
// @__NO_SIDE_EFFECTS__
function string(message$1) {
  return _standardSchema({
    kind: "schema",
    type: "string",
    reference: string,
    expects: "string",
    async: false,
    message: message$1,
    "~run"(dataset, config$1) {
      if (typeof dataset.value === "string") dataset.typed = true;
      else _addIssue(this, "type", dataset, config$1);
      return dataset;
    }
  });
}
// @__NO_SIDE_EFFECTS__
function pipe(...pipe$1) {
  return _standardSchema({
    ...pipe$1[0],
    pipe: pipe$1,
    "~run"(dataset, config$1) {
      for (const item of pipe$1) if (item.kind !== "metadata") {
        if (dataset.issues && (item.kind === "schema" || item.kind === "transformation")) {
          dataset.typed = false;
          break;
        }
        if (!dataset.issues || !config$1.abortEarly && !config$1.abortPipeEarly) dataset = item["~run"](dataset, config$1);
      }
      return dataset;
    }
  });
}
// @__NO_SIDE_EFFECTS__
function safeParse(schema, input, config$1) {
  const dataset = schema["~run"]({ value: input }, /* @__PURE__ */ getGlobalConfig(config$1));
  return {
    typed: dataset.typed,
    success: !dataset.issues,
    output: dataset.value,
    issues: dataset.issues
  };
}
// @__NO_SIDE_EFFECTS__
async function safeParseAsync(schema, input, config$1) {
  const dataset = await schema["~run"]({ value: input }, /* @__PURE__ */ getGlobalConfig(config$1));
  return {
    typed: dataset.typed,
    success: !dataset.issues,
    output: dataset.value,
    issues: dataset.issues
  };
}
var store$4, DEFAULT_CONFIG, store$3, store$2, store$1, EMAIL_REGEX;
var init_dist = __esm({
  "node_modules/valibot/dist/index.mjs"() {
    "use strict";
    DEFAULT_CONFIG = {
      lang: void 0,
      message: void 0,
      abortEarly: void 0,
      abortPipeEarly: void 0
    };
    EMAIL_REGEX = /^[\w+-]+(?:\.[\w+-]+)*@[\da-zA-Z]+(?:[.-][\da-zA-Z]+)*\.[a-zA-Z]{2,}$/u;
  }
});

// bench/schemas.ts
function uploadSchema(fileSchema) {
  return object({ title, file: fileSchema });
}
function badBodyMessage(param, issue) {
  let out = `BadRequest: parse item: ['${param}'] failed: `;
  for (const item of issue.path ?? []) out += `parse item: [${typeof item.key === "number" ? item.key : `'${String(item.key)}'`}] failed: `;
  return out + issue.message;
}
function extraRoutes(count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) out.push({ path: `/extra${i}/list`, template: `extra${i}/list` });
    else out.push({ path: `/extra${i}/{id}`, template: `extra${i}/{id}`, param: "id" });
  }
  return out;
}
var page, limit, ItemsQuery, USER_ID, userIdRegex, CreateUser, title, results, jsonSchemas, userBody, invalidUserBody, BOUNDARY, fileContent, multipartBody, fixtures;
var init_schemas = __esm({
  "bench/schemas.ts"() {
    "use strict";
    init_dist();
    page = pipe(number(), integer(), minValue(1));
    limit = pipe(number(), integer(), minValue(1), maxValue(100));
    ItemsQuery = object({ page, limit });
    USER_ID = "[0-9]+";
    userIdRegex = new RegExp(`^(?:${USER_ID})$`);
    CreateUser = object({
      name: pipe(string(), minLength(1), maxLength(64)),
      email: pipe(string(), email()),
      age: pipe(number(), integer(), minValue(0), maxValue(150)),
      admin: boolean(),
      tags: pipe(array(string()), maxLength(10))
    });
    title = pipe(string(), minLength(1), maxLength(100));
    results = {
      ping: () => "pong",
      items: (query2) => ({ page: query2.page, limit: query2.limit, total: 1e3 }),
      user: (id) => ({ id, name: `user-${id}` }),
      created: (user) => ({ id: 1, ...user }),
      uploaded: (form) => ({ title: form.title, name: form.file.name, size: form.file.size, type: form.file.type })
    };
    jsonSchemas = {
      itemsQuery: {
        type: "object",
        properties: { page: { type: "integer", minimum: 1 }, limit: { type: "integer", minimum: 1, maximum: 100 } },
        required: ["page", "limit"]
      },
      userParams: { type: "object", properties: { id: { type: "string", pattern: `^(?:${USER_ID})$` } }, required: ["id"] },
      createUser: {
        type: "object",
        properties: {
          name: { type: "string", minLength: 1, maxLength: 64 },
          email: { type: "string", format: "email" },
          age: { type: "integer", minimum: 0, maximum: 150 },
          admin: { type: "boolean" },
          tags: { type: "array", items: { type: "string" }, maxItems: 10 }
        },
        required: ["name", "email", "age", "admin", "tags"]
      }
    };
    userBody = JSON.stringify({ name: "Ada Lovelace", email: "ada@example.com", age: 36, admin: false, tags: ["math", "engines"] });
    invalidUserBody = JSON.stringify({ name: "Ada Lovelace", email: "not-an-email", age: 36, admin: false, tags: ["math"] });
    BOUNDARY = "----fwbench7MA4YWxkTrZu0gW";
    fileContent = "x".repeat(1024);
    multipartBody = `--${BOUNDARY}\r
Content-Disposition: form-data; name="title"\r
\r
quarterly report\r
--${BOUNDARY}\r
Content-Disposition: form-data; name="file"; filename="report.txt"\r
Content-Type: text/plain\r
\r
${fileContent}\r
--${BOUNDARY}--\r
`;
    fixtures = [
      { id: "E0", label: "GET / (ping)", method: "GET", path: "/", status: 200 },
      { id: "E1", label: "GET /items?page=2&limit=50", method: "GET", path: "/items?page=2&limit=50", status: 200 },
      { id: "E2", label: "GET /users/{id} (regex)", method: "GET", path: "/users/12345", status: 200 },
      { id: "E3", label: "POST /users (5-field JSON)", method: "POST", path: "/users", contentType: "application/json", body: userBody, status: 200 },
      { id: "E4", label: "POST /upload (multipart, 1 KiB file)", method: "POST", path: "/upload", contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipartBody, status: 200 },
      { id: "E5", label: "POST /users invalid (400)", method: "POST", path: "/users", contentType: "application/json", body: invalidUserBody, status: 400 }
    ];
  }
});

// node_modules/fast-xml-parser/src/util.js
function getAllMatches(string2, regex) {
  const matches = [];
  let match2 = regex.exec(string2);
  while (match2) {
    const allmatches = [];
    allmatches.startIndex = regex.lastIndex - match2[0].length;
    const len = match2.length;
    for (let index = 0; index < len; index++) {
      allmatches.push(match2[index]);
    }
    matches.push(allmatches);
    match2 = regex.exec(string2);
  }
  return matches;
}
function isExist(v) {
  return typeof v !== "undefined";
}
var nameStartChar, nameChar, nameRegexp, regexName, isName, DANGEROUS_PROPERTY_NAMES, criticalProperties;
var init_util = __esm({
  "node_modules/fast-xml-parser/src/util.js"() {
    "use strict";
    nameStartChar = ":A-Za-z_\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD";
    nameChar = nameStartChar + "\\-.\\d\\u00B7\\u0300-\\u036F\\u203F-\\u2040";
    nameRegexp = "[" + nameStartChar + "][" + nameChar + "]*";
    regexName = new RegExp("^" + nameRegexp + "$");
    isName = function(string2) {
      const match2 = regexName.exec(string2);
      return !(match2 === null || typeof match2 === "undefined");
    };
    DANGEROUS_PROPERTY_NAMES = [
      // '__proto__',
      // 'constructor',
      // 'prototype',
      "hasOwnProperty",
      "toString",
      "valueOf",
      "__defineGetter__",
      "__defineSetter__",
      "__lookupGetter__",
      "__lookupSetter__"
    ];
    criticalProperties = ["__proto__", "constructor", "prototype"];
  }
});

// node_modules/fast-xml-parser/src/validator.js
function validate(xmlData, options) {
  options = Object.assign({}, defaultOptions, options);
  const tags = [];
  let tagFound = false;
  let reachedRoot = false;
  if (xmlData[0] === "\uFEFF") {
    xmlData = xmlData.substr(1);
  }
  for (let i = 0; i < xmlData.length; i++) {
    if (xmlData[i] === "<" && xmlData[i + 1] === "?") {
      i += 2;
      i = readPI(xmlData, i);
      if (i.err) return i;
    } else if (xmlData[i] === "<") {
      let tagStartPos = i;
      i++;
      if (xmlData[i] === "!") {
        i = readCommentAndCDATA(xmlData, i);
        continue;
      } else {
        let closingTag = false;
        if (xmlData[i] === "/") {
          closingTag = true;
          i++;
        }
        let tagName = "";
        for (; i < xmlData.length && xmlData[i] !== ">" && xmlData[i] !== " " && xmlData[i] !== "	" && xmlData[i] !== "\n" && xmlData[i] !== "\r"; i++) {
          tagName += xmlData[i];
        }
        tagName = tagName.trim();
        if (tagName[tagName.length - 1] === "/") {
          tagName = tagName.substring(0, tagName.length - 1);
          i--;
        }
        if (!validateTagName(tagName)) {
          let msg;
          if (tagName.trim().length === 0) {
            msg = "Invalid space after '<'.";
          } else {
            msg = "Tag '" + tagName + "' is an invalid name.";
          }
          return getErrorObject("InvalidTag", msg, getLineNumberForPosition(xmlData, i));
        }
        const result = readAttributeStr(xmlData, i);
        if (result === false) {
          return getErrorObject("InvalidAttr", "Attributes for '" + tagName + "' have open quote.", getLineNumberForPosition(xmlData, i));
        }
        let attrStr = result.value;
        i = result.index;
        if (attrStr[attrStr.length - 1] === "/") {
          const attrStrStart = i - attrStr.length;
          attrStr = attrStr.substring(0, attrStr.length - 1);
          const isValid = validateAttributeString(attrStr, options);
          if (isValid === true) {
            tagFound = true;
          } else {
            return getErrorObject(isValid.err.code, isValid.err.msg, getLineNumberForPosition(xmlData, attrStrStart + isValid.err.line));
          }
        } else if (closingTag) {
          if (!result.tagClosed) {
            return getErrorObject("InvalidTag", "Closing tag '" + tagName + "' doesn't have proper closing.", getLineNumberForPosition(xmlData, i));
          } else if (attrStr.trim().length > 0) {
            return getErrorObject("InvalidTag", "Closing tag '" + tagName + "' can't have attributes or invalid starting.", getLineNumberForPosition(xmlData, tagStartPos));
          } else if (tags.length === 0) {
            return getErrorObject("InvalidTag", "Closing tag '" + tagName + "' has not been opened.", getLineNumberForPosition(xmlData, tagStartPos));
          } else {
            const otg = tags.pop();
            if (tagName !== otg.tagName) {
              let openPos = getLineNumberForPosition(xmlData, otg.tagStartPos);
              return getErrorObject(
                "InvalidTag",
                "Expected closing tag '" + otg.tagName + "' (opened in line " + openPos.line + ", col " + openPos.col + ") instead of closing tag '" + tagName + "'.",
                getLineNumberForPosition(xmlData, tagStartPos)
              );
            }
            if (tags.length == 0) {
              reachedRoot = true;
            }
          }
        } else {
          const isValid = validateAttributeString(attrStr, options);
          if (isValid !== true) {
            return getErrorObject(isValid.err.code, isValid.err.msg, getLineNumberForPosition(xmlData, i - attrStr.length + isValid.err.line));
          }
          if (reachedRoot === true) {
            return getErrorObject("InvalidXml", "Multiple possible root nodes found.", getLineNumberForPosition(xmlData, i));
          } else if (options.unpairedTags.indexOf(tagName) !== -1) {
          } else {
            tags.push({ tagName, tagStartPos });
          }
          tagFound = true;
        }
        for (i++; i < xmlData.length; i++) {
          if (xmlData[i] === "<") {
            if (xmlData[i + 1] === "!") {
              i++;
              i = readCommentAndCDATA(xmlData, i);
              continue;
            } else if (xmlData[i + 1] === "?") {
              i = readPI(xmlData, ++i);
              if (i.err) return i;
            } else {
              break;
            }
          } else if (xmlData[i] === "&") {
            const afterAmp = validateAmpersand(xmlData, i);
            if (afterAmp == -1)
              return getErrorObject("InvalidChar", "char '&' is not expected.", getLineNumberForPosition(xmlData, i));
            i = afterAmp;
          } else {
            if (reachedRoot === true && !isWhiteSpace(xmlData[i])) {
              return getErrorObject("InvalidXml", "Extra text at the end", getLineNumberForPosition(xmlData, i));
            }
          }
        }
        if (xmlData[i] === "<") {
          i--;
        }
      }
    } else {
      if (isWhiteSpace(xmlData[i])) {
        continue;
      }
      return getErrorObject("InvalidChar", "char '" + xmlData[i] + "' is not expected.", getLineNumberForPosition(xmlData, i));
    }
  }
  if (!tagFound) {
    return getErrorObject("InvalidXml", "Start tag expected.", 1);
  } else if (tags.length == 1) {
    return getErrorObject("InvalidTag", "Unclosed tag '" + tags[0].tagName + "'.", getLineNumberForPosition(xmlData, tags[0].tagStartPos));
  } else if (tags.length > 0) {
    return getErrorObject("InvalidXml", "Invalid '" + JSON.stringify(tags.map((t) => t.tagName), null, 4).replace(/\r?\n/g, "") + "' found.", { line: 1, col: 1 });
  }
  return true;
}
function isWhiteSpace(char) {
  return char === " " || char === "	" || char === "\n" || char === "\r";
}
function readPI(xmlData, i) {
  const start = i;
  for (; i < xmlData.length; i++) {
    if (xmlData[i] == "?" || xmlData[i] == " ") {
      const tagname = xmlData.substr(start, i - start);
      if (i > 5 && tagname === "xml") {
        return getErrorObject("InvalidXml", "XML declaration allowed only at the start of the document.", getLineNumberForPosition(xmlData, i));
      } else if (xmlData[i] == "?" && xmlData[i + 1] == ">") {
        i++;
        break;
      } else {
        continue;
      }
    }
  }
  return i;
}
function readCommentAndCDATA(xmlData, i) {
  if (xmlData.length > i + 5 && xmlData[i + 1] === "-" && xmlData[i + 2] === "-") {
    for (i += 3; i < xmlData.length; i++) {
      if (xmlData[i] === "-" && xmlData[i + 1] === "-" && xmlData[i + 2] === ">") {
        i += 2;
        break;
      }
    }
  } else if (xmlData.length > i + 8 && xmlData[i + 1] === "D" && xmlData[i + 2] === "O" && xmlData[i + 3] === "C" && xmlData[i + 4] === "T" && xmlData[i + 5] === "Y" && xmlData[i + 6] === "P" && xmlData[i + 7] === "E") {
    let angleBracketsCount = 1;
    for (i += 8; i < xmlData.length; i++) {
      if (xmlData[i] === "<") {
        angleBracketsCount++;
      } else if (xmlData[i] === ">") {
        angleBracketsCount--;
        if (angleBracketsCount === 0) {
          break;
        }
      }
    }
  } else if (xmlData.length > i + 9 && xmlData[i + 1] === "[" && xmlData[i + 2] === "C" && xmlData[i + 3] === "D" && xmlData[i + 4] === "A" && xmlData[i + 5] === "T" && xmlData[i + 6] === "A" && xmlData[i + 7] === "[") {
    for (i += 8; i < xmlData.length; i++) {
      if (xmlData[i] === "]" && xmlData[i + 1] === "]" && xmlData[i + 2] === ">") {
        i += 2;
        break;
      }
    }
  }
  return i;
}
function readAttributeStr(xmlData, i) {
  let attrStr = "";
  let startChar = "";
  let tagClosed = false;
  for (; i < xmlData.length; i++) {
    if (xmlData[i] === doubleQuote || xmlData[i] === singleQuote) {
      if (startChar === "") {
        startChar = xmlData[i];
      } else if (startChar !== xmlData[i]) {
      } else {
        startChar = "";
      }
    } else if (xmlData[i] === ">") {
      if (startChar === "") {
        tagClosed = true;
        break;
      }
    }
    attrStr += xmlData[i];
  }
  if (startChar !== "") {
    return false;
  }
  return {
    value: attrStr,
    index: i,
    tagClosed
  };
}
function scanAttributeTokens(attrStr) {
  const tokens = [];
  const len = attrStr.length;
  let i = 0;
  while (i < len) {
    const tokenStart = i;
    while (i < len && isWhiteSpace(attrStr[i])) i++;
    if (i >= len) break;
    if (attrStr[i] === "=") {
      i++;
      continue;
    }
    const leadingWs = attrStr.slice(tokenStart, i);
    const nameStart = i;
    while (i < len && !isWhiteSpace(attrStr[i]) && attrStr[i] !== "=") i++;
    const name2 = attrStr.slice(nameStart, i);
    let equalsGroup;
    let j = i;
    while (j < len && isWhiteSpace(attrStr[j])) j++;
    if (j < len && attrStr[j] === "=") {
      equalsGroup = attrStr.slice(i, j + 1);
      i = j + 1;
    }
    let quoteChar;
    let value;
    let k = i;
    while (k < len && isWhiteSpace(attrStr[k])) k++;
    if (k < len && (attrStr[k] === '"' || attrStr[k] === "'")) {
      const valueStart = k + 1;
      const closeIdx = attrStr.indexOf(attrStr[k], valueStart);
      if (closeIdx !== -1) {
        quoteChar = attrStr[k];
        value = attrStr.slice(valueStart, closeIdx);
        i = closeIdx + 1;
      }
    }
    const token = { startIndex: tokenStart };
    token[1] = leadingWs;
    token[2] = name2;
    token[3] = equalsGroup;
    token[4] = quoteChar !== void 0 ? true : void 0;
    token[5] = quoteChar;
    token[6] = value;
    tokens.push(token);
  }
  return tokens;
}
function validateAttributeString(attrStr, options) {
  const matches = scanAttributeTokens(attrStr);
  const attrNames = {};
  for (let i = 0; i < matches.length; i++) {
    if (matches[i][1].length === 0) {
      return getErrorObject("InvalidAttr", "Attribute '" + matches[i][2] + "' has no space in starting.", getPositionFromMatch(matches[i]));
    } else if (matches[i][3] !== void 0 && matches[i][4] === void 0) {
      return getErrorObject("InvalidAttr", "Attribute '" + matches[i][2] + "' is without value.", getPositionFromMatch(matches[i]));
    } else if (matches[i][3] === void 0 && !options.allowBooleanAttributes) {
      return getErrorObject("InvalidAttr", "boolean attribute '" + matches[i][2] + "' is not allowed.", getPositionFromMatch(matches[i]));
    }
    const attrName = matches[i][2];
    if (!validateAttrName(attrName)) {
      return getErrorObject("InvalidAttr", "Attribute '" + attrName + "' is an invalid name.", getPositionFromMatch(matches[i]));
    }
    if (!Object.prototype.hasOwnProperty.call(attrNames, attrName)) {
      attrNames[attrName] = 1;
    } else {
      return getErrorObject("InvalidAttr", "Attribute '" + attrName + "' is repeated.", getPositionFromMatch(matches[i]));
    }
  }
  return true;
}
function validateNumberAmpersand(xmlData, i) {
  let re = /\d/;
  if (xmlData[i] === "x") {
    i++;
    re = /[\da-fA-F]/;
  }
  for (; i < xmlData.length; i++) {
    if (xmlData[i] === ";")
      return i;
    if (!xmlData[i].match(re))
      break;
  }
  return -1;
}
function validateAmpersand(xmlData, i) {
  i++;
  if (xmlData[i] === ";")
    return -1;
  if (xmlData[i] === "#") {
    i++;
    return validateNumberAmpersand(xmlData, i);
  }
  let count = 0;
  for (; i < xmlData.length; i++, count++) {
    if (xmlData[i].match(/\w/) && count < 20)
      continue;
    if (xmlData[i] === ";")
      break;
    return -1;
  }
  return i;
}
function getErrorObject(code, message, lineNumber) {
  return {
    err: {
      code,
      msg: message,
      line: lineNumber.line || lineNumber,
      col: lineNumber.col
    }
  };
}
function validateAttrName(attrName) {
  return isName(attrName);
}
function validateTagName(tagname) {
  return isName(tagname);
}
function getLineNumberForPosition(xmlData, index) {
  const lines = xmlData.substring(0, index).split(/\r?\n/);
  return {
    line: lines.length,
    // column number is last line's length + 1, because column numbering starts at 1:
    col: lines[lines.length - 1].length + 1
  };
}
function getPositionFromMatch(match2) {
  return match2.startIndex + match2[1].length;
}
var defaultOptions, doubleQuote, singleQuote;
var init_validator = __esm({
  "node_modules/fast-xml-parser/src/validator.js"() {
    "use strict";
    init_util();
    defaultOptions = {
      allowBooleanAttributes: false,
      //A tag can have attributes without any value
      unpairedTags: []
    };
    doubleQuote = '"';
    singleQuote = "'";
  }
});

// node_modules/@nodable/entities/src/entities.js
var CURRENCY, XML, COMMON_HTML;
var init_entities = __esm({
  "node_modules/@nodable/entities/src/entities.js"() {
    "use strict";
    CURRENCY = {
      cent: "\xA2",
      pound: "\xA3",
      curren: "\xA4",
      yen: "\xA5",
      euro: "\u20AC",
      dollar: "$",
      fnof: "\u0192",
      inr: "\u20B9",
      af: "\u060B",
      birr: "\u1265\u122D",
      peso: "\u20B1",
      rub: "\u20BD",
      won: "\u20A9",
      yuan: "\xA5",
      cedil: "\xB8"
    };
    XML = {
      amp: "&",
      apos: "'",
      gt: ">",
      lt: "<",
      quot: '"'
    };
    COMMON_HTML = {
      nbsp: "\xA0",
      copy: "\xA9",
      reg: "\xAE",
      trade: "\u2122",
      mdash: "\u2014",
      ndash: "\u2013",
      hellip: "\u2026",
      laquo: "\xAB",
      raquo: "\xBB",
      lsquo: "\u2018",
      rsquo: "\u2019",
      ldquo: "\u201C",
      rdquo: "\u201D",
      bull: "\u2022",
      para: "\xB6",
      sect: "\xA7",
      deg: "\xB0",
      frac12: "\xBD",
      frac14: "\xBC",
      frac34: "\xBE"
    };
  }
});

// node_modules/@nodable/entities/src/EntityDecoder.js
function validateEntityName(name2) {
  if (name2[0] === "#") {
    throw new Error(`[EntityReplacer] Invalid character '#' in entity name: "${name2}"`);
  }
  for (const ch of name2) {
    if (SPECIAL_CHARS.has(ch)) {
      throw new Error(`[EntityReplacer] Invalid character '${ch}' in entity name: "${name2}"`);
    }
  }
  return name2;
}
function mergeEntityMaps(...maps) {
  const out = /* @__PURE__ */ Object.create(null);
  for (const map of maps) {
    if (!map) continue;
    for (const key of Object.keys(map)) {
      const raw2 = map[key];
      if (typeof raw2 === "string") {
        out[key] = raw2;
      } else if (raw2 && typeof raw2 === "object" && raw2.val !== void 0) {
        const val = raw2.val;
        if (typeof val === "string") {
          out[key] = val;
        }
      }
    }
  }
  return out;
}
function parseLimitTiers(raw2) {
  if (!raw2 || raw2 === LIMIT_TIER_EXTERNAL) return /* @__PURE__ */ new Set([LIMIT_TIER_EXTERNAL]);
  if (raw2 === LIMIT_TIER_ALL) return /* @__PURE__ */ new Set([LIMIT_TIER_ALL]);
  if (raw2 === LIMIT_TIER_BASE) return /* @__PURE__ */ new Set([LIMIT_TIER_BASE]);
  if (Array.isArray(raw2)) return new Set(raw2);
  return /* @__PURE__ */ new Set([LIMIT_TIER_EXTERNAL]);
}
function parseNCRConfig(ncr) {
  if (!ncr) {
    return { xmlVersion: 1, onLevel: NCR_LEVEL.allow, nullLevel: NCR_LEVEL.remove };
  }
  const xmlVersion = ncr.xmlVersion === 1.1 ? 1.1 : 1;
  const onLevel = NCR_LEVEL[ncr.onNCR] ?? NCR_LEVEL.allow;
  const nullLevel = NCR_LEVEL[ncr.nullNCR] ?? NCR_LEVEL.remove;
  const clampedNull = Math.max(nullLevel, NCR_LEVEL.remove);
  return { xmlVersion, onLevel, nullLevel: clampedNull };
}
var ENTITY_ACTION, SPECIAL_CHARS, LIMIT_TIER_EXTERNAL, LIMIT_TIER_BASE, LIMIT_TIER_ALL, NCR_LEVEL, XML10_ALLOWED_C0, EntityDecoder;
var init_EntityDecoder = __esm({
  "node_modules/@nodable/entities/src/EntityDecoder.js"() {
    "use strict";
    init_entities();
    ENTITY_ACTION = Object.freeze({
      /** Resolve and expand the entity normally. */
      ALLOW: "allow",
      /** Silently skip this entity — it will not be registered. */
      BLOCK: "block",
      /** Throw an error, aborting entity registration entirely. */
      THROW: "throw"
    });
    SPECIAL_CHARS = new Set("!?\\\\/[]$%{}^&*()<>|+");
    LIMIT_TIER_EXTERNAL = "external";
    LIMIT_TIER_BASE = "base";
    LIMIT_TIER_ALL = "all";
    NCR_LEVEL = Object.freeze({ allow: 0, leave: 1, remove: 2, throw: 3 });
    XML10_ALLOWED_C0 = /* @__PURE__ */ new Set([9, 10, 13]);
    EntityDecoder = class {
      /**
       * @param {object} [options]
       * @param {object|null}  [options.namedEntities]        — extra named entities merged into base map
       * @param {object}  [options.limit]                 — security limits
       * @param {number}       [options.limit.maxTotalExpansions=0]  — 0 = unlimited
       * @param {number}       [options.limit.maxExpandedLength=0]   — 0 = unlimited
       * @param {'external'|'base'|'all'|string[]} [options.limit.applyLimitsTo='external']
       *   Which entity tiers count against the security limits:
       *   - 'external' (default) — only input/runtime + persistent external entities
       *   - 'base'               — only DEFAULT_XML_ENTITIES + namedEntities
       *   - 'all'                — every entity regardless of tier
       *   - string[]             — explicit combination, e.g. ['external', 'base']
       * @param {((resolved: string, original: string) => string)|null} [options.postCheck=null]
       * @param {string[]} [options.remove=[]] — entity names (e.g. ['nbsp', '#13']) to delete (replace with empty string)
       * @param {string[]} [options.leave=[]]  — entity names to keep as literal (unchanged in output)
       * @param {object}   [options.ncr]       — Numeric Character Reference controls
       * @param {1.0|1.1}  [options.ncr.xmlVersion=1.0]
       *   XML version governing which codepoint ranges are restricted:
       *   - 1.0 — C0 controls U+0001–U+001F (except U+0009/000A/000D) are prohibited
       *   - 1.1 — C0 controls are allowed when written as NCRs; C1 (U+007F–U+009F) decoded as-is
       * @param {'allow'|'leave'|'remove'|'throw'} [options.ncr.onNCR='allow']
       *   Base action for numeric references. Severity order: allow < leave < remove < throw.
       *   For codepoint ranges that carry a minimum level (surrogates → remove, XML 1.0 C0 → remove),
       *   the effective action is max(onNCR, rangeMinimum).
       * @param {'remove'|'throw'} [options.ncr.nullNCR='remove']
       *   Action for U+0000 (null). 'allow' and 'leave' are clamped to 'remove' since null is never safe.
       * @param {((name: string, value: string) => 'allow'|'block'|'throw')|null} [options.onExternalEntity=null]
       *   Hook called when an external entity is registered via `setExternalEntities()` or
       *   `addExternalEntity()`. Return `ENTITY_ACTION.ALLOW` to accept the entity,
       *   `ENTITY_ACTION.BLOCK` to silently skip it, or `ENTITY_ACTION.THROW` to abort with an error.
       * @param {((name: string, value: string) => 'allow'|'block'|'throw')|null} [options.onInputEntity=null]
       *   Hook called when an input entity is registered via `addInputEntities()`. Return
       *   `ENTITY_ACTION.ALLOW` to accept, `ENTITY_ACTION.BLOCK` to silently skip, or
       *   `ENTITY_ACTION.THROW` to abort with an error.
       */
      constructor(options = {}) {
        this._limit = options.limit || {};
        this._maxTotalExpansions = this._limit.maxTotalExpansions || 0;
        this._maxExpandedLength = this._limit.maxExpandedLength || 0;
        this._postCheck = typeof options.postCheck === "function" ? options.postCheck : (r) => r;
        this._limitTiers = parseLimitTiers(this._limit.applyLimitsTo ?? LIMIT_TIER_EXTERNAL);
        this._numericAllowed = options.numericAllowed ?? true;
        this._baseMap = mergeEntityMaps(XML, options.namedEntities || null);
        this._externalMap = /* @__PURE__ */ Object.create(null);
        this._inputMap = /* @__PURE__ */ Object.create(null);
        this._totalExpansions = 0;
        this._expandedLength = 0;
        this._removeSet = new Set(options.remove && Array.isArray(options.remove) ? options.remove : []);
        this._leaveSet = new Set(options.leave && Array.isArray(options.leave) ? options.leave : []);
        const ncrCfg = parseNCRConfig(options.ncr);
        this._ncrXmlVersion = ncrCfg.xmlVersion;
        this._ncrOnLevel = ncrCfg.onLevel;
        this._ncrNullLevel = ncrCfg.nullLevel;
        this._onExternalEntity = typeof options.onExternalEntity === "function" ? options.onExternalEntity : null;
        this._onInputEntity = typeof options.onInputEntity === "function" ? options.onInputEntity : null;
      }
      // -------------------------------------------------------------------------
      // Private: registration hook dispatch
      // -------------------------------------------------------------------------
      /**
       * Invoke a registration hook for a single entity name/value pair.
       * Returns true when the entity should be accepted, false when it should be
       * silently skipped (BLOCK), and throws when the hook returns THROW.
       *
       * @param {((name: string, value: string) => 'allow'|'block'|'throw')|null} hook
       * @param {string} name
       * @param {string} value
       * @param {string} context  — used in error messages ('external' | 'input')
       * @returns {boolean}  true = accept, false = skip
       */
      _applyRegistrationHook(hook, name2, value, context) {
        if (!hook) return true;
        const action = hook(name2, value);
        if (action === ENTITY_ACTION.BLOCK) return false;
        if (action === ENTITY_ACTION.THROW) {
          throw new Error(
            `[EntityDecoder] Registration of ${context} entity "&${name2};" was rejected by hook`
          );
        }
        return true;
      }
      // -------------------------------------------------------------------------
      // Persistent external entity registration
      // -------------------------------------------------------------------------
      /**
       * Replace the full set of persistent external entities.
       * All keys are validated — throws on invalid characters.
       * If `onExternalEntity` is set, it is called once per entry; entries that
       * return `ENTITY_ACTION.BLOCK` are silently omitted, `ENTITY_ACTION.THROW`
       * aborts the whole call.
       * @param {Record<string, string | { regex?: RegExp, val: string }>} map
       */
      setExternalEntities(map) {
        if (map) {
          for (const key of Object.keys(map)) {
            validateEntityName(key);
          }
        }
        if (!this._onExternalEntity) {
          this._externalMap = mergeEntityMaps(map);
          return;
        }
        const flat = mergeEntityMaps(map);
        const filtered = /* @__PURE__ */ Object.create(null);
        for (const [name2, value] of Object.entries(flat)) {
          if (this._applyRegistrationHook(this._onExternalEntity, name2, value, "external")) {
            filtered[name2] = value;
          }
        }
        this._externalMap = filtered;
      }
      /**
       * Add a single persistent external entity.
       * If `onExternalEntity` is set it is called before the entity is stored;
       * `ENTITY_ACTION.BLOCK` silently skips storage, `ENTITY_ACTION.THROW` raises.
       * @param {string} key
       * @param {string} value
       */
      addExternalEntity(key, value) {
        validateEntityName(key);
        if (typeof value === "string" && value.indexOf("&") === -1) {
          if (this._applyRegistrationHook(this._onExternalEntity, key, value, "external")) {
            this._externalMap[key] = value;
          }
        }
      }
      // -------------------------------------------------------------------------
      // Input / runtime entity registration (per document)
      // -------------------------------------------------------------------------
      /**
       * Inject DOCTYPE entities for the current document.
       * Also resets per-document expansion counters.
       * If `onInputEntity` is set it is called once per entry; entries returning
       * `ENTITY_ACTION.BLOCK` are silently omitted, `ENTITY_ACTION.THROW` aborts.
       * @param {Record<string, string | { regx?: RegExp, regex?: RegExp, val: string }>} map
       */
      addInputEntities(map) {
        this._totalExpansions = 0;
        this._expandedLength = 0;
        if (!this._onInputEntity) {
          this._inputMap = mergeEntityMaps(map);
          return;
        }
        const flat = mergeEntityMaps(map);
        const filtered = /* @__PURE__ */ Object.create(null);
        for (const [name2, value] of Object.entries(flat)) {
          if (this._applyRegistrationHook(this._onInputEntity, name2, value, "input")) {
            filtered[name2] = value;
          }
        }
        this._inputMap = filtered;
      }
      // -------------------------------------------------------------------------
      // Per-document reset
      // -------------------------------------------------------------------------
      /**
       * Wipe input/runtime entities and reset counters.
       * Call this before processing each new document.
       * @returns {this}
       */
      reset() {
        this._inputMap = /* @__PURE__ */ Object.create(null);
        this._totalExpansions = 0;
        this._expandedLength = 0;
        return this;
      }
      // -------------------------------------------------------------------------
      // XML version (can be set after construction, e.g. once parser reads <?xml?>)
      // -------------------------------------------------------------------------
      /**
       * Update the XML version used for NCR classification.
       * Call this as soon as the document's `<?xml version="...">` declaration is parsed.
       * @param {1.0|1.1|number} version
       */
      setXmlVersion(version) {
        this._ncrXmlVersion = version === 1.1 ? 1.1 : 1;
      }
      // -------------------------------------------------------------------------
      // Primary API
      // -------------------------------------------------------------------------
      /**
       * Replace all entity references in `str` in a single pass.
       *
       * @param {string} str
       * @returns {string}
       */
      decode(str) {
        if (typeof str !== "string" || str.length === 0) return str;
        if (str.indexOf("&") === -1) return str;
        const original = str;
        const chunks = [];
        const len = str.length;
        let last = 0;
        let i = 0;
        const limitExpansions = this._maxTotalExpansions > 0;
        const limitLength = this._maxExpandedLength > 0;
        const checkLimits = limitExpansions || limitLength;
        while (i < len) {
          if (str.charCodeAt(i) !== 38) {
            i++;
            continue;
          }
          let j = i + 1;
          while (j < len && str.charCodeAt(j) !== 59 && j - i <= 32) j++;
          if (j >= len || str.charCodeAt(j) !== 59) {
            i++;
            continue;
          }
          const token = str.slice(i + 1, j);
          if (token.length === 0) {
            i++;
            continue;
          }
          let replacement;
          let tier;
          if (this._removeSet.has(token)) {
            replacement = "";
            if (tier === void 0) {
              tier = LIMIT_TIER_EXTERNAL;
            }
          } else if (this._leaveSet.has(token)) {
            i++;
            continue;
          } else if (token.charCodeAt(0) === 35) {
            const ncrResult = this._resolveNCR(token);
            if (ncrResult === void 0) {
              i++;
              continue;
            }
            replacement = ncrResult;
            tier = LIMIT_TIER_BASE;
          } else {
            const resolved = this._resolveName(token);
            replacement = resolved?.value;
            tier = resolved?.tier;
          }
          if (replacement === void 0) {
            i++;
            continue;
          }
          if (i > last) chunks.push(str.slice(last, i));
          chunks.push(replacement);
          last = j + 1;
          i = last;
          if (checkLimits && this._tierCounts(tier)) {
            if (limitExpansions) {
              this._totalExpansions++;
              if (this._totalExpansions > this._maxTotalExpansions) {
                throw new Error(
                  `[EntityReplacer] Entity expansion count limit exceeded: ${this._totalExpansions} > ${this._maxTotalExpansions}`
                );
              }
            }
            if (limitLength) {
              const delta = replacement.length - (token.length + 2);
              if (delta > 0) {
                this._expandedLength += delta;
                if (this._expandedLength > this._maxExpandedLength) {
                  throw new Error(
                    `[EntityReplacer] Expanded content length limit exceeded: ${this._expandedLength} > ${this._maxExpandedLength}`
                  );
                }
              }
            }
          }
        }
        if (last < len) chunks.push(str.slice(last));
        const result = chunks.length === 0 ? str : chunks.join("");
        return this._postCheck(result, original);
      }
      // -------------------------------------------------------------------------
      // Private: limit tier check
      // -------------------------------------------------------------------------
      /**
       * Returns true if a resolved entity of the given tier should count
       * against the expansion/length limits.
       * @param {string} tier  — LIMIT_TIER_EXTERNAL | LIMIT_TIER_BASE
       * @returns {boolean}
       */
      _tierCounts(tier) {
        if (this._limitTiers.has(LIMIT_TIER_ALL)) return true;
        return this._limitTiers.has(tier);
      }
      // -------------------------------------------------------------------------
      // Private: entity resolution
      // -------------------------------------------------------------------------
      /**
       * Resolve a named entity token (without & and ;).
       * Priority: inputMap > externalMap > baseMap
       * Returns the resolved value tagged with its limit tier.
       *
       * @param {string} name
       * @returns {{ value: string, tier: string }|undefined}
       */
      _resolveName(name2) {
        if (name2 in this._inputMap) return { value: this._inputMap[name2], tier: LIMIT_TIER_EXTERNAL };
        if (name2 in this._externalMap) return { value: this._externalMap[name2], tier: LIMIT_TIER_EXTERNAL };
        if (name2 in this._baseMap) return { value: this._baseMap[name2], tier: LIMIT_TIER_BASE };
        return void 0;
      }
      /**
       * Classify a codepoint and return the minimum action level that must be applied.
       * Returns -1 when no minimum is imposed (normal allow path).
       *
       * Ranges checked (in priority order):
       *   1. U+0000            — null, governed by nullNCR (always ≥ remove)
       *   2. U+D800–U+DFFF     — surrogates, always prohibited (min: remove)
       *   3. U+0001–U+001F \ {0x09,0x0A,0x0D}  — XML 1.0 restricted C0 (min: remove)
       *      (skipped in XML 1.1 — C0 controls are allowed when written as NCRs)
       *
       * @param {number} cp  — codepoint
       * @returns {number}   — minimum NCR_LEVEL value, or -1 for no restriction
       */
      _classifyNCR(cp) {
        if (cp === 0) return this._ncrNullLevel;
        if (cp >= 55296 && cp <= 57343) return NCR_LEVEL.remove;
        if (this._ncrXmlVersion === 1) {
          if (cp >= 1 && cp <= 31 && !XML10_ALLOWED_C0.has(cp)) return NCR_LEVEL.remove;
        }
        return -1;
      }
      /**
       * Execute a resolved NCR action.
       *
       * @param {number} action   — NCR_LEVEL value
       * @param {string} token    — raw token (e.g. '#38') for error messages
       * @param {number} cp       — codepoint, used only for error messages
       * @returns {string|undefined}
       *   - decoded character string  → 'allow'
       *   - ''                        → 'remove'
       *   - undefined                 → 'leave' (caller must skip past '&' only)
       *   - throws Error              → 'throw'
       */
      _applyNCRAction(action, token, cp) {
        switch (action) {
          case NCR_LEVEL.allow:
            return String.fromCodePoint(cp);
          case NCR_LEVEL.remove:
            return "";
          case NCR_LEVEL.leave:
            return void 0;
          // signal: keep literal
          case NCR_LEVEL.throw:
            throw new Error(
              `[EntityDecoder] Prohibited numeric character reference &${token}; (U+${cp.toString(16).toUpperCase().padStart(4, "0")})`
            );
          default:
            return String.fromCodePoint(cp);
        }
      }
      /**
       * Full NCR resolution pipeline for a numeric token.
       *
       * Steps:
       *   1. Parse the codepoint (decimal or hex).
       *   2. Validate the raw codepoint range (NaN, <0, >0x10FFFF).
       *   3. If numericAllowed is false and no minimum restriction applies → leave as-is.
       *   4. Classify the codepoint to find the minimum required action level.
       *   5. Resolve effective action = max(onNCR, minimum).
       *   6. Apply and return.
       *
       * @param {string} token  — e.g. '#38', '#x26', '#X26'
       * @returns {string|undefined}
       *   - string (incl. '')  — replacement ('' = remove)
       *   - undefined          — leave original &token; as-is
       */
      _resolveNCR(token) {
        const second = token.charCodeAt(1);
        let cp;
        if (second === 120 || second === 88) {
          cp = parseInt(token.slice(2), 16);
        } else {
          cp = parseInt(token.slice(1), 10);
        }
        if (Number.isNaN(cp) || cp < 0 || cp > 1114111) return void 0;
        const minimum = this._classifyNCR(cp);
        if (!this._numericAllowed && minimum < NCR_LEVEL.remove) return void 0;
        const effective = minimum === -1 ? this._ncrOnLevel : Math.max(this._ncrOnLevel, minimum);
        return this._applyNCRAction(effective, token, cp);
      }
    };
  }
});

// node_modules/@nodable/entities/src/index.js
var init_src = __esm({
  "node_modules/@nodable/entities/src/index.js"() {
    "use strict";
    init_EntityDecoder();
    init_entities();
  }
});

// node_modules/fast-xml-parser/src/xmlparser/OptionsBuilder.js
function validatePropertyName(propertyName, optionName) {
  if (typeof propertyName !== "string") {
    return;
  }
  const normalized = propertyName.toLowerCase();
  if (DANGEROUS_PROPERTY_NAMES.some((dangerous) => normalized === dangerous.toLowerCase())) {
    throw new Error(
      `[SECURITY] Invalid ${optionName}: "${propertyName}" is a reserved JavaScript keyword that could cause prototype pollution`
    );
  }
  if (criticalProperties.some((dangerous) => normalized === dangerous.toLowerCase())) {
    throw new Error(
      `[SECURITY] Invalid ${optionName}: "${propertyName}" is a reserved JavaScript keyword that could cause prototype pollution`
    );
  }
}
function normalizeProcessEntities(value, htmlEntities) {
  if (typeof value === "boolean") {
    return {
      enabled: value,
      // true or false
      maxEntitySize: 1e4,
      maxExpansionDepth: 1e4,
      maxTotalExpansions: Infinity,
      maxExpandedLength: 1e5,
      maxEntityCount: 1e3,
      allowedTags: null,
      tagFilter: null,
      appliesTo: "all"
    };
  }
  if (typeof value === "object" && value !== null) {
    return {
      enabled: value.enabled !== false,
      maxEntitySize: Math.max(1, value.maxEntitySize ?? 1e4),
      maxExpansionDepth: Math.max(1, value.maxExpansionDepth ?? 1e4),
      maxTotalExpansions: Math.max(1, value.maxTotalExpansions ?? Infinity),
      maxExpandedLength: Math.max(1, value.maxExpandedLength ?? 1e5),
      maxEntityCount: Math.max(1, value.maxEntityCount ?? 1e3),
      allowedTags: value.allowedTags ?? null,
      tagFilter: value.tagFilter ?? null,
      appliesTo: value.appliesTo ?? "all"
    };
  }
  return normalizeProcessEntities(true);
}
var defaultOnDangerousProperty, defaultOptions2, buildOptions;
var init_OptionsBuilder = __esm({
  "node_modules/fast-xml-parser/src/xmlparser/OptionsBuilder.js"() {
    "use strict";
    init_util();
    defaultOnDangerousProperty = (name2) => {
      if (DANGEROUS_PROPERTY_NAMES.includes(name2)) {
        return "__" + name2;
      }
      return name2;
    };
    defaultOptions2 = {
      preserveOrder: false,
      attributeNamePrefix: "@_",
      attributesGroupName: false,
      textNodeName: "#text",
      ignoreAttributes: true,
      removeNSPrefix: false,
      // remove NS from tag name or attribute name if true
      allowBooleanAttributes: false,
      //a tag can have attributes without any value
      //ignoreRootElement : false,
      parseTagValue: true,
      parseAttributeValue: false,
      trimValues: true,
      //Trim string values of tag and attributes
      cdataPropName: false,
      numberParseOptions: {
        hex: true,
        leadingZeros: true,
        eNotation: true,
        unicode: false
      },
      tagValueProcessor: function(tagName, val) {
        return val;
      },
      attributeValueProcessor: function(attrName, val) {
        return val;
      },
      stopNodes: [],
      //nested tags will not be parsed even for errors
      alwaysCreateTextNode: false,
      isArray: () => false,
      commentPropName: false,
      unpairedTags: [],
      processEntities: true,
      htmlEntities: false,
      entityDecoder: null,
      ignoreDeclaration: false,
      ignorePiTags: false,
      transformTagName: false,
      transformAttributeName: false,
      updateTag: function(tagName, jPath, attrs) {
        return tagName;
      },
      // skipEmptyListItem: false
      captureMetaData: false,
      maxNestedTags: 100,
      strictReservedNames: true,
      jPath: true,
      // if true, pass jPath string to callbacks; if false, pass matcher instance
      onDangerousProperty: defaultOnDangerousProperty
    };
    buildOptions = function(options) {
      const built = Object.assign({}, defaultOptions2, options);
      const propertyNameOptions = [
        { value: built.attributeNamePrefix, name: "attributeNamePrefix" },
        { value: built.attributesGroupName, name: "attributesGroupName" },
        { value: built.textNodeName, name: "textNodeName" },
        { value: built.cdataPropName, name: "cdataPropName" },
        { value: built.commentPropName, name: "commentPropName" }
      ];
      for (const { value, name: name2 } of propertyNameOptions) {
        if (value) {
          validatePropertyName(value, name2);
        }
      }
      if (built.onDangerousProperty === null) {
        built.onDangerousProperty = defaultOnDangerousProperty;
      }
      built.processEntities = normalizeProcessEntities(built.processEntities, built.htmlEntities);
      built.unpairedTagsSet = new Set(built.unpairedTags);
      if (built.stopNodes && Array.isArray(built.stopNodes)) {
        built.stopNodes = built.stopNodes.map((node) => {
          if (typeof node === "string" && node.startsWith("*.")) {
            return ".." + node.substring(2);
          }
          return node;
        });
      }
      return built;
    };
  }
});

// node_modules/fast-xml-parser/src/xmlparser/xmlNode.js
var METADATA_SYMBOL, XmlNode;
var init_xmlNode = __esm({
  "node_modules/fast-xml-parser/src/xmlparser/xmlNode.js"() {
    "use strict";
    if (typeof Symbol !== "function") {
      METADATA_SYMBOL = "@@xmlMetadata";
    } else {
      METADATA_SYMBOL = /* @__PURE__ */ Symbol("XML Node Metadata");
    }
    XmlNode = class {
      constructor(tagname) {
        this.tagname = tagname;
        this.child = [];
        this[":@"] = /* @__PURE__ */ Object.create(null);
      }
      add(key, val) {
        if (key === "__proto__") key = "#__proto__";
        this.child.push({ [key]: val });
      }
      addChild(node, startIndex) {
        if (node.tagname === "__proto__") node.tagname = "#__proto__";
        if (node[":@"] && Object.keys(node[":@"]).length > 0) {
          this.child.push({ [node.tagname]: node.child, [":@"]: node[":@"] });
        } else {
          this.child.push({ [node.tagname]: node.child });
        }
        this.addStartIndex(startIndex);
      }
      addStartIndex(startIndex) {
        if (startIndex !== void 0) {
          this.child[this.child.length - 1][METADATA_SYMBOL] = { startIndex };
        }
      }
      addEndIndex(endIndex) {
        const lastChild = this.child[this.child.length - 1];
        if (lastChild !== void 0 && lastChild[METADATA_SYMBOL] !== void 0 && lastChild[METADATA_SYMBOL].endIndex === void 0) {
          lastChild[METADATA_SYMBOL].endIndex = endIndex;
        }
      }
      /** symbol used for metadata */
      static getMetaDataSymbol() {
        return METADATA_SYMBOL;
      }
    };
  }
});

// node_modules/xml-naming/src/index.js
var nameStartChar10, nameChar10, nameStartChar11, nameChar11, buildRegexes, regexes10, regexes11, nameStartCharAscii, nameCharAscii, regexesAscii, getRegexes, qName, PRODUCTIONS, createValidator;
var init_src2 = __esm({
  "node_modules/xml-naming/src/index.js"() {
    "use strict";
    nameStartChar10 = ":A-Za-z_\xC0-\xD6\xD8-\xF6\xF8-\u02FF\u0370-\u037D\u037F-\u0486\u0488-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD";
    nameChar10 = nameStartChar10 + "\\-\\.\\d\xB7\u0300-\u036F\u203F-\u2040";
    nameStartChar11 = ":A-Za-z_\xC0-\u02FF\u0370-\u037D\u037F-\u0486\u0488-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}";
    nameChar11 = nameStartChar11 + "\\-\\.\\d\xB7\u0300-\u036F\u0487\u203F-\u2040";
    buildRegexes = (startChar, char, flags = "") => {
      const ncStart = startChar.replace(":", "");
      const ncChar = char.replace(":", "");
      const ncNamePat = `[${ncStart}][${ncChar}]*`;
      return {
        name: new RegExp(`^[${startChar}][${char}]*$`, flags),
        ncName: new RegExp(`^${ncNamePat}$`, flags),
        qName: new RegExp(`^${ncNamePat}(?::${ncNamePat})?$`, flags),
        nmToken: new RegExp(`^[${char}]+$`, flags),
        nmTokens: new RegExp(`^[${char}]+(?:\\s+[${char}]+)*$`, flags)
      };
    };
    regexes10 = buildRegexes(nameStartChar10, nameChar10);
    regexes11 = buildRegexes(nameStartChar11, nameChar11, "u");
    nameStartCharAscii = ":A-Za-z_";
    nameCharAscii = nameStartCharAscii + "\\-\\.\\d";
    regexesAscii = buildRegexes(nameStartCharAscii, nameCharAscii);
    getRegexes = (xmlVersion = "1.0", asciiOnly = false) => {
      if (asciiOnly) return regexesAscii;
      return xmlVersion === "1.1" ? regexes11 : regexes10;
    };
    qName = (str, { xmlVersion = "1.0", asciiOnly = false } = {}) => getRegexes(xmlVersion, asciiOnly).qName.test(str);
    PRODUCTIONS = ["name", "ncName", "qName", "nmToken", "nmTokens"];
    createValidator = (production, { xmlVersion = "1.0", asciiOnly = false, maxCacheSize = 2048 } = {}) => {
      if (!PRODUCTIONS.includes(production)) {
        throw new TypeError(
          `Unknown production "${production}". Must be one of: ${PRODUCTIONS.join(", ")}`
        );
      }
      const regex = getRegexes(xmlVersion, asciiOnly)[production];
      let cache2 = /* @__PURE__ */ new Map();
      const validator2 = (str) => {
        const cached = cache2.get(str);
        if (cached !== void 0) return cached;
        const result = regex.test(str);
        if (cache2.size < maxCacheSize) cache2.set(str, result);
        return result;
      };
      validator2.reset = () => {
        cache2 = /* @__PURE__ */ new Map();
      };
      return validator2;
    };
  }
});

// node_modules/fast-xml-parser/src/xmlparser/DocTypeReader.js
function hasSeq(data, seq, i) {
  for (let j = 0; j < seq.length; j++) {
    if (seq[j] !== data[i + j + 1]) return false;
  }
  return true;
}
function validateEntityName2(name2, xmlVersion) {
  if (qName(name2, { xmlVersion }))
    return name2;
  else
    throw new Error(`Invalid entity name ${name2}`);
}
var DocTypeReader, skipWhitespace;
var init_DocTypeReader = __esm({
  "node_modules/fast-xml-parser/src/xmlparser/DocTypeReader.js"() {
    "use strict";
    init_src2();
    DocTypeReader = class {
      constructor(options, xmlVersion) {
        this.suppressValidationErr = !options;
        this.options = options;
        this.xmlVersion = xmlVersion || 1;
      }
      setXmlVersion(xmlVersion = 1) {
        this.xmlVersion = xmlVersion;
      }
      readDocType(xmlData, i) {
        const entities = /* @__PURE__ */ Object.create(null);
        let entityCount = 0;
        if (xmlData[i + 3] === "O" && xmlData[i + 4] === "C" && xmlData[i + 5] === "T" && xmlData[i + 6] === "Y" && xmlData[i + 7] === "P" && xmlData[i + 8] === "E") {
          i = i + 9;
          let angleBracketsCount = 1;
          let hasBody = false, comment = false;
          let quoteChar = null;
          let exp = "";
          for (; i < xmlData.length; i++) {
            if (quoteChar !== null) {
              if (xmlData[i] === quoteChar) quoteChar = null;
              exp += xmlData[i];
              continue;
            }
            if (!hasBody && !comment && (xmlData[i] === '"' || xmlData[i] === "'")) {
              quoteChar = xmlData[i];
              exp += xmlData[i];
              continue;
            }
            if (xmlData[i] === "<" && !comment) {
              if (hasBody && hasSeq(xmlData, "!ENTITY", i)) {
                i += 7;
                let entityName, val;
                [entityName, val, i] = this.readEntityExp(xmlData, i + 1, this.suppressValidationErr);
                if (val.indexOf("&") === -1) {
                  if (this.options.enabled !== false && this.options.maxEntityCount != null && entityCount >= this.options.maxEntityCount) {
                    throw new Error(
                      `Entity count (${entityCount + 1}) exceeds maximum allowed (${this.options.maxEntityCount})`
                    );
                  }
                  entities[entityName] = val;
                  entityCount++;
                }
              } else if (hasBody && hasSeq(xmlData, "!ELEMENT", i)) {
                i += 8;
                const { index } = this.readElementExp(xmlData, i + 1);
                i = index;
              } else if (hasBody && hasSeq(xmlData, "!ATTLIST", i)) {
                i += 8;
              } else if (hasBody && hasSeq(xmlData, "!NOTATION", i)) {
                i += 9;
                const { index } = this.readNotationExp(xmlData, i + 1, this.suppressValidationErr);
                i = index;
              } else if (hasSeq(xmlData, "!--", i)) comment = true;
              else throw new Error(`Invalid DOCTYPE`);
              angleBracketsCount++;
              exp = "";
            } else if (xmlData[i] === ">") {
              if (comment) {
                if (xmlData[i - 1] === "-" && xmlData[i - 2] === "-") {
                  comment = false;
                  angleBracketsCount--;
                }
              } else {
                angleBracketsCount--;
              }
              if (angleBracketsCount === 0) {
                break;
              }
            } else if (xmlData[i] === "[") {
              hasBody = true;
            } else {
              exp += xmlData[i];
            }
          }
          if (quoteChar !== null || angleBracketsCount !== 0) {
            throw new Error(`Unclosed DOCTYPE`);
          }
        } else {
          throw new Error(`Invalid Tag instead of DOCTYPE`);
        }
        return { entities, i };
      }
      readEntityExp(xmlData, i) {
        i = skipWhitespace(xmlData, i);
        const startIndex = i;
        while (i < xmlData.length && !/\s/.test(xmlData[i]) && xmlData[i] !== '"' && xmlData[i] !== "'") {
          i++;
        }
        let entityName = xmlData.substring(startIndex, i);
        validateEntityName2(entityName, { xmlVersion: this.xmlVersion });
        i = skipWhitespace(xmlData, i);
        if (!this.suppressValidationErr) {
          if (xmlData.substring(i, i + 6).toUpperCase() === "SYSTEM") {
            throw new Error("External entities are not supported");
          } else if (xmlData[i] === "%") {
            throw new Error("Parameter entities are not supported");
          }
        }
        let entityValue = "";
        [i, entityValue] = this.readIdentifierVal(xmlData, i, "entity");
        if (this.options.enabled !== false && this.options.maxEntitySize != null && entityValue.length > this.options.maxEntitySize) {
          throw new Error(
            `Entity "${entityName}" size (${entityValue.length}) exceeds maximum allowed size (${this.options.maxEntitySize})`
          );
        }
        i--;
        return [entityName, entityValue, i];
      }
      readNotationExp(xmlData, i) {
        i = skipWhitespace(xmlData, i);
        const startIndex = i;
        while (i < xmlData.length && !/\s/.test(xmlData[i])) {
          i++;
        }
        let notationName = xmlData.substring(startIndex, i);
        !this.suppressValidationErr && validateEntityName2(notationName, { xmlVersion: this.xmlVersion });
        i = skipWhitespace(xmlData, i);
        const identifierType = xmlData.substring(i, i + 6).toUpperCase();
        if (!this.suppressValidationErr && identifierType !== "SYSTEM" && identifierType !== "PUBLIC") {
          throw new Error(`Expected SYSTEM or PUBLIC, found "${identifierType}"`);
        }
        i += identifierType.length;
        i = skipWhitespace(xmlData, i);
        let publicIdentifier = null;
        let systemIdentifier = null;
        if (identifierType === "PUBLIC") {
          [i, publicIdentifier] = this.readIdentifierVal(xmlData, i, "publicIdentifier");
          i = skipWhitespace(xmlData, i);
          if (xmlData[i] === '"' || xmlData[i] === "'") {
            [i, systemIdentifier] = this.readIdentifierVal(xmlData, i, "systemIdentifier");
          }
        } else if (identifierType === "SYSTEM") {
          [i, systemIdentifier] = this.readIdentifierVal(xmlData, i, "systemIdentifier");
          if (!this.suppressValidationErr && !systemIdentifier) {
            throw new Error("Missing mandatory system identifier for SYSTEM notation");
          }
        }
        return { notationName, publicIdentifier, systemIdentifier, index: --i };
      }
      readIdentifierVal(xmlData, i, type) {
        let identifierVal = "";
        const startChar = xmlData[i];
        if (startChar !== '"' && startChar !== "'") {
          throw new Error(`Expected quoted string, found "${startChar}"`);
        }
        i++;
        const startIndex = i;
        while (i < xmlData.length && xmlData[i] !== startChar) {
          i++;
        }
        identifierVal = xmlData.substring(startIndex, i);
        if (xmlData[i] !== startChar) {
          throw new Error(`Unterminated ${type} value`);
        }
        i++;
        return [i, identifierVal];
      }
      readElementExp(xmlData, i) {
        i = skipWhitespace(xmlData, i);
        const startIndex = i;
        while (i < xmlData.length && !/\s/.test(xmlData[i])) {
          i++;
        }
        let elementName = xmlData.substring(startIndex, i);
        if (!this.suppressValidationErr && !qName(elementName, { xmlVersion: this.xmlVersion })) {
          throw new Error(`Invalid element name: "${elementName}"`);
        }
        i = skipWhitespace(xmlData, i);
        let contentModel = "";
        if (xmlData[i] === "E" && hasSeq(xmlData, "MPTY", i)) i += 4;
        else if (xmlData[i] === "A" && hasSeq(xmlData, "NY", i)) i += 2;
        else if (xmlData[i] === "(") {
          i++;
          const startIndex2 = i;
          while (i < xmlData.length && xmlData[i] !== ")") {
            i++;
          }
          contentModel = xmlData.substring(startIndex2, i);
          if (xmlData[i] !== ")") {
            throw new Error("Unterminated content model");
          }
        } else if (!this.suppressValidationErr) {
          throw new Error(`Invalid Element Expression, found "${xmlData[i]}"`);
        }
        return {
          elementName,
          contentModel: contentModel.trim(),
          index: i
        };
      }
      readAttlistExp(xmlData, i) {
        i = skipWhitespace(xmlData, i);
        let startIndex = i;
        while (i < xmlData.length && !/\s/.test(xmlData[i])) {
          i++;
        }
        let elementName = xmlData.substring(startIndex, i);
        validateEntityName2(elementName, { xmlVersion: this.xmlVersion });
        i = skipWhitespace(xmlData, i);
        startIndex = i;
        while (i < xmlData.length && !/\s/.test(xmlData[i])) {
          i++;
        }
        let attributeName = xmlData.substring(startIndex, i);
        if (!validateEntityName2(attributeName, { xmlVersion: this.xmlVersion })) {
          throw new Error(`Invalid attribute name: "${attributeName}"`);
        }
        i = skipWhitespace(xmlData, i);
        let attributeType = "";
        if (xmlData.substring(i, i + 8).toUpperCase() === "NOTATION") {
          attributeType = "NOTATION";
          i += 8;
          i = skipWhitespace(xmlData, i);
          if (xmlData[i] !== "(") {
            throw new Error(`Expected '(', found "${xmlData[i]}"`);
          }
          i++;
          let allowedNotations = [];
          while (i < xmlData.length && xmlData[i] !== ")") {
            const startIndex2 = i;
            while (i < xmlData.length && xmlData[i] !== "|" && xmlData[i] !== ")") {
              i++;
            }
            let notation = xmlData.substring(startIndex2, i);
            notation = notation.trim();
            if (!validateEntityName2(notation, { xmlVersion: this.xmlVersion })) {
              throw new Error(`Invalid notation name: "${notation}"`);
            }
            allowedNotations.push(notation);
            if (xmlData[i] === "|") {
              i++;
              i = skipWhitespace(xmlData, i);
            }
          }
          if (xmlData[i] !== ")") {
            throw new Error("Unterminated list of notations");
          }
          i++;
          attributeType += " (" + allowedNotations.join("|") + ")";
        } else {
          const startIndex2 = i;
          while (i < xmlData.length && !/\s/.test(xmlData[i])) {
            i++;
          }
          attributeType += xmlData.substring(startIndex2, i);
          const validTypes = ["CDATA", "ID", "IDREF", "IDREFS", "ENTITY", "ENTITIES", "NMTOKEN", "NMTOKENS"];
          if (!this.suppressValidationErr && !validTypes.includes(attributeType.toUpperCase())) {
            throw new Error(`Invalid attribute type: "${attributeType}"`);
          }
        }
        i = skipWhitespace(xmlData, i);
        let defaultValue = "";
        if (xmlData.substring(i, i + 8).toUpperCase() === "#REQUIRED") {
          defaultValue = "#REQUIRED";
          i += 8;
        } else if (xmlData.substring(i, i + 7).toUpperCase() === "#IMPLIED") {
          defaultValue = "#IMPLIED";
          i += 7;
        } else {
          [i, defaultValue] = this.readIdentifierVal(xmlData, i, "ATTLIST");
        }
        return {
          elementName,
          attributeName,
          attributeType,
          defaultValue,
          index: i
        };
      }
    };
    skipWhitespace = (data, index) => {
      while (index < data.length && /\s/.test(data[index])) {
        index++;
      }
      return index;
    };
  }
});

// node_modules/anynum/digitTable.js
var SCRIPT_ZEROS, NOT_DIGIT, HIGH_MAP, LOW_MAX, LOW_MIN, TABLE_OFFSET, TABLE_SIZE, TABLE;
var init_digitTable = __esm({
  "node_modules/anynum/digitTable.js"() {
    "use strict";
    SCRIPT_ZEROS = [
      // Basic Latin (ASCII) — included for completeness / pass-through
      48,
      // 0-9
      // Arabic scripts
      1632,
      // Arabic-Indic ٠١٢٣٤٥٦٧٨٩
      1776,
      // Extended Arabic-Indic (Urdu/Persian/Sindhi) ۰۱۲۳
      // Indic scripts
      2406,
      // Devanagari ०१२३४५६७८९
      2534,
      // Bengali ০১২৩৪৫৬৭৮৯
      2662,
      // Gurmukhi ੦੧੨੩੪੫੬੭੮੯
      2790,
      // Gujarati ૦૧૨૩૪૫૬૭૮૯
      2918,
      // Odia ୦୧୨୩୪୫୬୭୮୯
      3046,
      // Tamil ௦௧௨௩௪௫௬௭௮௯
      3174,
      // Telugu ౦౧౨౩౪౫౬౭౮౯
      3302,
      // Kannada ೦೧೨೩೪೫೬೭೮೯
      3430,
      // Malayalam ൦൧൨൩൪൫൬൭൮൯
      3558,
      // Sinhala Archaic ෦෧෨෩෪෫෬෭෮෯
      // Southeast Asian scripts
      3664,
      // Thai ๐๑๒๓๔๕๖๗๘๙
      3792,
      // Lao ໐໑໒໓໔໕໖໗໘໙
      3872,
      // Tibetan ༠༡༢༣༤༥༦༧༨༩
      4160,
      // Myanmar ၀၁၂၃၄၅၆၇၈၉
      4240,
      // Myanmar Shan ႐႑႒႓႔႕႖႗႘႙
      6112,
      // Khmer ០១២៣៤៥៦៧៨៩
      6160,
      // Mongolian ᠐᠑᠒᠓᠔᠕᠖᠗᠘᠙
      6470,
      // Limbu ᥆᥇᥈᥉᥊᥋᥌᥍᥎᥏
      6608,
      // New Tai Lue ᧐᧑᧒᧓᧔᧕᧖᧗᧘᧙
      6784,
      // Tai Tham Hora ᪀᪁᪂᪃᪄᪅᪆᪇᪈᪉
      6800,
      // Tai Tham Tham ᪐᪑᪒᪓᪔᪕᪖᪗᪘᪙
      6992,
      // Balinese ᭐᭑᭒᭓᭔᭕᭖᭗᭘᭙
      7088,
      // Sundanese ᮰᮱᮲᮳᮴᮵᮶᮷᮸᮹
      7232,
      // Lepcha ᱀᱁᱂᱃᱄᱅᱆᱇᱈᱉
      7248,
      // Ol Chiki ᱐᱑᱒᱓᱔᱕᱖᱗᱘᱙
      // Fullwidth (CJK context)
      65296,
      // Fullwidth ０１２３４５６７８９
      // Mathematical digit variants (Unicode math block)
      120782,
      // Mathematical Bold
      120792,
      // Mathematical Double-Struck
      120802,
      // Mathematical Sans-Serif
      120812,
      // Mathematical Sans-Serif Bold
      120822,
      // Mathematical Monospace
      // Other scripts
      66720,
      // Osmanya 𐒠𐒡𐒢𐒣𐒤𐒥𐒦𐒧𐒨𐒩
      68912,
      // Hanifi Rohingya 𐴰𐴱𐴲𐴳𐴴𐴵𐴶𐴷𐴸𐴹
      69734,
      // Brahmi 𑁦𑁧𑁨𑁩𑁪𑁫𑁬𑁭𑁮𑁯
      69872,
      // Sora Sompeng 𑃰𑃱𑃲𑃳𑃴𑃵𑃶𑃷𑃸𑃹
      69942,
      // Chakma 𑄶𑄷𑄸𑄹𑄺𑄻𑄼𑄽𑄾𑄿
      70096,
      // Sharada 𑇐𑇑𑇒𑇓𑇔𑇕𑇖𑇗𑇘𑇙
      70384,
      // Khudawadi 𑋰𑋱𑋲𑋳𑋴𑋵𑋶𑋷𑋸𑋹
      70736,
      // Newa 𑑐𑑑𑑒𑑓𑑔𑑕𑑖𑑗𑑘𑑙
      70864,
      // Tirhuta 𑓐𑓑𑓒𑓓𑓔𑓕𑓖𑓗𑓘𑓙
      71248,
      // Modi 𑙐𑙑𑙒𑙓𑙔𑙕𑙖𑙗𑙘𑙙
      71360,
      // Takri 𑛀𑛁𑛂𑛃𑛄𑛅𑛆𑛇𑛈𑛉
      71472,
      // Ahom 𑜰𑜱𑜲𑜳𑜴𑜵𑜶𑜷𑜸𑜹
      71904,
      // Warang Citi 𑣠𑣡𑣢𑣣𑣤𑣥𑣦𑣧𑣨𑣩
      72016,
      // Dives Akuru 𑥐𑥑𑥒𑥓𑥔𑥕𑥖𑥗𑥘𑥙
      72688,
      // Khitan Small Script 𑯰𑯱𑯲𑯳𑯴𑯵𑯶𑯷𑯸𑯹
      72784,
      // Bhaiksuki 𑱐𑱑𑱒𑱓𑱔𑱕𑱖𑱗𑱘𑱙
      73040,
      // Masaram Gondi 𑵐𑵑𑵒𑵓𑵔𑵕𑵖𑵗𑵘𑵙
      73120,
      // Gunjala Gondi 𑶠𑶡𑶢𑶣𑶤𑶥𑶦𑶧𑶨𑶩
      73552,
      // Kawi 𑽐𑽑𑽒𑽓𑽔𑽕𑽖𑽗𑽘𑽙
      92768,
      // Mro 𖩠𖩡𖩢𖩣𖩤𖩥𖩦𖩧𖩨𖩩
      92864,
      // Tangsa 𖫀𖫁𖫂𖫃𖫄𖫅𖫆𖫇𖫈𖫉
      93008,
      // Pahawh Hmong 𖭐𖭑𖭒𖭓𖭔𖭕𖭖𖭗𖭘𖭙
      123200,
      // Nyiakeng Puachue Hmong 𞅀𞅁𞅂𞅃𞅄𞅅𞅆𞅇𞅈𞅉
      123632,
      // Wancho 𞋰𞋱𞋲𞋳𞋴𞋵𞋶𞋷𞋸𞋹
      124144,
      // Nag Mundari 𞓰𞓱𞓲𞓳𞓴𞓵𞓶𞓷𞓸𞓹
      125264,
      // Adlam 𞥐𞥑𞥒𞥓𞥔𞥕𞥖𞥗𞥘𞥙
      130032
      // Segmented digit symbols 🯰🯱🯲🯳🯴🯵🯶🯷🯸🯹
    ];
    NOT_DIGIT = 255;
    HIGH_MAP = /* @__PURE__ */ new Map();
    LOW_MAX = 65535;
    LOW_MIN = 1632;
    TABLE_OFFSET = LOW_MIN;
    TABLE_SIZE = LOW_MAX - LOW_MIN + 1;
    TABLE = new Uint8Array(TABLE_SIZE).fill(NOT_DIGIT);
    for (const zero of SCRIPT_ZEROS) {
      for (let d = 0; d < 10; d++) {
        const cp = zero + d;
        if (cp <= LOW_MAX) {
          TABLE[cp - TABLE_OFFSET] = d;
        } else {
          HIGH_MAP.set(cp, d);
        }
      }
    }
  }
});

// node_modules/anynum/anynum.js
function anynum(str) {
  if (typeof str !== "string") return str;
  const len = str.length;
  if (len === 0) return str;
  let firstHit = -1;
  for (let i = 0; i < len; i++) {
    const cc = str.charCodeAt(i);
    if (cc >= CHAR_0 && cc <= CHAR_9 || cc === CHAR_MINUS) continue;
    if (cc < TABLE_OFFSET) {
      if (MINUS_SET.has(cc)) {
        firstHit = i;
        break;
      }
      continue;
    }
    if (cc >= 55296 && cc <= 56319) {
      if (i + 1 < len) {
        const low = str.charCodeAt(i + 1);
        if (low >= 56320 && low <= 57343) {
          const cp = 65536 + (cc - 55296 << 10) + (low - 56320);
          if (HIGH_MAP.has(cp)) {
            firstHit = i;
            break;
          }
        }
      }
      continue;
    }
    if (TABLE[cc - TABLE_OFFSET] !== NOT_DIGIT || MINUS_SET.has(cc)) {
      firstHit = i;
      break;
    }
  }
  if (firstHit === -1) return str;
  const chars = [];
  if (firstHit > 0) chars.push(str.slice(0, firstHit));
  for (let i = firstHit; i < len; i++) {
    const cc = str.charCodeAt(i);
    if (cc >= CHAR_0 && cc <= CHAR_9 || cc === CHAR_MINUS) {
      chars.push(str[i]);
      continue;
    }
    if (cc < TABLE_OFFSET) {
      chars.push(MINUS_SET.has(cc) ? "-" : str[i]);
      continue;
    }
    if (cc >= 55296 && cc <= 56319) {
      if (i + 1 < len) {
        const low = str.charCodeAt(i + 1);
        if (low >= 56320 && low <= 57343) {
          const cp = 65536 + (cc - 55296 << 10) + (low - 56320);
          const d2 = HIGH_MAP.get(cp);
          if (d2 !== void 0) {
            chars.push(String.fromCharCode(d2 + 48));
            i++;
            continue;
          }
        }
      }
      chars.push(str[i]);
      continue;
    }
    if (MINUS_SET.has(cc)) {
      chars.push("-");
      continue;
    }
    const d = TABLE[cc - TABLE_OFFSET];
    chars.push(d !== NOT_DIGIT ? String.fromCharCode(d + 48) : str[i]);
  }
  return chars.join("");
}
var CHAR_0, CHAR_9, CHAR_MINUS, MINUS_SET, anynum_default;
var init_anynum = __esm({
  "node_modules/anynum/anynum.js"() {
    "use strict";
    init_digitTable();
    CHAR_0 = 48;
    CHAR_9 = 57;
    CHAR_MINUS = 45;
    MINUS_SET = /* @__PURE__ */ new Set([8722, 65293, 65123]);
    anynum_default = anynum;
  }
});

// node_modules/strnum/strnum.js
function toNumber(str, options = {}) {
  options = Object.assign({}, consider, options);
  if (!str || typeof str !== "string") return str;
  let trimmedStr = str.trim();
  if (trimmedStr.length === 0) return str;
  else if (options.skipLike !== void 0 && options.skipLike.test(trimmedStr)) return str;
  else if (trimmedStr === "0") return 0;
  if (options.unicode) {
    trimmedStr = anynum_default(trimmedStr);
    if (trimmedStr === "0") return 0;
  }
  if (options.hex && hexRegex.test(trimmedStr)) {
    return parse_int(trimmedStr, 16);
  } else if (options.binary && binRegex.test(trimmedStr)) {
    return parse_int(trimmedStr, 2);
  } else if (options.octal && octRegex.test(trimmedStr)) {
    return parse_int(trimmedStr, 8);
  } else if (!isFinite(trimmedStr)) {
    const num = Number(trimmedStr);
    if (Number.isNaN(num)) return str;
    return handleInfinity(str, num, options);
  } else if (trimmedStr.includes("e") || trimmedStr.includes("E")) {
    return resolveEnotation(str, trimmedStr, options);
  } else {
    const match2 = numRegex.exec(trimmedStr);
    if (match2) {
      const sign = match2[1] || "";
      const leadingZeros = match2[2];
      let numTrimmedByZeros = trimZeros(match2[3]);
      const decimalAdjacentToLeadingZeros = sign ? (
        // 0., -00., 000.
        trimmedStr[leadingZeros.length + 1] === "."
      ) : trimmedStr[leadingZeros.length] === ".";
      if (!options.leadingZeros && (leadingZeros.length > 1 || leadingZeros.length === 1 && !decimalAdjacentToLeadingZeros)) {
        return str;
      } else {
        const num = Number(trimmedStr);
        const parsedStr = String(num);
        if (num === 0) return num;
        if (parsedStr.search(/[eE]/) !== -1) {
          if (options.eNotation) return num;
          else return str;
        } else if (trimmedStr.indexOf(".") !== -1) {
          if (parsedStr === "0") return num;
          else if (parsedStr === numTrimmedByZeros) return num;
          else if (parsedStr === `${sign}${numTrimmedByZeros}`) return num;
          else return str;
        }
        let n = leadingZeros ? numTrimmedByZeros : trimmedStr;
        if (leadingZeros) {
          return n === parsedStr || sign + n === parsedStr ? num : str;
        } else {
          return n === parsedStr || n === sign + parsedStr ? num : str;
        }
      }
    } else {
      return str;
    }
  }
}
function resolveEnotation(str, trimmedStr, options) {
  if (!options.eNotation) return str;
  const notation = trimmedStr.match(eNotationRegx);
  if (notation) {
    let sign = notation[1] || "";
    const eChar = notation[3].indexOf("e") === -1 ? "E" : "e";
    const leadingZeros = notation[2];
    const eAdjacentToLeadingZeros = sign ? (
      // 0E.
      trimmedStr[leadingZeros.length + 1] === eChar
    ) : trimmedStr[leadingZeros.length] === eChar;
    if (leadingZeros.length > 1 && eAdjacentToLeadingZeros) return str;
    else if (leadingZeros.length === 1 && (notation[3].startsWith(`.${eChar}`) || notation[3][0] === eChar)) {
      return Number(trimmedStr);
    } else if (leadingZeros.length > 0) {
      if (options.leadingZeros && !eAdjacentToLeadingZeros) {
        return Number(trimmedStr);
      } else return str;
    } else {
      return Number(trimmedStr);
    }
  } else {
    return str;
  }
}
function trimZeros(numStr) {
  if (numStr && numStr.indexOf(".") !== -1) {
    let end = numStr.length;
    while (end > 0 && numStr.charCodeAt(end - 1) === 48) end--;
    numStr = numStr.slice(0, end);
    if (numStr === ".") numStr = "0";
    else if (numStr[0] === ".") numStr = "0" + numStr;
    else if (numStr[numStr.length - 1] === ".") numStr = numStr.substring(0, numStr.length - 1);
    return numStr;
  }
  return numStr;
}
function parse_int(numStr, base) {
  const str = numStr.trim();
  if (base === 2 || base === 8) numStr = str.substring(2);
  if (parseInt) return parseInt(numStr, base);
  else if (Number.parseInt) return Number.parseInt(numStr, base);
  else if (window && window.parseInt) return window.parseInt(numStr, base);
  else throw new Error("parseInt, Number.parseInt, window.parseInt are not supported");
}
function handleInfinity(str, num, options) {
  const isPositive = num === Infinity;
  switch (options.infinity.toLowerCase()) {
    case "null":
      return null;
    case "infinity":
      return num;
    // Return Infinity or -Infinity
    case "string":
      return isPositive ? "Infinity" : "-Infinity";
    case "original":
    default:
      return str;
  }
}
var hexRegex, binRegex, octRegex, numRegex, consider, eNotationRegx;
var init_strnum = __esm({
  "node_modules/strnum/strnum.js"() {
    "use strict";
    init_anynum();
    hexRegex = /^[-+]?0x[a-fA-F0-9]+$/;
    binRegex = /^0b[01]+$/;
    octRegex = /^0o[0-7]+$/;
    numRegex = /^([\-\+])?(0*)([0-9]*(\.[0-9]*)?)$/;
    consider = {
      hex: true,
      binary: false,
      octal: false,
      leadingZeros: true,
      decimalPoint: ".",
      eNotation: true,
      //skipLike: /regex/,
      infinity: "original",
      // "null", "infinity" (Infinity type), "string" ("Infinity" (the string literal))
      unicode: false
    };
    eNotationRegx = /^([-+])?(0*)(\d*(\.\d*)?[eE][-\+]?\d+)$/;
  }
});

// node_modules/fast-xml-parser/src/ignoreAttributes.js
function getIgnoreAttributesFn(ignoreAttributes) {
  if (typeof ignoreAttributes === "function") {
    return ignoreAttributes;
  }
  if (Array.isArray(ignoreAttributes)) {
    return (attrName) => {
      for (const pattern of ignoreAttributes) {
        if (typeof pattern === "string" && attrName === pattern) {
          return true;
        }
        if (pattern instanceof RegExp && pattern.test(attrName)) {
          return true;
        }
      }
    };
  }
  return () => false;
}
var init_ignoreAttributes = __esm({
  "node_modules/fast-xml-parser/src/ignoreAttributes.js"() {
    "use strict";
  }
});

// node_modules/path-expression-matcher/src/Expression.js
var Expression;
var init_Expression = __esm({
  "node_modules/path-expression-matcher/src/Expression.js"() {
    "use strict";
    Expression = class {
      /**
       * Create a new Expression
       * @param {string} pattern - Pattern string (e.g., "root.users.user", "..user[id]")
       * @param {Object} options - Configuration options
       * @param {string} options.separator - Path separator (default: '.')
       */
      constructor(pattern, options = {}, data) {
        this.pattern = pattern;
        this.separator = options.separator || ".";
        this.segments = this._parse(pattern);
        this.data = data;
        this._hasDeepWildcard = this.segments.some((seg) => seg.type === "deep-wildcard");
        this._hasAttributeCondition = this.segments.some((seg) => seg.attrName !== void 0);
        this._hasPositionSelector = this.segments.some((seg) => seg.position !== void 0);
      }
      /**
       * Parse pattern string into segments
       * @private
       * @param {string} pattern - Pattern to parse
       * @returns {Array} Array of segment objects
       */
      _parse(pattern) {
        const segments = [];
        let i = 0;
        let currentPart = "";
        while (i < pattern.length) {
          if (pattern[i] === this.separator) {
            if (i + 1 < pattern.length && pattern[i + 1] === this.separator) {
              if (currentPart.trim()) {
                segments.push(this._parseSegment(currentPart.trim()));
                currentPart = "";
              }
              segments.push({ type: "deep-wildcard" });
              i += 2;
            } else {
              if (currentPart.trim()) {
                segments.push(this._parseSegment(currentPart.trim()));
              }
              currentPart = "";
              i++;
            }
          } else {
            currentPart += pattern[i];
            i++;
          }
        }
        if (currentPart.trim()) {
          segments.push(this._parseSegment(currentPart.trim()));
        }
        return segments;
      }
      /**
       * Parse a single segment
       * @private
       * @param {string} part - Segment string (e.g., "user", "ns::user", "user[id]", "ns::user:first")
       * @returns {Object} Segment object
       */
      _parseSegment(part) {
        const segment = { type: "tag" };
        let bracketContent = null;
        let withoutBrackets = part;
        const bracketMatch = part.match(/^([^\[]+)(\[[^\]]*\])(.*)$/);
        if (bracketMatch) {
          withoutBrackets = bracketMatch[1] + bracketMatch[3];
          if (bracketMatch[2]) {
            const content = bracketMatch[2].slice(1, -1);
            if (content) {
              bracketContent = content;
            }
          }
        }
        let namespace = void 0;
        let tagAndPosition = withoutBrackets;
        if (withoutBrackets.includes("::")) {
          const nsIndex = withoutBrackets.indexOf("::");
          namespace = withoutBrackets.substring(0, nsIndex).trim();
          tagAndPosition = withoutBrackets.substring(nsIndex + 2).trim();
          if (!namespace) {
            throw new Error(`Invalid namespace in pattern: ${part}`);
          }
        }
        let tag = void 0;
        let positionMatch = null;
        if (tagAndPosition.includes(":")) {
          const colonIndex = tagAndPosition.lastIndexOf(":");
          const tagPart = tagAndPosition.substring(0, colonIndex).trim();
          const posPart = tagAndPosition.substring(colonIndex + 1).trim();
          const isPositionKeyword = ["first", "last", "odd", "even"].includes(posPart) || /^nth\(\d+\)$/.test(posPart);
          if (isPositionKeyword) {
            tag = tagPart;
            positionMatch = posPart;
          } else {
            tag = tagAndPosition;
          }
        } else {
          tag = tagAndPosition;
        }
        if (!tag) {
          throw new Error(`Invalid segment pattern: ${part}`);
        }
        segment.tag = tag;
        if (namespace) {
          segment.namespace = namespace;
        }
        if (bracketContent) {
          if (bracketContent.includes("=")) {
            const eqIndex = bracketContent.indexOf("=");
            segment.attrName = bracketContent.substring(0, eqIndex).trim();
            segment.attrValue = bracketContent.substring(eqIndex + 1).trim();
          } else {
            segment.attrName = bracketContent.trim();
          }
        }
        if (positionMatch) {
          const nthMatch = positionMatch.match(/^nth\((\d+)\)$/);
          if (nthMatch) {
            segment.position = "nth";
            segment.positionValue = parseInt(nthMatch[1], 10);
          } else {
            segment.position = positionMatch;
          }
        }
        return segment;
      }
      /**
       * Get the number of segments
       * @returns {number}
       */
      get length() {
        return this.segments.length;
      }
      /**
       * Check if expression contains deep wildcard
       * @returns {boolean}
       */
      hasDeepWildcard() {
        return this._hasDeepWildcard;
      }
      /**
       * Check if expression has attribute conditions
       * @returns {boolean}
       */
      hasAttributeCondition() {
        return this._hasAttributeCondition;
      }
      /**
       * Check if expression has position selectors
       * @returns {boolean}
       */
      hasPositionSelector() {
        return this._hasPositionSelector;
      }
      /**
       * Get string representation
       * @returns {string}
       */
      toString() {
        return this.pattern;
      }
    };
  }
});

// node_modules/path-expression-matcher/src/ExpressionSet.js
var ExpressionSet;
var init_ExpressionSet = __esm({
  "node_modules/path-expression-matcher/src/ExpressionSet.js"() {
    "use strict";
    ExpressionSet = class {
      constructor() {
        this._byDepthAndTag = /* @__PURE__ */ new Map();
        this._wildcardByDepth = /* @__PURE__ */ new Map();
        this._deepWildcards = [];
        this._deepByTerminalTag = /* @__PURE__ */ new Map();
        this._patterns = /* @__PURE__ */ new Set();
        this._sealed = false;
      }
      /**
       * Add an Expression to the set.
       * Duplicate patterns (same pattern string) are silently ignored.
       *
       * @param {import('./Expression.js').default} expression - A pre-constructed Expression instance
       * @returns {this} for chaining
       * @throws {TypeError} if called after seal()
       *
       * @example
       * set.add(new Expression('root.users.user'));
       * set.add(new Expression('..script'));
       */
      add(expression) {
        if (this._sealed) {
          throw new TypeError(
            "ExpressionSet is sealed. Create a new ExpressionSet to add more expressions."
          );
        }
        if (this._patterns.has(expression.pattern)) return this;
        this._patterns.add(expression.pattern);
        if (expression.hasDeepWildcard()) {
          const lastSeg2 = expression.segments[expression.segments.length - 1];
          if (lastSeg2 && lastSeg2.type !== "deep-wildcard" && lastSeg2.tag !== "*") {
            const tag2 = lastSeg2.tag;
            if (!this._deepByTerminalTag.has(tag2)) this._deepByTerminalTag.set(tag2, []);
            this._deepByTerminalTag.get(tag2).push(expression);
          } else {
            this._deepWildcards.push(expression);
          }
          return this;
        }
        const depth = expression.length;
        const lastSeg = expression.segments[expression.segments.length - 1];
        const tag = lastSeg?.tag;
        if (!tag || tag === "*") {
          if (!this._wildcardByDepth.has(depth)) this._wildcardByDepth.set(depth, []);
          this._wildcardByDepth.get(depth).push(expression);
        } else {
          const key = `${depth}:${tag}`;
          if (!this._byDepthAndTag.has(key)) this._byDepthAndTag.set(key, []);
          this._byDepthAndTag.get(key).push(expression);
        }
        return this;
      }
      /**
       * Add multiple expressions at once.
       *
       * @param {import('./Expression.js').default[]} expressions - Array of Expression instances
       * @returns {this} for chaining
       *
       * @example
       * set.addAll([
       *   new Expression('root.users.user'),
       *   new Expression('root.config.setting'),
       * ]);
       */
      addAll(expressions) {
        for (const expr of expressions) this.add(expr);
        return this;
      }
      /**
       * Check whether a pattern string is already present in the set.
       *
       * @param {import('./Expression.js').default} expression
       * @returns {boolean}
       */
      has(expression) {
        return this._patterns.has(expression.pattern);
      }
      /**
       * Number of expressions in the set.
       * @type {number}
       */
      get size() {
        return this._patterns.size;
      }
      /**
       * Seal the set against further modifications.
       * Useful to prevent accidental mutations after config is built.
       * Calling add() or addAll() on a sealed set throws a TypeError.
       *
       * @returns {this}
       */
      seal() {
        this._sealed = true;
        return this;
      }
      /**
       * Whether the set has been sealed.
       * @type {boolean}
       */
      get isSealed() {
        return this._sealed;
      }
      /**
       * Test whether the matcher's current path matches any expression in the set.
       *
       * Evaluation order (cheapest → most expensive):
       *  1. Exact depth + tag bucket  — O(1) lookup, typically 0–2 expressions
       *  2. Depth-only wildcard bucket — O(1) lookup, rare
       *  3. Deep-wildcard list         — always checked, but usually small
       *
       * @param {import('./Matcher.js').default} matcher - Matcher instance (or readOnly view)
       * @returns {boolean} true if any expression matches the current path
       *
       * @example
       * if (stopNodes.matchesAny(matcher)) {
       *   // handle stop node
       * }
       */
      matchesAny(matcher) {
        return this.findMatch(matcher) !== null;
      }
      /**
      * Find and return the first Expression that matches the matcher's current path.
      *
      * Uses the same evaluation order as matchesAny (cheapest → most expensive):
      *  1. Exact depth + tag bucket
      *  2. Depth-only wildcard bucket
      *  3. Deep-wildcard list
      *
      * @param {import('./Matcher.js').default} matcher - Matcher instance (or readOnly view)
      * @returns {import('./Expression.js').default | null} the first matching Expression, or null
      *
      * @example
      * const expr = stopNodes.findMatch(matcher);
      * if (expr) {
      *   // access expr.config, expr.pattern, etc.
      * }
      */
      findMatch(matcher) {
        const depth = matcher.getDepth();
        const tag = matcher.getCurrentTag();
        const exactKey = `${depth}:${tag}`;
        const exactBucket = this._byDepthAndTag.get(exactKey);
        if (exactBucket) {
          for (let i = 0; i < exactBucket.length; i++) {
            if (matcher.matches(exactBucket[i])) return exactBucket[i];
          }
        }
        const wildcardBucket = this._wildcardByDepth.get(depth);
        if (wildcardBucket) {
          for (let i = 0; i < wildcardBucket.length; i++) {
            if (matcher.matches(wildcardBucket[i])) return wildcardBucket[i];
          }
        }
        const deepBucket = this._deepByTerminalTag.get(tag);
        if (deepBucket) {
          for (let i = 0; i < deepBucket.length; i++) {
            if (matcher.matches(deepBucket[i])) return deepBucket[i];
          }
        }
        for (let i = 0; i < this._deepWildcards.length; i++) {
          if (matcher.matches(this._deepWildcards[i])) return this._deepWildcards[i];
        }
        return null;
      }
    };
  }
});

// node_modules/path-expression-matcher/src/Matcher.js
var MatcherView, Matcher;
var init_Matcher = __esm({
  "node_modules/path-expression-matcher/src/Matcher.js"() {
    "use strict";
    MatcherView = class {
      /**
       * @param {Matcher} matcher - The parent Matcher instance to read from.
       */
      constructor(matcher) {
        this._matcher = matcher;
      }
      /**
       * Get the path separator used by the parent matcher.
       * @returns {string}
       */
      get separator() {
        return this._matcher.separator;
      }
      /**
       * Get current tag name.
       * @returns {string|undefined}
       */
      getCurrentTag() {
        const path = this._matcher.path;
        return path.length > 0 ? path[path.length - 1].tag : void 0;
      }
      /**
       * Get current namespace.
       * @returns {string|undefined}
       */
      getCurrentNamespace() {
        const path = this._matcher.path;
        return path.length > 0 ? path[path.length - 1].namespace : void 0;
      }
      /**
       * Get current node's attribute value.
       * @param {string} attrName
       * @returns {*}
       */
      getAttrValue(attrName) {
        const path = this._matcher.path;
        if (path.length === 0) return void 0;
        return path[path.length - 1].values?.[attrName];
      }
      /**
       * Check if current node has an attribute.
       * @param {string} attrName
       * @returns {boolean}
       */
      hasAttr(attrName) {
        const path = this._matcher.path;
        if (path.length === 0) return false;
        const current = path[path.length - 1];
        return current.values !== void 0 && attrName in current.values;
      }
      /**
       * Get the value of a "kept" attribute from the nearest ancestor (or
       * current node) that declared it via `push(tag, attrs, ns, { keep: [...] })`.
       * @param {string} attrName
       * @returns {*}
       */
      getAnyParentAttr(attrName) {
        return this._matcher.getAnyParentAttr(attrName);
      }
      /**
       * Check whether any ancestor (or the current node) kept the given
       * attribute via `push(tag, attrs, ns, { keep: [...] })`.
       * @param {string} attrName
       * @returns {boolean}
       */
      hasAnyParentAttr(attrName) {
        return this._matcher.hasAnyParentAttr(attrName);
      }
      /**
       * Get current node's sibling position (child index in parent).
       * @returns {number}
       */
      getPosition() {
        const path = this._matcher.path;
        if (path.length === 0) return -1;
        return path[path.length - 1].position ?? 0;
      }
      /**
       * Get current node's repeat counter (occurrence count of this tag name).
       * @returns {number}
       */
      getCounter() {
        const path = this._matcher.path;
        if (path.length === 0) return -1;
        return path[path.length - 1].counter ?? 0;
      }
      /**
       * Get current node's sibling index (alias for getPosition).
       * @returns {number}
       * @deprecated Use getPosition() or getCounter() instead
       */
      getIndex() {
        return this.getPosition();
      }
      /**
       * Get current path depth.
       * @returns {number}
       */
      getDepth() {
        return this._matcher.path.length;
      }
      /**
       * Get path as string.
       * @param {string} [separator] - Optional separator (uses default if not provided)
       * @param {boolean} [includeNamespace=true]
       * @returns {string}
       */
      toString(separator, includeNamespace = true) {
        return this._matcher.toString(separator, includeNamespace);
      }
      /**
       * Get path as array of tag names.
       * @returns {string[]}
       */
      toArray() {
        return this._matcher.path.map((n) => n.tag);
      }
      /**
       * Match current path against an Expression.
       * @param {Expression} expression
       * @returns {boolean}
       */
      matches(expression) {
        return this._matcher.matches(expression);
      }
      /**
       * Match any expression in the given set against the current path.
       * @param {ExpressionSet} exprSet
       * @returns {boolean}
       */
      matchesAny(exprSet) {
        return exprSet.matchesAny(this._matcher);
      }
    };
    Matcher = class {
      /**
       * Create a new Matcher.
       * @param {Object} [options={}]
       * @param {string} [options.separator='.'] - Default path separator
       */
      constructor(options = {}) {
        this.separator = options.separator || ".";
        this.path = [];
        this.siblingStacks = [];
        this._pathStringCache = null;
        this._view = new MatcherView(this);
        this._keptAttrs = [];
      }
      /**
       * Push a new tag onto the path.
       * @param {string} tagName
       * @param {Object|null} [attrValues=null]
       * @param {string|null} [namespace=null]
       * @param {Object|null} [options=null]
       * @param {string[]} [options.keep] - Names of attributes (from attrValues)
       */
      push(tagName, attrValues = null, namespace = null, options = null) {
        this._pathStringCache = null;
        if (this.path.length > 0) {
          this.path[this.path.length - 1].values = void 0;
        }
        const currentLevel = this.path.length;
        let level = this.siblingStacks[currentLevel];
        if (!level) {
          level = { counts: /* @__PURE__ */ new Map(), total: 0 };
          this.siblingStacks[currentLevel] = level;
        }
        const siblingKey = namespace ? `${namespace}:${tagName}` : tagName;
        const counter = level.counts.get(siblingKey) || 0;
        const position = level.total;
        level.counts.set(siblingKey, counter + 1);
        level.total++;
        const node = {
          tag: tagName,
          position,
          counter
        };
        if (namespace !== null && namespace !== void 0) {
          node.namespace = namespace;
        }
        if (attrValues !== null && attrValues !== void 0) {
          node.values = attrValues;
        }
        this.path.push(node);
        const depth = this.path.length;
        const keep = options !== null ? options.keep : null;
        if (keep !== null && keep !== void 0 && keep.length > 0 && attrValues) {
          for (let i = 0; i < keep.length; i++) {
            const name2 = keep[i];
            if (attrValues[name2] !== void 0) {
              this._keptAttrs.push({ depth, name: name2, value: attrValues[name2] });
            }
          }
        }
      }
      /**
       * Pop the last tag from the path.
       * @returns {Object|undefined} The popped node
       */
      pop() {
        if (this.path.length === 0) return void 0;
        this._pathStringCache = null;
        const node = this.path.pop();
        if (this.siblingStacks.length > this.path.length + 1) {
          this.siblingStacks.length = this.path.length + 1;
        }
        const poppedDepth = this.path.length + 1;
        while (this._keptAttrs.length > 0 && this._keptAttrs[this._keptAttrs.length - 1].depth >= poppedDepth) {
          this._keptAttrs.pop();
        }
        return node;
      }
      /**
       * Update current node's attribute values.
       * Useful when attributes are parsed after push.
       * @param {Object} attrValues
       */
      updateCurrent(attrValues) {
        if (this.path.length > 0) {
          const current = this.path[this.path.length - 1];
          if (attrValues !== null && attrValues !== void 0) {
            current.values = attrValues;
          }
        }
      }
      /**
       * Get current tag name.
       * @returns {string|undefined}
       */
      getCurrentTag() {
        return this.path.length > 0 ? this.path[this.path.length - 1].tag : void 0;
      }
      /**
       * Get current namespace.
       * @returns {string|undefined}
       */
      getCurrentNamespace() {
        return this.path.length > 0 ? this.path[this.path.length - 1].namespace : void 0;
      }
      /**
       * Get current node's attribute value.
       * @param {string} attrName
       * @returns {*}
       */
      getAttrValue(attrName) {
        if (this.path.length === 0) return void 0;
        return this.path[this.path.length - 1].values?.[attrName];
      }
      /**
       * Check if current node has an attribute.
       * @param {string} attrName
       * @returns {boolean}
       */
      hasAttr(attrName) {
        if (this.path.length === 0) return false;
        const current = this.path[this.path.length - 1];
        return current.values !== void 0 && attrName in current.values;
      }
      /**
       * Get the value of a "kept" attribute from the nearest ancestor (or
       * current node) that declared it via `push(tag, attrs, ns, { keep: [...] })`.
       * Unlike getAttrValue(), this works regardless of how deep the path has
       * gone since the attribute was pushed — but only for attribute names that
       * were explicitly marked with `keep` at push time. Cost is proportional to
       * the number of currently-kept attributes (typically 0-3), not path depth.
       * @param {string} attrName
       * @returns {*} the value, or undefined if no ancestor kept this attribute
       */
      getAnyParentAttr(attrName) {
        const kept = this._keptAttrs;
        for (let i = kept.length - 1; i >= 0; i--) {
          if (kept[i].name === attrName) return kept[i].value;
        }
        return void 0;
      }
      /**
       * Check whether any ancestor (or the current node) kept the given
       * attribute via `push(tag, attrs, ns, { keep: [...] })`.
       * @param {string} attrName
       * @returns {boolean}
       */
      hasAnyParentAttr(attrName) {
        const kept = this._keptAttrs;
        for (let i = kept.length - 1; i >= 0; i--) {
          if (kept[i].name === attrName) return true;
        }
        return false;
      }
      /**
       * Get current node's sibling position (child index in parent).
       * @returns {number}
       */
      getPosition() {
        if (this.path.length === 0) return -1;
        return this.path[this.path.length - 1].position ?? 0;
      }
      /**
       * Get current node's repeat counter (occurrence count of this tag name).
       * @returns {number}
       */
      getCounter() {
        if (this.path.length === 0) return -1;
        return this.path[this.path.length - 1].counter ?? 0;
      }
      /**
       * Get current node's sibling index (alias for getPosition).
       * @returns {number}
       * @deprecated Use getPosition() or getCounter() instead
       */
      getIndex() {
        return this.getPosition();
      }
      /**
       * Get current path depth.
       * @returns {number}
       */
      getDepth() {
        return this.path.length;
      }
      /**
       * Get path as string.
       * @param {string} [separator] - Optional separator (uses default if not provided)
       * @param {boolean} [includeNamespace=true]
       * @returns {string}
       */
      toString(separator, includeNamespace = true) {
        const sep2 = separator || this.separator;
        const isDefault = sep2 === this.separator && includeNamespace === true;
        if (isDefault) {
          if (this._pathStringCache !== null) {
            return this._pathStringCache;
          }
          const result = this.path.map(
            (n) => n.namespace ? `${n.namespace}:${n.tag}` : n.tag
          ).join(sep2);
          this._pathStringCache = result;
          return result;
        }
        return this.path.map(
          (n) => includeNamespace && n.namespace ? `${n.namespace}:${n.tag}` : n.tag
        ).join(sep2);
      }
      /**
       * Get path as array of tag names.
       * @returns {string[]}
       */
      toArray() {
        return this.path.map((n) => n.tag);
      }
      /**
       * Reset the path to empty.
       */
      reset() {
        this._pathStringCache = null;
        this.path = [];
        this.siblingStacks = [];
        this._keptAttrs = [];
      }
      /**
       * Match current path against an Expression.
       * @param {Expression} expression
       * @returns {boolean}
       */
      matches(expression) {
        const segments = expression.segments;
        if (segments.length === 0) {
          return false;
        }
        if (expression.hasDeepWildcard()) {
          return this._matchWithDeepWildcard(segments);
        }
        return this._matchSimple(segments);
      }
      /**
       * @private
       */
      _matchSimple(segments) {
        if (this.path.length !== segments.length) {
          return false;
        }
        for (let i = 0; i < segments.length; i++) {
          if (!this._matchSegment(segments[i], this.path[i], i === this.path.length - 1)) {
            return false;
          }
        }
        return true;
      }
      /**
       * @private
       */
      _matchWithDeepWildcard(segments) {
        let pathIdx = this.path.length - 1;
        let segIdx = segments.length - 1;
        while (segIdx >= 0 && pathIdx >= 0) {
          const segment = segments[segIdx];
          if (segment.type === "deep-wildcard") {
            segIdx--;
            if (segIdx < 0) {
              return true;
            }
            const nextSeg = segments[segIdx];
            let found = false;
            for (let i = pathIdx; i >= 0; i--) {
              if (this._matchSegment(nextSeg, this.path[i], i === this.path.length - 1)) {
                pathIdx = i - 1;
                segIdx--;
                found = true;
                break;
              }
            }
            if (!found) {
              return false;
            }
          } else {
            if (!this._matchSegment(segment, this.path[pathIdx], pathIdx === this.path.length - 1)) {
              return false;
            }
            pathIdx--;
            segIdx--;
          }
        }
        return segIdx < 0;
      }
      /**
       * @private
       */
      _matchSegment(segment, node, isCurrentNode) {
        if (segment.tag !== "*" && segment.tag !== node.tag) {
          return false;
        }
        if (segment.namespace !== void 0) {
          if (segment.namespace !== "*" && segment.namespace !== node.namespace) {
            return false;
          }
        }
        if (segment.attrName !== void 0) {
          if (!isCurrentNode) {
            return false;
          }
          if (!node.values || !(segment.attrName in node.values)) {
            return false;
          }
          if (segment.attrValue !== void 0) {
            if (String(node.values[segment.attrName]) !== String(segment.attrValue)) {
              return false;
            }
          }
        }
        if (segment.position !== void 0) {
          if (!isCurrentNode) {
            return false;
          }
          const counter = node.counter ?? 0;
          if (segment.position === "first" && counter !== 0) {
            return false;
          } else if (segment.position === "odd" && counter % 2 !== 1) {
            return false;
          } else if (segment.position === "even" && counter % 2 !== 0) {
            return false;
          } else if (segment.position === "nth" && counter !== segment.positionValue) {
            return false;
          }
        }
        return true;
      }
      /**
       * Match any expression in the given set against the current path.
       * @param {ExpressionSet} exprSet
       * @returns {boolean}
       */
      matchesAny(exprSet) {
        return exprSet.matchesAny(this);
      }
      /**
       * Create a snapshot of current state.
       * @returns {Object}
       */
      snapshot() {
        return {
          path: this.path.map((node) => ({ ...node })),
          siblingStacks: this.siblingStacks.map((level) => level ? { counts: new Map(level.counts), total: level.total } : level),
          keptAttrs: this._keptAttrs.map((entry) => ({ ...entry }))
        };
      }
      /**
       * Restore state from snapshot.
       * @param {Object} snapshot
       */
      restore(snapshot) {
        this._pathStringCache = null;
        this.path = snapshot.path.map((node) => ({ ...node }));
        this.siblingStacks = snapshot.siblingStacks.map((level) => level ? { counts: new Map(level.counts), total: level.total } : level);
        this._keptAttrs = (snapshot.keptAttrs || []).map((entry) => ({ ...entry }));
      }
      /**
       * Return the read-only {@link MatcherView} for this matcher.
       *
       * The same instance is returned on every call — no allocation occurs.
       * It always reflects the current parser state and is safe to pass to
       * user callbacks without risk of accidental mutation.
       *
       * @returns {MatcherView}
       *
       * @example
       * const view = matcher.readOnly();
       * // pass view to callbacks — it stays in sync automatically
       * view.matches(expr);       // ✓
       * view.getCurrentTag();     // ✓
       * // view.push(...)         // ✗ method does not exist — caught by TypeScript
       */
      readOnly() {
        return this._view;
      }
    };
  }
});

// node_modules/path-expression-matcher/src/index.js
var init_src3 = __esm({
  "node_modules/path-expression-matcher/src/index.js"() {
    "use strict";
    init_Expression();
    init_Matcher();
    init_ExpressionSet();
  }
});

// node_modules/is-unsafe/src/contexts/html.js
var HTML_PATTERNS, html_default;
var init_html = __esm({
  "node_modules/is-unsafe/src/contexts/html.js"() {
    "use strict";
    HTML_PATTERNS = [
      {
        id: "html-script-open",
        description: "<script opening tag",
        pattern: /<script[\s>/]/i
      },
      {
        id: "html-script-close",
        description: "</script closing tag",
        pattern: /<\/script[\s>]/i
      },
      {
        id: "html-javascript-protocol",
        description: "javascript: URI scheme (with optional whitespace/encoding)",
        // Handles j&#x61;vascript:, j\u0061vascript:, and whitespace variants
        pattern: /j[\t\n\r ]*a[\t\n\r ]*v[\t\n\r ]*a[\t\n\r ]*s[\t\n\r ]*c[\t\n\r ]*r[\t\n\r ]*i[\t\n\r ]*p[\t\n\r ]*t[\t\n\r ]*:/i
      },
      {
        id: "html-vbscript-protocol",
        description: "vbscript: URI scheme",
        pattern: /vbscript[\t\n\r ]*:/i
      },
      {
        id: "html-data-html",
        description: "data:text/html URI \u2014 can execute scripts in browsers",
        pattern: /data[\t\n\r ]*:[\t\n\r ]*text\/html/i
      },
      {
        id: "html-data-xhtml",
        description: "data:application/xhtml+xml URI",
        pattern: /data[\t\n\r ]*:[\t\n\r ]*application\/xhtml/i
      },
      {
        id: "html-data-svg",
        description: "data:image/svg+xml URI \u2014 can execute scripts",
        pattern: /data[\t\n\r ]*:[\t\n\r ]*image\/svg\+xml/i
      },
      {
        id: "html-inline-event-handler",
        description: "Inline event handler attributes: onclick=, onerror=, onload=, etc.",
        // \bon ensures we match a word boundary so "phonetic=" is not caught
        pattern: /\bon\w{1,30}\s*=/i
      },
      {
        id: "html-entity-obfuscated-script",
        description: "HTML-entity-encoded <script (e.g. &#x3C;script or &lt;script)",
        // Entities include optional trailing semicolon: &#x3C; or &#x3C (both valid in HTML5)
        pattern: /(?:&#x0*3[Cc];?|&#0*60;?|&lt;)\s*script/i
      },
      {
        id: "html-entity-obfuscated-javascript",
        description: 'HTML-entity-encoded javascript: (partial \u2014 catches common &#106; or &#x6a; for "j")',
        pattern: /(?:&#x0*6[Aa];?|&#0*106;?)\s*(?:&#x0*61;?|a)[\s\S]{0,80}script\s*:/i
      },
      {
        id: "html-style-expression",
        description: "CSS expression() \u2014 IE-era code execution in style attributes",
        pattern: /style[\s\S]{0,20}expression\s*\(/i
      },
      {
        id: "html-object-embed",
        description: "<object or <embed tags that can load active content",
        pattern: /<(?:object|embed)[\s>/]/i
      },
      {
        id: "html-base-tag",
        description: "<base href= \u2014 can hijack all relative URLs on a page",
        pattern: /<base[\s>]/i
      },
      {
        id: "html-meta-refresh",
        description: '<meta http-equiv="refresh" \u2014 can redirect users',
        pattern: /<meta[\s\S]{0,40}http-equiv[\s\S]{0,20}refresh/i
      },
      {
        id: "html-srcdoc",
        description: "srcdoc= attribute on iframes \u2014 embeds HTML that can run scripts",
        pattern: /srcdoc\s*=/i
      },
      {
        id: "html-iframe",
        description: "<iframe tag",
        pattern: /<iframe[\s>/]/i
      },
      {
        id: "html-form",
        description: "<form tag \u2014 can be used for phishing / credential harvesting injection",
        pattern: /<form[\s>/]/i
      }
    ];
    html_default = HTML_PATTERNS;
  }
});

// node_modules/is-unsafe/src/contexts/xml.js
var XML_PATTERNS, xml_default;
var init_xml = __esm({
  "node_modules/is-unsafe/src/contexts/xml.js"() {
    "use strict";
    XML_PATTERNS = [
      {
        id: "xml-cdata-injection",
        description: "CDATA section injection: <![CDATA[ breaks out of text node context",
        pattern: /<!\[CDATA\[/i
      },
      {
        id: "xml-cdata-close",
        description: "CDATA close sequence: ]]> can terminate an enclosing CDATA section",
        pattern: /\]\]>/
      },
      {
        id: "xml-processing-instruction",
        description: "XML processing instruction: <?xml-stylesheet or <?php etc.",
        pattern: /<\?(?:xml[\- ]|php|asp)/i
      },
      {
        id: "xml-doctype-injection",
        description: "DOCTYPE declaration embedded in content \u2014 can define entities",
        // Match <!DOCTYPE followed by end-of-string, whitespace, or [ (internal subset)
        pattern: /<!DOCTYPE(?:[\s[]|$)/i
      },
      {
        id: "xml-entity-system",
        description: "SYSTEM keyword \u2014 used in external entity declarations (XXE)",
        pattern: /\bSYSTEM\s+["']/i
      },
      {
        id: "xml-entity-public",
        description: "PUBLIC keyword \u2014 used in external entity declarations (XXE)",
        pattern: /\bPUBLIC\s+["']/i
      },
      {
        id: "xml-entity-declaration",
        description: "<!ENTITY declaration \u2014 defines entities, potential XXE or entity expansion",
        pattern: /<!ENTITY[\s%]/i
      },
      {
        id: "xml-billion-laughs",
        description: "Entity reference chaining / billion laughs: repeated &eX; style references",
        // Heuristic: 3+ consecutive entity refs suggests expansion attack
        pattern: /(?:&\w{1,20};){3,}/
      },
      {
        id: "xml-namespace-confusion",
        description: "xmlns: attribute injection \u2014 can redefine namespaces to confuse parsers",
        // pattern: /\bxmlns\s*(?::\w{1,40})?\s*=/i,
        pattern: /\bxmlns(?::\w{1,40})?\s*=/i
      },
      {
        id: "xml-comment-injection",
        description: "<!-- comment injection \u2014 can hide content from some parsers",
        pattern: /<!--/
      },
      {
        id: "xml-comment-close",
        description: "--> closes an enclosing XML comment",
        pattern: /-->/
      },
      {
        id: "xml-pi-close",
        description: "?> closes an enclosing processing instruction",
        pattern: /\?>/
      }
    ];
    xml_default = XML_PATTERNS;
  }
});

// node_modules/is-unsafe/src/contexts/svg.js
var SVG_PATTERNS, svg_default;
var init_svg = __esm({
  "node_modules/is-unsafe/src/contexts/svg.js"() {
    "use strict";
    SVG_PATTERNS = [
      {
        id: "svg-script-element",
        description: "<script element inside SVG executes JavaScript",
        pattern: /<script[\s>/]/i
      },
      {
        id: "svg-xlink-href-javascript",
        description: "xlink:href with javascript: \u2014 classic SVG XSS via <a> or <use>",
        pattern: /xlink\s*:\s*href\s*=\s*["']?\s*javascript\s*:/i
      },
      {
        id: "svg-href-javascript",
        description: "href= with javascript: in SVG context (<a>, <animate>, etc.)",
        pattern: /href\s*=\s*["']?\s*javascript\s*:/i
      },
      {
        id: "svg-foreignobject",
        description: "<foreignObject embeds HTML inside SVG \u2014 can execute scripts",
        pattern: /<foreignObject[\s>/]/i
      },
      {
        id: "svg-use-external",
        description: "<use xlink:href or href pointing to external resource (non-fragment URL)",
        // Match <use with href= where the value starts with a non-# character (external URL)
        // [\"'][^#] catches quoted values not starting with #; [^\"'#\s>] catches unquoted
        pattern: /<use[\s\S]{0,60}(?:xlink\s*:\s*)?href\s*=\s*(?:["'][^#]|[^"'#\s>])/i
      },
      {
        id: "svg-animate-href",
        description: '<animate attributeName="href" \u2014 can dynamically change href to javascript:',
        pattern: /<animate[\s\S]{0,80}attributeName\s*=\s*["'][\s]*href["']/i
      },
      {
        id: "svg-animate-xlinkhref",
        description: '<animate attributeName="xlink:href"',
        pattern: /<animate[\s\S]{0,80}attributeName\s*=\s*["'][\s]*xlink\s*:\s*href["']/i
      },
      {
        id: "svg-set-javascript",
        description: '<set to="javascript:..." \u2014 sets an attribute to a javascript: URI',
        pattern: /<set[\s\S]{0,80}to\s*=\s*["']?\s*javascript\s*:/i
      },
      {
        id: "svg-event-handler",
        description: "SVG-specific event handler attributes: onload=, onerror=, onactivate=, etc.",
        pattern: /\bon(?:load|error|activate|begin|end|repeat|focus|blur|click|mouse\w{1,20}|key\w{1,20})\s*=/i
      },
      {
        id: "svg-handler-generic",
        description: "Generic on* handler catch-all for SVG attributes",
        pattern: /\bon\w{1,30}\s*=/i
      },
      {
        id: "svg-filter-feimage",
        description: "<feImage href= \u2014 filter primitive that can load external resources",
        pattern: /<feImage[\s\S]{0,80}(?:xlink\s*:\s*)?href\s*=/i
      },
      {
        id: "svg-image-external",
        description: "<image xlink:href with http/https or javascript protocol",
        pattern: /<image[\s\S]{0,80}(?:xlink\s*:\s*)?href\s*=\s*["']?\s*(?:https?|javascript)\s*:/i
      },
      {
        id: "svg-style-javascript",
        description: "style= attribute containing javascript: (e.g. background:url(javascript:...))",
        pattern: /style\s*=[\s\S]{0,60}javascript\s*:/i
      }
    ];
    svg_default = SVG_PATTERNS;
  }
});

// node_modules/is-unsafe/src/contexts/sql.js
var SQL_PATTERNS, sql_default;
var init_sql = __esm({
  "node_modules/is-unsafe/src/contexts/sql.js"() {
    "use strict";
    SQL_PATTERNS = [
      {
        id: "sql-block-comment-open",
        description: "SQL block comment open: /* ... */ \u2014 unusual in legitimate user text",
        pattern: /\/\*/
      },
      {
        id: "sql-union-select",
        description: "UNION SELECT \u2014 most common SQL injection aggregation attack",
        pattern: /\bUNION\s{1,20}(?:ALL\s{1,20})?SELECT\b/i
      },
      {
        id: "sql-drop-table",
        description: "DROP TABLE \u2014 destructive DDL injection",
        pattern: /\bDROP\s{1,20}TABLE\b/i
      },
      {
        id: "sql-drop-database",
        description: "DROP DATABASE \u2014 destructive DDL injection",
        pattern: /\bDROP\s{1,20}DATABASE\b/i
      },
      {
        id: "sql-insert-into",
        description: "INSERT INTO \u2014 data injection",
        pattern: /\bINSERT\s{1,20}INTO\b/i
      },
      {
        id: "sql-delete-from",
        description: "DELETE FROM \u2014 data deletion injection",
        pattern: /\bDELETE\s{1,20}FROM\b/i
      },
      {
        id: "sql-update-set",
        description: "UPDATE ... SET \u2014 data modification injection",
        // Allows arbitrary content between UPDATE and SET (table name, alias, etc.)
        pattern: /\bUPDATE\b[\s\S]{1,60}\bSET\b/i
      },
      {
        id: "sql-exec-xp",
        description: "EXEC xp_ \u2014 MSSQL extended stored procedure execution",
        pattern: /\bEXEC(?:UTE)?\s{1,20}xp_/i
      },
      {
        id: "sql-tautology-string",
        description: `Classic string tautology: ' OR '1'='1 or " OR "1"="1"`,
        // Last quote is optional — injection may truncate it: ' OR '1'='1--
        pattern: /'\s{0,10}OR\s{0,10}'[^']{0,20}'\s*=\s*'[^']{0,20}/i
      },
      {
        id: "sql-tautology-numeric",
        description: "Numeric tautology: OR 1=1",
        pattern: /\bOR\s{1,10}1\s*=\s*1\b/i
      },
      {
        id: "sql-always-true-zero",
        description: "Numeric tautology: OR 0=0",
        pattern: /\bOR\s{1,10}0\s*=\s*0\b/i
      },
      {
        id: "sql-sleep-benchmark",
        description: "Time-based blind injection: SLEEP() or BENCHMARK()",
        pattern: /\b(?:SLEEP|BENCHMARK)\s*\(/i
      },
      {
        id: "sql-waitfor-delay",
        description: "MSSQL time-based blind injection: WAITFOR DELAY",
        pattern: /\bWAITFOR\s{1,20}DELAY\b/i
      },
      {
        id: "sql-char-function",
        description: "CHAR() function \u2014 used to obfuscate injected strings",
        pattern: /\bCHAR\s*\(\s*\d{1,3}/i
      },
      {
        id: "sql-information-schema",
        description: "INFORMATION_SCHEMA \u2014 reconnaissance query for table/column enumeration",
        pattern: /\bINFORMATION_SCHEMA\b/i
      }
    ];
    sql_default = SQL_PATTERNS;
  }
});

// node_modules/is-unsafe/src/contexts/shell.js
var SHELL_PATTERNS, shell_default;
var init_shell = __esm({
  "node_modules/is-unsafe/src/contexts/shell.js"() {
    "use strict";
    SHELL_PATTERNS = [
      {
        id: "shell-path-traversal-unix",
        description: "Unix path traversal: ../  \u2014 climbing the directory tree",
        pattern: /\.\.\//
      },
      {
        id: "shell-path-traversal-windows",
        description: "Windows path traversal: ..\\ \u2014 climbing the directory tree",
        pattern: /\.\.\\/
      },
      {
        id: "shell-path-traversal-encoded",
        description: "URL-encoded path traversal: %2e%2e or %2f variants",
        pattern: /%2e%2e|%2f\.\.|\.\.%2f/i
      },
      {
        id: "shell-null-byte",
        description: "Null byte injection: \\x00 or %00 \u2014 truncates strings in C-backed functions",
        pattern: /\x00|%00/
      },
      {
        id: "shell-semicolon",
        description: "Semicolon command separator: cmd1; cmd2",
        pattern: /;/
      },
      {
        id: "shell-pipe",
        description: "Pipe operator: cmd1 | cmd2",
        pattern: /\|/
      },
      {
        id: "shell-and-operator",
        description: "AND operator: cmd1 && cmd2",
        pattern: /&&/
      },
      {
        id: "shell-or-operator",
        description: "OR operator: cmd1 || cmd2",
        pattern: /\|\|/
      },
      {
        id: "shell-backtick",
        description: "Backtick command substitution: `cmd`",
        pattern: /`/
      },
      {
        id: "shell-dollar-paren",
        description: "Dollar-paren command substitution: $(cmd)",
        pattern: /\$\(/
      },
      {
        id: "shell-dollar-brace",
        description: "Dollar-brace variable expansion: ${var} \u2014 can be abused for injection",
        pattern: /\$\{/
      },
      {
        id: "shell-redirect-out",
        description: "Output redirection: cmd > file or cmd >> file",
        pattern: />{1,2}/
      },
      {
        id: "shell-redirect-in",
        description: "Input redirection: cmd < file",
        pattern: /</
      },
      {
        id: "shell-newline-injection",
        description: "Newline injection: \\n or \\r \u2014 can inject new shell commands",
        pattern: /[\n\r]/
      },
      {
        id: "shell-glob-star",
        description: "Glob expansion: * or ? \u2014 can expand to unintended files",
        // Only flag when combined with path separators to reduce false positives
        pattern: /[/\\][*?]/
      },
      {
        id: "shell-absolute-root",
        description: "Absolute root path injection: string starting with / or \\ (Windows UNC)",
        pattern: /^(?:\/|\\\\)/
      },
      {
        id: "shell-windows-drive",
        description: "Windows drive letter path injection: C:\\ or D:/",
        pattern: /^[a-zA-Z]:[/\\]/
      },
      {
        id: "shell-curl-wget",
        description: "curl/wget with URL or flags \u2014 can exfiltrate data or download payloads",
        // Require a URL scheme (http/https/ftp) or a flag (-) to reduce false positives
        // "curl is a tool" won't match; "curl http://..." or "curl -s ..." will
        pattern: /\b(?:curl|wget)\s+(?:https?:\/\/|ftp:\/\/|-)/i
      }
    ];
    shell_default = SHELL_PATTERNS;
  }
});

// node_modules/is-unsafe/src/contexts/redos.js
var REDOS_PATTERNS, redos_default;
var init_redos = __esm({
  "node_modules/is-unsafe/src/contexts/redos.js"() {
    "use strict";
    REDOS_PATTERNS = [
      {
        id: "redos-nested-quantifier-plus",
        description: "Nested + quantifier inside a group with outer quantifier: (a+)+, (.+b)*, etc.",
        // Matches any group containing a + quantifier, with an outer * or + — catches (a+)+, (.+b)*, etc.
        pattern: /\([^)]*\+[^)]*\)[+*]/
      },
      {
        id: "redos-nested-quantifier-star",
        description: "Nested * quantifier: (a*)* or (a*)+ \u2014 catastrophic backtracking",
        pattern: /\([^)]*\*[^)]*\)[*+]/
      },
      {
        id: "redos-nested-groups",
        description: "Doubly nested quantified groups: ((a+)+) \u2014 guaranteed catastrophic",
        pattern: /\(\([^)]{0,40}\)[+*]\)[+*]/
      },
      {
        id: "redos-alternation-overlap",
        description: "Overlapping alternation under quantifier: (a|a)+ \u2014 ambiguous NFA paths",
        // Detect repeated identical alternatives under a quantifier
        pattern: /\(([^|()]{1,20})\|(?:\1)(?:\|[^|()]{1,20}){0,5}\)[+*?]{1,2}/
      },
      {
        id: "redos-star-plus-concat",
        description: "(x*x)+ pattern \u2014 triggers super-linear backtracking",
        pattern: /\([^)]{0,10}\*[^)]{0,10}\)[+*]/
      },
      {
        id: "redos-dot-star-greedy",
        description: "(.*){n,} or (.+){n,} \u2014 repeated greedy dot quantifiers",
        pattern: /\(\.[*+]\)\{?\d/
      },
      {
        id: "redos-large-repetition",
        description: "Very large fixed or range repetition count {1000,} or {1000,n} \u2014 denial of service via backtracking",
        // Matches { followed by 4+ digits (≥1000), then optional ,digits }
        pattern: /\{\d{4,}(?:,\d*)?\}/
      },
      {
        id: "redos-catastrophic-alternation",
        description: "Long alternation with many similar branches \u2014 polynomial backtracking risk",
        // Heuristic: 10+ pipe-separated alternatives in a single group
        pattern: /\([^)]{0,200}(?:\|[^|)]{0,50}){9,}\)/
      }
    ];
    redos_default = REDOS_PATTERNS;
  }
});

// node_modules/is-unsafe/src/contexts/nosql.js
var sep, NOSQL_PATTERNS, nosql_default;
var init_nosql = __esm({
  "node_modules/is-unsafe/src/contexts/nosql.js"() {
    "use strict";
    sep = `["'\\s]*:`;
    NOSQL_PATTERNS = [
      // ─── MongoDB $ operator injection ────────────────────────────────────────
      {
        id: "nosql-where-operator",
        description: "$where \u2014 executes arbitrary JavaScript server-side in MongoDB",
        pattern: new RegExp(`\\$where${sep}`, "i")
      },
      {
        id: "nosql-ne-operator",
        description: '$ne \u2014 "not equal" operator used to bypass equality checks',
        pattern: new RegExp(`\\$ne${sep}`, "i")
      },
      {
        id: "nosql-gt-operator",
        description: '$gt \u2014 "greater than" used to bypass password/value checks',
        pattern: new RegExp(`\\$gte?${sep}`, "i")
      },
      {
        id: "nosql-lt-operator",
        description: '$lt / $lte \u2014 "less than" bypass variants',
        pattern: new RegExp(`\\$lte?${sep}`, "i")
      },
      {
        id: "nosql-regex-operator",
        description: "$regex \u2014 can be used to extract data character by character (blind injection)",
        pattern: new RegExp(`\\$regex${sep}`, "i")
      },
      {
        id: "nosql-or-operator",
        description: "$or \u2014 logical OR; used to create always-true conditions",
        pattern: new RegExp(`\\$or${sep}\\s*\\[`, "i")
      },
      {
        id: "nosql-and-operator",
        description: "$and \u2014 logical AND operator injection",
        pattern: new RegExp(`\\$and${sep}\\s*\\[`, "i")
      },
      {
        id: "nosql-nor-operator",
        description: "$nor \u2014 logical NOR operator injection",
        pattern: new RegExp(`\\$nor${sep}\\s*\\[`, "i")
      },
      {
        id: "nosql-exists-operator",
        description: "$exists \u2014 can enumerate fields to determine schema",
        pattern: new RegExp(`\\$exists${sep}`, "i")
      },
      {
        id: "nosql-in-operator",
        description: "$in \u2014 matches any value in a list; can enumerate values",
        pattern: new RegExp(`\\$in${sep}\\s*\\[`, "i")
      },
      {
        id: "nosql-expr-operator",
        description: "$expr \u2014 allows aggregation expressions in queries (MongoDB 3.6+)",
        pattern: new RegExp(`\\$expr${sep}`, "i")
      },
      {
        id: "nosql-function-operator",
        description: "$function \u2014 executes arbitrary JavaScript in MongoDB 4.4+",
        pattern: new RegExp(`\\$function${sep}`, "i")
      },
      {
        id: "nosql-accumulator-operator",
        description: "$accumulator \u2014 custom aggregation with arbitrary JS execution",
        pattern: new RegExp(`\\$accumulator${sep}`, "i")
      },
      // ─── Prototype pollution ─────────────────────────────────────────────────
      {
        id: "nosql-proto-pollution",
        description: "__proto__ \u2014 prototype pollution via object key injection",
        pattern: /__proto__/
      },
      {
        id: "nosql-constructor-prototype",
        description: "constructor.prototype \u2014 alternative prototype pollution vector (dot notation or JSON key)",
        // Matches dot-notation (obj.constructor.prototype) and JSON key adjacency
        // ("constructor": {"prototype": ...})
        pattern: /constructor[\s"':.,{\[]*prototype/i
      },
      {
        id: "nosql-proto-bracket",
        description: '["__proto__"] \u2014 bracket-notation prototype pollution',
        pattern: /\[["']__proto__["']\]/
      }
    ];
    nosql_default = NOSQL_PATTERNS;
  }
});

// node_modules/is-unsafe/src/contexts/log.js
var LOG_PATTERNS, log_default;
var init_log = __esm({
  "node_modules/is-unsafe/src/contexts/log.js"() {
    "use strict";
    LOG_PATTERNS = [
      // ─── CRLF / newline injection ─────────────────────────────────────────────
      {
        id: "log-crlf-injection",
        description: "CRLF injection: literal \\r or \\n embeds fake log lines",
        pattern: /[\r\n]/
      },
      {
        id: "log-url-encoded-crlf",
        description: "URL-encoded CRLF: %0d, %0a, %0D, %0A \u2014 decoded by some log parsers",
        pattern: /%0[dDaA]/
      },
      {
        id: "log-unicode-newline",
        description: "Unicode newline variants: U+2028 (line separator), U+2029 (paragraph separator)",
        pattern: /[\u2028\u2029]/
      },
      // ─── Log4Shell / JNDI injection (CVE-2021-44228) ─────────────────────────
      {
        id: "log-log4shell-jndi",
        description: "Log4Shell: ${jndi:...} triggers remote code execution in Apache Log4j",
        pattern: /\$\{jndi\s*:/i
      },
      {
        id: "log-log4shell-obfuscated",
        description: "Obfuscated Log4Shell: ${::-j}... lookup-bypass prefix used to evade WAF detection",
        // ${::- is the Log4j lookup-bypass escape sequence; presence alone is suspicious
        pattern: /\$\{::-/
      },
      {
        id: "log-log4j-lookup",
        description: "Log4j lookup syntax: ${env:...}, ${sys:...}, ${ctx:...} \u2014 data exfiltration",
        pattern: /\$\{(?:env|sys|ctx|main|map|sd|web|docker|k8s|spring)\s*:/i
      },
      // ─── Server-Side Template Injection (SSTI) in log messages ───────────────
      {
        id: "log-ssti-double-brace",
        description: "SSTI double-brace: {{expression}} \u2014 Jinja2, Twig, Handlebars, etc.",
        pattern: /\{\{[\s\S]{0,80}\}\}/
      },
      {
        id: "log-ssti-hash-brace",
        description: "SSTI hash-brace: #{expression} \u2014 Thymeleaf, Velocity, Ruby ERB",
        pattern: /#\{[\s\S]{0,80}\}/
      },
      {
        id: "log-ssti-dollar-brace",
        description: "SSTI/EL injection: ${expression with operators or method calls} \u2014 JSP EL, Freemarker, SpEL",
        // Require that the ${...} content looks like an expression, not a plain variable name.
        // Flags if the content contains: . ( * + operators, or known SSTI keywords.
        // This avoids flagging ${PATH}, ${HOME} etc. (plain shell variables).
        pattern: /\$\{[^}]*(?:\.|\(|\*|\+|\bclass\b|\bruntime\b|\bprocess\b|\bexec\b)[^}]{0,80}\}/i
      },
      {
        id: "log-ssti-percent-tag",
        description: "SSTI ERB/ASP tag: <%= expression %> \u2014 Ruby ERB, ASP",
        pattern: /<%=[\s\S]{0,80}%>/
      },
      // ─── Null byte ────────────────────────────────────────────────────────────
      {
        id: "log-null-byte",
        description: "Null byte: \\x00 or %00 \u2014 can truncate log entries in C-backed loggers",
        pattern: /\x00|%00/
      },
      // ─── ANSI escape injection ────────────────────────────────────────────────
      {
        id: "log-ansi-escape",
        description: "ANSI escape sequence: ESC[ \u2014 can manipulate terminal output when logs are tailed",
        pattern: /\x1b\[/
      }
    ];
    log_default = LOG_PATTERNS;
  }
});

// node_modules/is-unsafe/src/contexts/sql-strict.js
var SQL_STRICT_EXTRA, SQL_STRICT_PATTERNS, sql_strict_default;
var init_sql_strict = __esm({
  "node_modules/is-unsafe/src/contexts/sql-strict.js"() {
    "use strict";
    init_sql();
    SQL_STRICT_EXTRA = [
      {
        id: "sql-line-comment",
        description: "SQL line comment: -- followed by whitespace or end of string",
        pattern: /--(?:\s|$)/
      },
      {
        id: "sql-stacked-query",
        description: "Stacked queries: semicolon immediately followed by a SQL keyword",
        pattern: /;\s{0,10}(?:SELECT|INSERT|UPDATE|DELETE|DROP|CREATE|ALTER|EXEC)\b/i
      },
      {
        id: "sql-hex-encoding",
        description: "Hex-encoded string injection: 0x41414141 style (MySQL)",
        pattern: /\b0x[0-9a-f]{4,}/i
      }
    ];
    SQL_STRICT_PATTERNS = [...sql_default, ...SQL_STRICT_EXTRA];
    sql_strict_default = SQL_STRICT_PATTERNS;
  }
});

// node_modules/is-unsafe/src/util/decode-entities.js
function decodeEntities(input) {
  if (input.indexOf("&") === -1) return input;
  return input.replace(ENTITY_RE, (match2, hex, dec, name2) => {
    if (name2 !== void 0) {
      return Object.prototype.hasOwnProperty.call(NAMED, name2) ? NAMED[name2] : match2;
    }
    const cp = hex !== void 0 ? parseInt(hex, 16) : parseInt(dec, 10);
    if (!Number.isFinite(cp) || cp > 1114111) return match2;
    return String.fromCodePoint(cp);
  });
}
var NAMED, ENTITY_RE;
var init_decode_entities = __esm({
  "node_modules/is-unsafe/src/util/decode-entities.js"() {
    "use strict";
    NAMED = Object.freeze({
      colon: ":",
      Tab: "	",
      NewLine: "\n"
    });
    ENTITY_RE = /&(?:#[xX]0*([0-9a-fA-F]{1,6});?|#0*([0-9]{1,7});?|([a-zA-Z][a-zA-Z0-9]{1,15});)/g;
  }
});

// node_modules/is-unsafe/src/index.js
function assertString(value) {
  if (typeof value !== "string") {
    throw new TypeError(
      `is-unsafe: first argument must be a string, got ${typeof value}`
    );
  }
}
function assertContext(context) {
  if (context instanceof RegExp) return;
  if (Array.isArray(context)) {
    if (context.length === 0) {
      throw new TypeError("is-unsafe: context must not be an empty array");
    }
    if (Array.isArray(context[0])) {
      for (const list of context) {
        if (!Array.isArray(list) || list.length === 0) {
          throw new TypeError(
            "is-unsafe: each context in the array must be a non-empty pattern array (PatternList)"
          );
        }
      }
    }
    return;
  }
  throw new TypeError(
    `is-unsafe: second argument must be a PatternList (e.g. HTML), an array of PatternLists (e.g. [HTML, XML]), or a RegExp. Got: ${typeof context}`
  );
}
function normalise(context) {
  if (context instanceof RegExp) return { lists: null, regex: context };
  if (Array.isArray(context[0])) return { lists: context, regex: null };
  return { lists: [context], regex: null };
}
function decodedCopy(value, list) {
  if (!list.decodeEntities) return null;
  const decoded = decodeEntities(value);
  return decoded === value ? null : decoded;
}
function matchList(value, list) {
  const label = list.label ?? "CUSTOM";
  const decoded = decodedCopy(value, list);
  for (const rule of list) {
    if (rule.pattern.test(value) || decoded !== null && rule.pattern.test(decoded)) {
      return { context: label, id: rule.id, description: rule.description, pattern: rule.pattern };
    }
  }
  return null;
}
function isUnsafe(value, context) {
  assertString(value);
  assertContext(context);
  const { lists, regex } = normalise(context);
  if (regex) return regex.test(value);
  for (const list of lists) {
    if (matchList(value, list) !== null) return true;
  }
  return false;
}
var VALID_CONTEXTS;
var init_src4 = __esm({
  "node_modules/is-unsafe/src/index.js"() {
    "use strict";
    init_html();
    init_xml();
    init_sql_strict();
    init_decode_entities();
    init_html();
    init_xml();
    init_svg();
    init_sql();
    init_shell();
    init_redos();
    init_nosql();
    init_log();
    html_default.label = "HTML";
    xml_default.label = "XML";
    svg_default.label = "SVG";
    html_default.decodeEntities = true;
    xml_default.decodeEntities = true;
    svg_default.decodeEntities = true;
    sql_default.label = "SQL";
    sql_strict_default.label = "SQL-STRICT";
    shell_default.label = "SHELL";
    redos_default.label = "REDOS";
    nosql_default.label = "NOSQL";
    log_default.label = "LOG";
    VALID_CONTEXTS = Object.freeze({
      HTML: html_default,
      XML: xml_default,
      SVG: svg_default,
      SQL: sql_default,
      "SQL-STRICT": sql_strict_default,
      SHELL: shell_default,
      REDOS: redos_default,
      NOSQL: nosql_default,
      LOG: log_default
    });
  }
});

// node_modules/fast-xml-parser/src/xmlparser/OrderedObjParser.js
function extractRawAttributes(prefixedAttrs, options) {
  if (!prefixedAttrs) return {};
  const attrs = options.attributesGroupName ? prefixedAttrs[options.attributesGroupName] : prefixedAttrs;
  if (!attrs) return {};
  const rawAttrs = {};
  for (const key in attrs) {
    if (key.startsWith(options.attributeNamePrefix)) {
      const rawName = key.substring(options.attributeNamePrefix.length);
      rawAttrs[rawName] = attrs[key];
    } else {
      rawAttrs[key] = attrs[key];
    }
  }
  return rawAttrs;
}
function extractNamespace(rawTagName) {
  if (!rawTagName || typeof rawTagName !== "string") return void 0;
  const colonIndex = rawTagName.indexOf(":");
  if (colonIndex !== -1 && colonIndex > 0) {
    const ns = rawTagName.substring(0, colonIndex);
    if (ns !== "xmlns") {
      return ns;
    }
  }
  return void 0;
}
function parseTextData(val, tagName, jPath, dontTrim, hasAttributes, isLeafNode, escapeEntities) {
  const options = this.options;
  if (val !== void 0) {
    if (options.trimValues && !dontTrim) {
      val = val.trim();
    }
    if (val.length > 0) {
      if (!escapeEntities) val = this.replaceEntitiesValue(val, tagName, jPath);
      const jPathOrMatcher = options.jPath ? jPath.toString() : jPath;
      const newval = options.tagValueProcessor(tagName, val, jPathOrMatcher, hasAttributes, isLeafNode);
      if (newval === null || newval === void 0) {
        return val;
      } else if (typeof newval !== typeof val || newval !== val) {
        return newval;
      } else if (options.trimValues) {
        return parseValue(val, options.parseTagValue, options.numberParseOptions);
      } else {
        const trimmedVal = val.trim();
        if (trimmedVal === val) {
          return parseValue(val, options.parseTagValue, options.numberParseOptions);
        } else {
          return val;
        }
      }
    }
  }
}
function resolveNameSpace(tagname) {
  if (this.options.removeNSPrefix) {
    const tags = tagname.split(":");
    const prefix = tagname.charAt(0) === "/" ? "/" : "";
    if (tags[0] === "xmlns") {
      return "";
    }
    if (tags.length === 2) {
      tagname = prefix + tags[1];
    }
  }
  return tagname;
}
function attrValue(match2) {
  return match2[3] !== void 0 ? match2[3] : match2[4];
}
function buildAttributesMap(attrStr, jPath, tagName, force = false) {
  const options = this.options;
  if (force === true || options.ignoreAttributes !== true && typeof attrStr === "string") {
    const matches = getAllMatches(attrStr, attrsRegx);
    const len = matches.length;
    const attrs = {};
    const processedVals = new Array(len);
    let hasRawAttrs = false;
    const rawAttrsForMatcher = {};
    for (let i = 0; i < len; i++) {
      const attrName = this.resolveNameSpace(matches[i][1]);
      const oldVal = attrValue(matches[i]);
      if (attrName.length && oldVal !== void 0) {
        let val = oldVal;
        if (options.trimValues) val = val.trim();
        val = this.replaceEntitiesValue(val, tagName, this.readonlyMatcher);
        processedVals[i] = val;
        rawAttrsForMatcher[attrName] = val;
        hasRawAttrs = true;
      }
    }
    if (hasRawAttrs && typeof jPath === "object" && jPath.updateCurrent) {
      jPath.updateCurrent(rawAttrsForMatcher);
    }
    const jPathStr = options.jPath ? jPath.toString() : this.readonlyMatcher;
    let hasAttrs = false;
    for (let i = 0; i < len; i++) {
      const attrName = this.resolveNameSpace(matches[i][1]);
      if (this.ignoreAttributesFn(attrName, jPathStr)) continue;
      let aName = options.attributeNamePrefix + attrName;
      if (attrName.length) {
        if (options.transformAttributeName) {
          aName = options.transformAttributeName(aName);
        }
        aName = sanitizeName(aName, options);
        if (attrValue(matches[i]) !== void 0) {
          const oldVal = processedVals[i];
          const newVal = options.attributeValueProcessor(attrName, oldVal, jPathStr);
          if (newVal === null || newVal === void 0) {
            attrs[aName] = oldVal;
          } else if (typeof newVal !== typeof oldVal || newVal !== oldVal) {
            attrs[aName] = newVal;
          } else {
            attrs[aName] = parseValue(oldVal, options.parseAttributeValue, options.numberParseOptions);
          }
          hasAttrs = true;
        } else if (options.allowBooleanAttributes) {
          attrs[aName] = true;
          hasAttrs = true;
        }
      }
    }
    if (!hasAttrs) return;
    if (options.attributesGroupName && !options.preserveOrder) {
      const attrCollection = {};
      attrCollection[options.attributesGroupName] = attrs;
      return attrCollection;
    }
    return attrs;
  }
}
function getOriginalIndex(index, crlfPositions) {
  let low = 0;
  let high = crlfPositions.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (crlfPositions[middle] < index) low = middle + 1;
    else high = middle;
  }
  return index + low;
}
function addChild(currentNode, childNode, matcher, startIndex) {
  if (!this.options.captureMetaData) startIndex = void 0;
  const jPathOrMatcher = this.options.jPath ? matcher.toString() : matcher;
  const result = this.options.updateTag(childNode.tagname, jPathOrMatcher, childNode[":@"]);
  if (result === false) {
  } else if (typeof result === "string") {
    childNode.tagname = result;
    currentNode.addChild(childNode, startIndex);
  } else {
    currentNode.addChild(childNode, startIndex);
  }
}
function replaceEntitiesValue(val, tagName, jPath) {
  const entityConfig = this.options.processEntities;
  if (!entityConfig || !entityConfig.enabled) {
    return val;
  }
  if (entityConfig.allowedTags) {
    const jPathOrMatcher = this.options.jPath ? jPath.toString() : jPath;
    const allowed = Array.isArray(entityConfig.allowedTags) ? entityConfig.allowedTags.includes(tagName) : entityConfig.allowedTags(tagName, jPathOrMatcher);
    if (!allowed) {
      return val;
    }
  }
  if (entityConfig.tagFilter) {
    const jPathOrMatcher = this.options.jPath ? jPath.toString() : jPath;
    if (!entityConfig.tagFilter(tagName, jPathOrMatcher)) {
      return val;
    }
  }
  return this.entityDecoder.decode(val);
}
function saveTextToParentTag(textData, parentNode, matcher, isLeafNode) {
  if (textData) {
    if (isLeafNode === void 0) isLeafNode = parentNode.child.length === 0;
    textData = this.parseTextData(
      textData,
      parentNode.tagname,
      matcher,
      false,
      parentNode[":@"] ? Object.keys(parentNode[":@"]).length !== 0 : false,
      isLeafNode
    );
    if (textData !== void 0 && textData !== "")
      parentNode.add(this.options.textNodeName, textData);
    textData = "";
  }
  return textData;
}
function isItStopNode() {
  if (this.stopNodeExpressionsSet.size === 0) return false;
  return this.matcher.matchesAny(this.stopNodeExpressionsSet);
}
function tagExpWithClosingIndex(xmlData, i, closingChar = ">") {
  const len = xmlData.length;
  const closeCode0 = closingChar.charCodeAt(0);
  const closeCode1 = closingChar.length > 1 ? closingChar.charCodeAt(1) : -1;
  let result = "";
  let segmentStart = i;
  for (let index = i; index < len; index++) {
    const code = xmlData.charCodeAt(index);
    if (code === 34 || code === 39) {
      index = xmlData.indexOf(xmlData[index], index + 1);
      if (index === -1) return;
    } else if (code === closeCode0) {
      if (closeCode1 !== -1) {
        if (xmlData.charCodeAt(index + 1) === closeCode1) {
          result += xmlData.substring(segmentStart, index);
          return { data: result, index };
        }
      } else {
        result += xmlData.substring(segmentStart, index);
        return { data: result, index };
      }
    } else if (code === 9) {
      result += xmlData.substring(segmentStart, index) + " ";
      segmentStart = index + 1;
    }
  }
}
function findClosingIndex(xmlData, str, i, errMsg) {
  const closingIndex = xmlData.indexOf(str, i);
  if (closingIndex === -1) {
    throw new Error(errMsg);
  } else {
    return closingIndex + str.length - 1;
  }
}
function findClosingChar(xmlData, char, i, errMsg) {
  const closingIndex = xmlData.indexOf(char, i);
  if (closingIndex === -1) throw new Error(errMsg);
  return closingIndex;
}
function readTagExp(xmlData, i, removeNSPrefix, closingChar = ">") {
  const result = tagExpWithClosingIndex(xmlData, i + 1, closingChar);
  if (!result) return;
  let tagExp = result.data;
  const closeIndex = result.index;
  const separatorIndex = tagExp.search(/\s/);
  let tagName = tagExp;
  let attrExpPresent = true;
  if (separatorIndex !== -1) {
    tagName = tagExp.substring(0, separatorIndex);
    tagExp = tagExp.substring(separatorIndex + 1).trimStart();
  }
  const rawTagName = tagName;
  if (removeNSPrefix) {
    const colonIndex = tagName.indexOf(":");
    if (colonIndex !== -1) {
      tagName = tagName.substr(colonIndex + 1);
      attrExpPresent = tagName !== result.data.substr(colonIndex + 1);
    }
  }
  return {
    tagName,
    tagExp,
    closeIndex,
    attrExpPresent,
    rawTagName
  };
}
function readStopNodeData(xmlData, tagName, i) {
  const startIndex = i;
  let openTagCount = 1;
  let lenient = false;
  let nextGt = -1;
  const xmllen = xmlData.length;
  for (; i < xmllen; i++) {
    if (xmlData[i] === "<") {
      const c1 = xmlData.charCodeAt(i + 1);
      if (c1 === 47) {
        const closeIndex = findClosingChar(xmlData, ">", i, `${tagName} is not closed`);
        let closeTagName = xmlData.substring(i + 2, closeIndex).trim();
        if (closeTagName === tagName) {
          openTagCount--;
          if (openTagCount === 0) {
            return {
              tagContent: xmlData.substring(startIndex, i),
              i: closeIndex
            };
          }
        }
        i = closeIndex;
      } else if (c1 === 63) {
        const closeIndex = findClosingIndex(xmlData, "?>", i + 1, "StopNode is not closed.");
        i = closeIndex;
      } else if (c1 === 33 && xmlData.charCodeAt(i + 2) === 45 && xmlData.charCodeAt(i + 3) === 45) {
        const closeIndex = findClosingIndex(xmlData, "-->", i + 3, "StopNode is not closed.");
        i = closeIndex;
      } else if (c1 === 33 && xmlData.charCodeAt(i + 2) === 91) {
        const closeIndex = findClosingIndex(xmlData, "]]>", i, "StopNode is not closed.") - 2;
        i = closeIndex;
      } else {
        const tagData = lenient ? void 0 : readTagExp(xmlData, i, false);
        if (tagData) {
          const openTagName = tagData.tagName;
          if (openTagName === tagName && tagData.tagExp[tagData.tagExp.length - 1] !== "/") {
            openTagCount++;
          }
          i = tagData.closeIndex;
        } else {
          lenient = true;
          if (nextGt < i) {
            nextGt = xmlData.indexOf(">", i);
            if (nextGt === -1) return;
          }
          const nextLt = xmlData.indexOf("<", i + 1);
          if (nextLt === -1 || nextLt > nextGt) {
            const exp = xmlData.substring(i + 1, nextGt);
            const sep2 = exp.search(/\s/);
            const name2 = sep2 === -1 ? exp : exp.substring(0, sep2);
            if (name2 === tagName && exp[exp.length - 1] !== "/") openTagCount++;
            i = nextGt;
          }
        }
      }
    }
  }
}
function parseValue(val, shouldParse, options) {
  if (shouldParse && typeof val === "string") {
    const newval = val.trim();
    if (newval === "true") return true;
    else if (newval === "false") return false;
    else return toNumber(val, options);
  } else {
    if (isExist(val)) {
      return val;
    } else {
      return "";
    }
  }
}
function transformTagName(fn, tagName, tagExp, options) {
  if (fn) {
    const newTagName = fn(tagName);
    if (tagExp === tagName) {
      tagExp = newTagName;
    }
    tagName = newTagName;
  }
  tagName = sanitizeName(tagName, options);
  return { tagName, tagExp };
}
function sanitizeName(name2, options) {
  if (criticalProperties.includes(name2)) {
    throw new Error(`[SECURITY] Invalid name: "${name2}" is a reserved JavaScript keyword that could cause prototype pollution`);
  } else if (DANGEROUS_PROPERTY_NAMES.includes(name2)) {
    return options.onDangerousProperty(name2);
  }
  return name2;
}
var OrderedObjParser, attrsRegx, parseXml;
var init_OrderedObjParser = __esm({
  "node_modules/fast-xml-parser/src/xmlparser/OrderedObjParser.js"() {
    "use strict";
    init_util();
    init_xmlNode();
    init_DocTypeReader();
    init_strnum();
    init_ignoreAttributes();
    init_src3();
    init_src3();
    init_src();
    init_src4();
    OrderedObjParser = class {
      constructor(options, externalEntities) {
        this.options = options;
        this.currentNode = null;
        this.tagsNodeStack = [];
        this.parseXml = parseXml;
        this.parseTextData = parseTextData;
        this.resolveNameSpace = resolveNameSpace;
        this.buildAttributesMap = buildAttributesMap;
        this.isItStopNode = isItStopNode;
        this.replaceEntitiesValue = replaceEntitiesValue;
        this.readStopNodeData = readStopNodeData;
        this.saveTextToParentTag = saveTextToParentTag;
        this.addChild = addChild;
        this.ignoreAttributesFn = getIgnoreAttributesFn(this.options.ignoreAttributes);
        this.entityExpansionCount = 0;
        this.currentExpandedLength = 0;
        this.doctypefound = false;
        let namedEntities = { ...XML };
        if (this.options.entityDecoder) {
          this.entityDecoder = this.options.entityDecoder;
        } else {
          if (typeof this.options.htmlEntities === "object") namedEntities = this.options.htmlEntities;
          else if (this.options.htmlEntities === true) namedEntities = { ...COMMON_HTML, ...CURRENCY };
          this.entityDecoder = new EntityDecoder({
            namedEntities: { ...namedEntities, ...externalEntities },
            numericAllowed: this.options.htmlEntities,
            limit: {
              maxTotalExpansions: this.options.processEntities.maxTotalExpansions,
              maxExpandedLength: this.options.processEntities.maxExpandedLength,
              applyLimitsTo: this.options.processEntities.appliesTo
            },
            // onExternalEntity: (name, value) => isUnsafe(value) ? 'block' : 'allow',
            onInputEntity: (name2, value) => (
              //TODO: VALID_CONTEXTS.HTML should be set only if this.options.htmlEntities
              isUnsafe(value, [html_default, xml_default]) ? ENTITY_ACTION.BLOCK : ENTITY_ACTION.ALLOW
            )
            //postCheck: resolved => resolved
          });
        }
        this.matcher = new Matcher();
        this.readonlyMatcher = this.matcher.readOnly();
        this.isCurrentNodeStopNode = false;
        this.stopNodeExpressionsSet = new ExpressionSet();
        const stopNodesOpts = this.options.stopNodes;
        if (stopNodesOpts && stopNodesOpts.length > 0) {
          for (let i = 0; i < stopNodesOpts.length; i++) {
            const stopNodeExp = stopNodesOpts[i];
            if (typeof stopNodeExp === "string") {
              this.stopNodeExpressionsSet.add(new Expression(stopNodeExp));
            } else if (stopNodeExp instanceof Expression) {
              this.stopNodeExpressionsSet.add(stopNodeExp);
            }
          }
          this.stopNodeExpressionsSet.seal();
        }
      }
    };
    attrsRegx = /([^\s=]+)\s*(=\s*(?:"([^"]*)"|'([^']*)'))?/gm;
    parseXml = function(xmlData) {
      const options = this.options;
      const crlfPositions = options.captureMetaData ? [] : void 0;
      xmlData = xmlData.replace(/\r\n?/g, options.captureMetaData ? (newline, index) => {
        if (newline.length === 2) {
          crlfPositions.push(index - crlfPositions.length);
        }
        return "\n";
      } : "\n");
      const xmlObj = new XmlNode("!xml");
      let currentNode = xmlObj;
      let textData = "";
      this.matcher.reset();
      this.entityDecoder.reset();
      this.entityExpansionCount = 0;
      this.currentExpandedLength = 0;
      this.doctypefound = false;
      const docTypeReader = new DocTypeReader(options.processEntities);
      const xmlLen = xmlData.length;
      for (let i = 0; i < xmlLen; i++) {
        const ch = xmlData[i];
        if (ch === "<") {
          const c1 = xmlData.charCodeAt(i + 1);
          if (c1 === 47) {
            const closeIndex = findClosingIndex(xmlData, ">", i, "Closing Tag is not closed.");
            let tagName = xmlData.substring(i + 2, closeIndex).trim();
            if (options.removeNSPrefix) {
              const colonIndex = tagName.indexOf(":");
              if (colonIndex !== -1) {
                tagName = tagName.substr(colonIndex + 1);
              }
            }
            tagName = transformTagName(options.transformTagName, tagName, "", options).tagName;
            if (currentNode) {
              textData = this.saveTextToParentTag(textData, currentNode, this.readonlyMatcher);
            }
            const lastTagName = this.matcher.getCurrentTag();
            if (tagName && options.unpairedTagsSet.has(tagName)) {
              throw new Error(`Unpaired tag can not be used as closing tag: </${tagName}>`);
            }
            if (lastTagName && options.unpairedTagsSet.has(lastTagName)) {
              this.matcher.pop();
              this.tagsNodeStack.pop();
            }
            this.matcher.pop();
            this.isCurrentNodeStopNode = false;
            currentNode = this.tagsNodeStack.pop() || xmlObj;
            if (options.captureMetaData && currentNode) {
              currentNode.addEndIndex(getOriginalIndex(closeIndex + 1, crlfPositions));
            }
            textData = "";
            i = closeIndex;
          } else if (c1 === 63) {
            let tagData = readTagExp(xmlData, i, false, "?>");
            if (!tagData) throw new Error("Pi Tag is not closed.");
            textData = this.saveTextToParentTag(textData, currentNode, this.readonlyMatcher);
            const attsMap = this.buildAttributesMap(tagData.tagExp, this.matcher, tagData.tagName, true);
            if (attsMap) {
              const ver = attsMap[this.options.attributeNamePrefix + "version"];
              this.entityDecoder.setXmlVersion(Number(ver) || 1);
              docTypeReader.setXmlVersion(Number(ver) || 1);
            }
            if (options.ignoreDeclaration && tagData.tagName === "?xml" || options.ignorePiTags) {
            } else {
              const childNode = new XmlNode(tagData.tagName);
              childNode.add(options.textNodeName, "");
              if (tagData.tagName !== tagData.tagExp && tagData.attrExpPresent && options.ignoreAttributes !== true) {
                childNode[":@"] = attsMap;
              }
              const startIndex = options.captureMetaData ? getOriginalIndex(i, crlfPositions) : i;
              this.addChild(currentNode, childNode, this.readonlyMatcher, startIndex);
              if (options.captureMetaData) {
                currentNode.addEndIndex(getOriginalIndex(tagData.closeIndex + 2, crlfPositions));
              }
            }
            i = tagData.closeIndex + 1;
          } else if (c1 === 33 && xmlData.charCodeAt(i + 2) === 45 && xmlData.charCodeAt(i + 3) === 45) {
            const endIndex = findClosingIndex(xmlData, "-->", i + 4, "Comment is not closed.");
            if (options.commentPropName) {
              const comment = xmlData.substring(i + 4, endIndex - 2);
              textData = this.saveTextToParentTag(textData, currentNode, this.readonlyMatcher);
              currentNode.add(options.commentPropName, [{ [options.textNodeName]: comment }]);
            }
            i = endIndex;
          } else if (c1 === 33 && xmlData.charCodeAt(i + 2) === 68) {
            if (this.doctypefound) throw new Error("Multiple DOCTYPE declarations found.");
            this.doctypefound = true;
            const result = docTypeReader.readDocType(xmlData, i);
            this.entityDecoder.addInputEntities(result.entities);
            i = result.i;
          } else if (c1 === 33 && xmlData.charCodeAt(i + 2) === 91) {
            const closeIndex = findClosingIndex(xmlData, "]]>", i, "CDATA is not closed.") - 2;
            const tagExp = xmlData.substring(i + 9, closeIndex);
            textData = this.saveTextToParentTag(textData, currentNode, this.readonlyMatcher);
            let val = this.parseTextData(tagExp, currentNode.tagname, this.readonlyMatcher, true, false, true, true);
            if (val == void 0) val = "";
            if (options.cdataPropName) {
              currentNode.add(options.cdataPropName, [{ [options.textNodeName]: tagExp }]);
            } else {
              currentNode.add(options.textNodeName, val);
            }
            i = closeIndex + 2;
          } else {
            let result = readTagExp(xmlData, i, options.removeNSPrefix);
            if (!result) {
              const context = xmlData.substring(Math.max(0, i - 50), Math.min(xmlLen, i + 50));
              throw new Error(`readTagExp returned undefined at position ${i}. Context: "${context}"`);
            }
            let tagName = result.tagName;
            const rawTagName = result.rawTagName;
            let tagExp = result.tagExp;
            let attrExpPresent = result.attrExpPresent;
            let closeIndex = result.closeIndex;
            ({ tagName, tagExp } = transformTagName(options.transformTagName, tagName, tagExp, options));
            if (options.strictReservedNames && (tagName === options.commentPropName || tagName === options.cdataPropName || tagName === options.textNodeName || tagName === options.attributesGroupName)) {
              throw new Error(`Invalid tag name: ${tagName}`);
            }
            if (currentNode && textData) {
              if (currentNode.tagname !== "!xml") {
                textData = this.saveTextToParentTag(textData, currentNode, this.readonlyMatcher, false);
              }
            }
            const lastTag = currentNode;
            if (lastTag && options.unpairedTagsSet.has(lastTag.tagname)) {
              currentNode = this.tagsNodeStack.pop();
              this.matcher.pop();
            }
            let isSelfClosing = false;
            if (tagExp.length > 0 && tagExp.lastIndexOf("/") === tagExp.length - 1) {
              isSelfClosing = true;
              if (tagName[tagName.length - 1] === "/") {
                tagName = tagName.substr(0, tagName.length - 1);
                tagExp = tagName;
              } else {
                tagExp = tagExp.substr(0, tagExp.length - 1);
              }
              attrExpPresent = tagName !== tagExp;
            }
            let prefixedAttrs = null;
            let rawAttrs = {};
            let namespace = void 0;
            namespace = extractNamespace(rawTagName);
            if (tagName !== xmlObj.tagname) {
              this.matcher.push(tagName, {}, namespace);
            }
            if (tagName !== tagExp && attrExpPresent) {
              prefixedAttrs = this.buildAttributesMap(tagExp, this.matcher, tagName);
              if (prefixedAttrs) {
                rawAttrs = extractRawAttributes(prefixedAttrs, options);
              }
            }
            if (tagName !== xmlObj.tagname) {
              this.isCurrentNodeStopNode = this.isItStopNode();
            }
            const startIndex = options.captureMetaData ? getOriginalIndex(i, crlfPositions) : i;
            if (this.isCurrentNodeStopNode) {
              let tagContent = "";
              if (isSelfClosing) {
                i = result.closeIndex;
              } else if (options.unpairedTagsSet.has(tagName)) {
                i = result.closeIndex;
              } else {
                const result2 = this.readStopNodeData(xmlData, rawTagName, closeIndex + 1);
                if (!result2) throw new Error(`Unexpected end of ${rawTagName}`);
                i = result2.i;
                tagContent = result2.tagContent;
              }
              const childNode = new XmlNode(tagName);
              if (prefixedAttrs) {
                childNode[":@"] = prefixedAttrs;
              }
              childNode.add(options.textNodeName, tagContent);
              this.matcher.pop();
              this.isCurrentNodeStopNode = false;
              this.addChild(currentNode, childNode, this.readonlyMatcher, startIndex);
              if (options.captureMetaData) {
                currentNode.addEndIndex(getOriginalIndex(i + 1, crlfPositions));
              }
            } else {
              if (isSelfClosing) {
                ({ tagName, tagExp } = transformTagName(options.transformTagName, tagName, tagExp, options));
                const childNode = new XmlNode(tagName);
                if (prefixedAttrs) {
                  childNode[":@"] = prefixedAttrs;
                }
                this.addChild(currentNode, childNode, this.readonlyMatcher, startIndex);
                if (options.captureMetaData) {
                  currentNode.addEndIndex(getOriginalIndex(closeIndex + 1, crlfPositions));
                }
                this.matcher.pop();
                this.isCurrentNodeStopNode = false;
              } else if (options.unpairedTagsSet.has(tagName)) {
                const childNode = new XmlNode(tagName);
                if (prefixedAttrs) {
                  childNode[":@"] = prefixedAttrs;
                }
                this.addChild(currentNode, childNode, this.readonlyMatcher, startIndex);
                if (options.captureMetaData) {
                  currentNode.addEndIndex(getOriginalIndex(result.closeIndex + 1, crlfPositions));
                }
                this.matcher.pop();
                this.isCurrentNodeStopNode = false;
                i = result.closeIndex;
                continue;
              } else {
                const childNode = new XmlNode(tagName);
                if (this.tagsNodeStack.length > options.maxNestedTags) {
                  throw new Error("Maximum nested tags exceeded");
                }
                this.tagsNodeStack.push(currentNode);
                if (prefixedAttrs) {
                  childNode[":@"] = prefixedAttrs;
                }
                this.addChild(currentNode, childNode, this.readonlyMatcher, startIndex);
                currentNode = childNode;
              }
              textData = "";
              i = closeIndex;
            }
          }
        } else {
          textData += xmlData[i];
        }
      }
      return xmlObj.child;
    };
  }
});

// node_modules/fast-xml-parser/src/xmlparser/node2json.js
function stripAttributePrefix(attrs, prefix) {
  if (!attrs || typeof attrs !== "object") return {};
  if (!prefix) return attrs;
  const rawAttrs = {};
  for (const key in attrs) {
    if (key.startsWith(prefix)) {
      const rawName = key.substring(prefix.length);
      rawAttrs[rawName] = attrs[key];
    } else {
      rawAttrs[key] = attrs[key];
    }
  }
  return rawAttrs;
}
function prettify(node, options, matcher, readonlyMatcher) {
  return compress(node, options, matcher, readonlyMatcher);
}
function compress(arr, options, matcher, readonlyMatcher) {
  let text;
  const compressedObj = {};
  for (let i = 0; i < arr.length; i++) {
    const tagObj = arr[i];
    const property = propName(tagObj);
    if (property !== void 0 && property !== options.textNodeName) {
      const rawAttrs = stripAttributePrefix(
        tagObj[":@"] || {},
        options.attributeNamePrefix
      );
      matcher.push(property, rawAttrs);
    }
    if (property === options.textNodeName) {
      if (text === void 0) text = tagObj[property];
      else text += "" + tagObj[property];
    } else if (property === void 0) {
      continue;
    } else if (tagObj[property]) {
      let val = compress(tagObj[property], options, matcher, readonlyMatcher);
      const isLeaf = isLeafTag(val, options);
      if (Object.keys(val).length === 0 && options.alwaysCreateTextNode) {
        val[options.textNodeName] = "";
      }
      if (tagObj[":@"]) {
        assignAttributes(val, tagObj[":@"], readonlyMatcher, options);
      } else if (Object.keys(val).length === 1 && val[options.textNodeName] !== void 0 && !options.alwaysCreateTextNode) {
        val = val[options.textNodeName];
      } else if (Object.keys(val).length === 0) {
        if (options.alwaysCreateTextNode) val[options.textNodeName] = "";
        else val = "";
      }
      if (tagObj[METADATA_SYMBOL2] !== void 0 && typeof val === "object" && val !== null) {
        val[METADATA_SYMBOL2] = tagObj[METADATA_SYMBOL2];
      }
      if (compressedObj[property] !== void 0 && Object.prototype.hasOwnProperty.call(compressedObj, property)) {
        if (!Array.isArray(compressedObj[property])) {
          compressedObj[property] = [compressedObj[property]];
        }
        compressedObj[property].push(val);
      } else {
        const jPathOrMatcher = options.jPath ? readonlyMatcher.toString() : readonlyMatcher;
        if (options.isArray(property, jPathOrMatcher, isLeaf)) {
          compressedObj[property] = [val];
        } else {
          compressedObj[property] = val;
        }
      }
      if (property !== void 0 && property !== options.textNodeName) {
        matcher.pop();
      }
    }
  }
  if (typeof text === "string") {
    if (text.length > 0) compressedObj[options.textNodeName] = text;
  } else if (text !== void 0) compressedObj[options.textNodeName] = text;
  return compressedObj;
}
function propName(obj) {
  const keys = Object.keys(obj);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key !== ":@") return key;
  }
}
function assignAttributes(obj, attrMap, readonlyMatcher, options) {
  if (attrMap) {
    const keys = Object.keys(attrMap);
    const len = keys.length;
    for (let i = 0; i < len; i++) {
      const atrrName = keys[i];
      const rawAttrName = atrrName.startsWith(options.attributeNamePrefix) ? atrrName.substring(options.attributeNamePrefix.length) : atrrName;
      const jPathOrMatcher = options.jPath ? readonlyMatcher.toString() + "." + rawAttrName : readonlyMatcher;
      if (options.isArray(atrrName, jPathOrMatcher, true, true)) {
        obj[atrrName] = [attrMap[atrrName]];
      } else {
        obj[atrrName] = attrMap[atrrName];
      }
    }
  }
}
function isLeafTag(obj, options) {
  const { textNodeName } = options;
  const propCount = Object.keys(obj).length;
  if (propCount === 0) {
    return true;
  }
  if (propCount === 1 && (obj[textNodeName] || typeof obj[textNodeName] === "boolean" || obj[textNodeName] === 0)) {
    return true;
  }
  return false;
}
var METADATA_SYMBOL2;
var init_node2json = __esm({
  "node_modules/fast-xml-parser/src/xmlparser/node2json.js"() {
    "use strict";
    init_xmlNode();
    METADATA_SYMBOL2 = XmlNode.getMetaDataSymbol();
  }
});

// node_modules/fast-xml-parser/src/xmlparser/XMLParser.js
var XMLParser;
var init_XMLParser = __esm({
  "node_modules/fast-xml-parser/src/xmlparser/XMLParser.js"() {
    "use strict";
    init_OptionsBuilder();
    init_OrderedObjParser();
    init_node2json();
    init_validator();
    init_xmlNode();
    XMLParser = class {
      constructor(options) {
        this.externalEntities = {};
        this.options = buildOptions(options);
      }
      /**
       * Parse XML dats to JS object 
       * @param {string|Uint8Array} xmlData 
       * @param {boolean|Object} validationOption 
       */
      parse(xmlData, validationOption) {
        if (typeof xmlData !== "string" && xmlData.toString) {
          if (xmlData instanceof Uint8Array && !(typeof Buffer !== "undefined" && Buffer.isBuffer(xmlData))) {
            xmlData = new TextDecoder("utf-8", { ignoreBOM: true }).decode(xmlData);
          } else {
            xmlData = xmlData.toString();
          }
        } else if (typeof xmlData !== "string") {
          throw new Error("XML data is accepted in String or Bytes[] form.");
        }
        if (validationOption) {
          if (validationOption === true) validationOption = {};
          const result = validate(xmlData, validationOption);
          if (result !== true) {
            throw Error(`${result.err.msg}:${result.err.line}:${result.err.col}`);
          }
        }
        const orderedObjParser = new OrderedObjParser(this.options, this.externalEntities);
        const orderedResult = orderedObjParser.parseXml(xmlData);
        if (this.options.preserveOrder || orderedResult === void 0) return orderedResult;
        else return prettify(orderedResult, this.options, orderedObjParser.matcher, orderedObjParser.readonlyMatcher);
      }
      /**
       * Add Entity which is not by default supported by this library
       * @param {string} key 
       * @param {string} value 
       */
      addEntity(key, value) {
        if (value.indexOf("&") !== -1) {
          throw new Error("Entity value can't have '&'");
        } else if (key.indexOf("&") !== -1 || key.indexOf(";") !== -1) {
          throw new Error("An entity must be set without '&' and ';'. Eg. use '#xD' for '&#xD;'");
        } else if (value === "&") {
          throw new Error("An entity with value '&' is not permitted");
        } else {
          this.externalEntities[key] = value;
        }
      }
      /**
       * Returns a Symbol that can be used to access the metadata
       * property on a node.
       * 
       * If Symbol is not available in the environment, an ordinary property is used
       * and the name of the property is here returned.
       * 
       * The XMLMetaData property is only present when `captureMetaData`
       * is true in the options.
       */
      static getMetaDataSymbol() {
        return XmlNode.getMetaDataSymbol();
      }
    };
  }
});

// node_modules/fast-xml-builder/src/util.js
function valToStr(val) {
  return typeof val === "number" && Object.is(val, -0) ? "-0" : String(val);
}
function safeComment(val) {
  return valToStr(val).replace(/--/g, "- -").replace(/--/g, "- -").replace(/-$/, "- ");
}
function safeCdata(val) {
  return valToStr(val).replace(/\]\]>/g, "]]]]><![CDATA[>");
}
function escapeAttribute(val) {
  return valToStr(val).replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
function resolveName(name2, isAttribute2, options, matcher, validator2) {
  if (!options.sanitizeName) return name2;
  const isPI = !isAttribute2 && name2[0] === "?";
  const bare = isPI ? name2.slice(1) : name2;
  if (validator2(bare)) return name2;
  const result = options.sanitizeName(bare, { isAttribute: isAttribute2, matcher: matcher.readOnly() });
  if (typeof result !== "string" || !validator2(result)) {
    throw new Error(`sanitizeName returned an invalid XML name for "${bare}"`);
  }
  return isPI ? "?" + result : result;
}
var init_util2 = __esm({
  "node_modules/fast-xml-builder/src/util.js"() {
    "use strict";
  }
});

// node_modules/fast-xml-builder/src/orderedJs2Xml.js
function detectXmlVersionFromArray(jArray, options) {
  if (!Array.isArray(jArray) || jArray.length === 0) return "1.0";
  const first = jArray[0];
  const firstKey = propName2(first);
  if (firstKey === "?xml") {
    const attrs = first[":@"];
    if (attrs) {
      const versionKey = options.attributeNamePrefix + "version";
      if (attrs[versionKey]) return attrs[versionKey];
    }
  }
  return "1.0";
}
function toXml(jArray, options) {
  let indentation = "";
  if (options.format) {
    indentation = EOL;
  }
  const stopNodeExpressions = [];
  if (options.stopNodes && Array.isArray(options.stopNodes)) {
    for (let i = 0; i < options.stopNodes.length; i++) {
      const node = options.stopNodes[i];
      if (typeof node === "string") {
        stopNodeExpressions.push(new Expression(node));
      } else if (node instanceof Expression) {
        stopNodeExpressions.push(node);
      }
    }
  }
  const xmlVersion = detectXmlVersionFromArray(jArray, options);
  const qNameValidator = createValidator("qName", { xmlVersion });
  const matcher = new Matcher();
  return arrToStr(jArray, options, indentation, matcher, stopNodeExpressions, qNameValidator);
}
function arrToStr(arr, options, indentation, matcher, stopNodeExpressions, qNameValidator) {
  let xmlStr = "";
  let isPreviousElementTag = false;
  if (options.maxNestedTags && matcher.getDepth() > options.maxNestedTags) {
    throw new Error("Maximum nested tags exceeded");
  }
  if (!Array.isArray(arr)) {
    if (arr !== void 0 && arr !== null) {
      let text = valToStr(arr);
      text = replaceEntitiesValue2(text, options);
      return text;
    }
    return "";
  }
  for (let i = 0; i < arr.length; i++) {
    const tagObj = arr[i];
    const rawTagName = propName2(tagObj);
    if (rawTagName === void 0) continue;
    const isSpecialName = rawTagName === options.textNodeName || rawTagName === options.cdataPropName || rawTagName === options.commentPropName;
    const tagName = isSpecialName ? rawTagName : resolveName(rawTagName, false, options, matcher, qNameValidator);
    const attrValues = extractAttributeValues(tagObj[":@"], options);
    matcher.push(tagName, attrValues);
    const isStopNode = checkStopNode(matcher, stopNodeExpressions);
    if (tagName === options.textNodeName) {
      let tagText = tagObj[rawTagName];
      if (!isStopNode) {
        tagText = options.tagValueProcessor(tagName, tagText);
        tagText = replaceEntitiesValue2(tagText, options);
      }
      tagText = valToStr(tagText);
      if (isPreviousElementTag) {
        xmlStr += indentation;
      }
      xmlStr += tagText;
      isPreviousElementTag = false;
      matcher.pop();
      continue;
    } else if (tagName === options.cdataPropName) {
      if (isPreviousElementTag) {
        xmlStr += indentation;
      }
      const val = tagObj[rawTagName][0][options.textNodeName];
      const safeVal = safeCdata(val);
      xmlStr += `<![CDATA[${safeVal}]]>`;
      isPreviousElementTag = false;
      matcher.pop();
      continue;
    } else if (tagName === options.commentPropName) {
      const val = tagObj[rawTagName][0][options.textNodeName];
      const safeVal = safeComment(val);
      xmlStr += indentation + `<!--${safeVal}-->`;
      isPreviousElementTag = true;
      matcher.pop();
      continue;
    } else if (tagName[0] === "?") {
      const attStr2 = attr_to_str(tagObj[":@"], options, isStopNode, matcher, qNameValidator);
      const tempInd = tagName === "?xml" ? "" : indentation;
      xmlStr += tempInd + `<${tagName}${attStr2}?>`;
      isPreviousElementTag = true;
      matcher.pop();
      continue;
    }
    let newIdentation = indentation;
    if (newIdentation !== "") {
      newIdentation += options.indentBy;
    }
    const attStr = attr_to_str(tagObj[":@"], options, isStopNode, matcher, qNameValidator);
    const tagStart = indentation + `<${tagName}${attStr}`;
    let tagValue;
    if (isStopNode) {
      tagValue = getRawContent(tagObj[rawTagName], options, matcher.getDepth());
    } else {
      tagValue = arrToStr(tagObj[rawTagName], options, newIdentation, matcher, stopNodeExpressions, qNameValidator);
    }
    if (options.unpairedTags.indexOf(tagName) !== -1) {
      if (options.suppressUnpairedNode) xmlStr += tagStart + ">";
      else xmlStr += tagStart + "/>";
    } else if ((!tagValue || tagValue.length === 0) && options.suppressEmptyNode) {
      xmlStr += tagStart + "/>";
    } else if (tagValue && tagValue.endsWith(">")) {
      xmlStr += tagStart + `>${tagValue}${indentation}</${tagName}>`;
    } else {
      xmlStr += tagStart + ">";
      if (tagValue && indentation !== "" && (tagValue.includes("/>") || tagValue.includes("</"))) {
        xmlStr += indentation + options.indentBy + tagValue + indentation;
      } else {
        xmlStr += tagValue;
      }
      xmlStr += `</${tagName}>`;
    }
    isPreviousElementTag = true;
    matcher.pop();
  }
  return xmlStr;
}
function extractAttributeValues(attrMap, options) {
  if (!attrMap || options.ignoreAttributes) return null;
  const attrValues = {};
  let hasAttrs = false;
  for (let attr in attrMap) {
    if (!Object.prototype.hasOwnProperty.call(attrMap, attr)) continue;
    const cleanAttrName = attr.startsWith(options.attributeNamePrefix) ? attr.substr(options.attributeNamePrefix.length) : attr;
    attrValues[cleanAttrName] = escapeAttribute(attrMap[attr]);
    hasAttrs = true;
  }
  return hasAttrs ? attrValues : null;
}
function getRawContent(arr, options, depth = 0) {
  if (options.maxNestedTags && depth > options.maxNestedTags) {
    throw new Error("Maximum nested tags exceeded");
  }
  if (!Array.isArray(arr)) {
    if (arr !== void 0 && arr !== null) {
      return valToStr(arr);
    }
    return "";
  }
  let content = "";
  for (let i = 0; i < arr.length; i++) {
    const item = arr[i];
    const tagName = propName2(item);
    if (tagName === options.textNodeName) {
      content += valToStr(item[tagName]);
    } else if (tagName === options.cdataPropName) {
      content += item[tagName][0][options.textNodeName];
    } else if (tagName === options.commentPropName) {
      content += item[tagName][0][options.textNodeName];
    } else if (tagName && tagName[0] === "?") {
      continue;
    } else if (tagName) {
      const attStr = attr_to_str_raw(item[":@"], options);
      const nestedContent = getRawContent(item[tagName], options, depth + 1);
      if (!nestedContent || nestedContent.length === 0) {
        content += `<${tagName}${attStr}/>`;
      } else {
        content += `<${tagName}${attStr}>${nestedContent}</${tagName}>`;
      }
    }
  }
  return content;
}
function attr_to_str_raw(attrMap, options) {
  let attrStr = "";
  if (attrMap && !options.ignoreAttributes) {
    for (let attr in attrMap) {
      if (!Object.prototype.hasOwnProperty.call(attrMap, attr)) continue;
      let attrVal = attrMap[attr];
      if (attrVal === true && options.suppressBooleanAttributes) {
        attrStr += ` ${attr.substr(options.attributeNamePrefix.length)}`;
      } else {
        attrStr += ` ${attr.substr(options.attributeNamePrefix.length)}="${escapeAttribute(attrVal)}"`;
      }
    }
  }
  return attrStr;
}
function propName2(obj) {
  const keys = Object.keys(obj);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (!Object.prototype.hasOwnProperty.call(obj, key)) continue;
    if (key !== ":@") return key;
  }
}
function attr_to_str(attrMap, options, isStopNode, matcher, qNameValidator) {
  let attrStr = "";
  if (attrMap && !options.ignoreAttributes) {
    for (let attr in attrMap) {
      if (!Object.prototype.hasOwnProperty.call(attrMap, attr)) continue;
      const cleanAttrName = attr.substr(options.attributeNamePrefix.length);
      const resolvedAttrName = isStopNode ? cleanAttrName : resolveName(cleanAttrName, true, options, matcher, qNameValidator);
      let attrVal;
      if (isStopNode) {
        attrVal = attrMap[attr];
      } else {
        attrVal = options.attributeValueProcessor(attr, attrMap[attr]);
        attrVal = replaceEntitiesValue2(attrVal, options);
      }
      if (attrVal === true && options.suppressBooleanAttributes) {
        attrStr += ` ${resolvedAttrName}`;
      } else {
        attrStr += ` ${resolvedAttrName}="${escapeAttribute(attrVal)}"`;
      }
    }
  }
  return attrStr;
}
function checkStopNode(matcher, stopNodeExpressions) {
  if (!stopNodeExpressions || stopNodeExpressions.length === 0) return false;
  for (let i = 0; i < stopNodeExpressions.length; i++) {
    if (matcher.matches(stopNodeExpressions[i])) {
      return true;
    }
  }
  return false;
}
function replaceEntitiesValue2(textValue, options) {
  if (textValue && textValue.length > 0 && options.processEntities) {
    for (let i = 0; i < options.entities.length; i++) {
      const entity = options.entities[i];
      textValue = textValue.replace(entity.regex, entity.val);
    }
  }
  return textValue;
}
var EOL;
var init_orderedJs2Xml = __esm({
  "node_modules/fast-xml-builder/src/orderedJs2Xml.js"() {
    "use strict";
    init_src3();
    init_util2();
    init_src2();
    EOL = "\n";
  }
});

// node_modules/fast-xml-builder/src/ignoreAttributes.js
function getIgnoreAttributesFn2(ignoreAttributes) {
  if (typeof ignoreAttributes === "function") {
    return ignoreAttributes;
  }
  if (Array.isArray(ignoreAttributes)) {
    return (attrName) => {
      for (const pattern of ignoreAttributes) {
        if (typeof pattern === "string" && attrName === pattern) {
          return true;
        }
        if (pattern instanceof RegExp && pattern.test(attrName)) {
          return true;
        }
      }
    };
  }
  return () => false;
}
var init_ignoreAttributes2 = __esm({
  "node_modules/fast-xml-builder/src/ignoreAttributes.js"() {
    "use strict";
  }
});

// node_modules/fast-xml-builder/src/fxb.js
function Builder(options) {
  this.options = Object.assign({}, defaultOptions3, options);
  if (this.options.stopNodes && Array.isArray(this.options.stopNodes)) {
    this.options.stopNodes = this.options.stopNodes.map((node) => {
      if (typeof node === "string" && node.startsWith("*.")) {
        return ".." + node.substring(2);
      }
      return node;
    });
  }
  this.stopNodeExpressions = [];
  if (this.options.stopNodes && Array.isArray(this.options.stopNodes)) {
    for (let i = 0; i < this.options.stopNodes.length; i++) {
      const node = this.options.stopNodes[i];
      if (typeof node === "string") {
        this.stopNodeExpressions.push(new Expression(node));
      } else if (node instanceof Expression) {
        this.stopNodeExpressions.push(node);
      }
    }
  }
  if (this.options.ignoreAttributes === true || this.options.attributesGroupName) {
    this.isAttribute = function() {
      return false;
    };
  } else {
    this.ignoreAttributesFn = getIgnoreAttributesFn2(this.options.ignoreAttributes);
    this.attrPrefixLen = this.options.attributeNamePrefix.length;
    this.isAttribute = isAttribute;
  }
  this.processTextOrObjNode = processTextOrObjNode;
  if (this.options.format) {
    this.indentate = indentate;
    this.tagEndChar = ">\n";
    this.newLine = "\n";
  } else {
    this.indentate = function() {
      return "";
    };
    this.tagEndChar = ">";
    this.newLine = "";
  }
}
function detectXmlVersionFromObj(jObj, options) {
  const decl = jObj["?xml"];
  if (decl && typeof decl === "object") {
    if (options.attributesGroupName && decl[options.attributesGroupName]) {
      const v2 = decl[options.attributesGroupName][options.attributeNamePrefix + "version"];
      if (v2) return v2;
    }
    const v = decl[options.attributeNamePrefix + "version"];
    if (v) return v;
  }
  return "1.0";
}
function processTextOrObjNode(object2, key, level, matcher, qNameValidator) {
  const attrValues = this.extractAttributes(object2);
  matcher.push(key, attrValues);
  const isStopNode = this.checkStopNode(matcher);
  if (isStopNode) {
    const rawContent = this.buildRawContent(object2, matcher.getDepth());
    const attrStr = this.buildAttributesForStopNode(object2);
    matcher.pop();
    return this.buildObjectNode(rawContent, key, attrStr, level);
  }
  const result = this.j2x(object2, level + 1, matcher, qNameValidator);
  matcher.pop();
  if (key[0] === "?") {
    return this.buildTextValNode("", key, result.attrStr, level, matcher);
  } else if (object2[this.options.textNodeName] !== void 0 && Object.keys(object2).length === 1) {
    return this.buildTextValNode(object2[this.options.textNodeName], key, result.attrStr, level, matcher);
  } else {
    return this.buildObjectNode(result.val, key, result.attrStr, level);
  }
}
function indentate(level) {
  return this.options.indentBy.repeat(level);
}
function isAttribute(name2) {
  if (name2.startsWith(this.options.attributeNamePrefix) && name2 !== this.options.textNodeName) {
    return name2.substr(this.attrPrefixLen);
  } else {
    return false;
  }
}
var defaultOptions3;
var init_fxb = __esm({
  "node_modules/fast-xml-builder/src/fxb.js"() {
    "use strict";
    init_orderedJs2Xml();
    init_ignoreAttributes2();
    init_src3();
    init_util2();
    init_src2();
    defaultOptions3 = {
      attributeNamePrefix: "@_",
      attributesGroupName: false,
      textNodeName: "#text",
      ignoreAttributes: true,
      cdataPropName: false,
      format: false,
      indentBy: "  ",
      suppressEmptyNode: false,
      suppressUnpairedNode: true,
      suppressBooleanAttributes: true,
      tagValueProcessor: function(key, a) {
        return a;
      },
      attributeValueProcessor: function(attrName, a) {
        return a;
      },
      preserveOrder: false,
      commentPropName: false,
      unpairedTags: [],
      entities: [
        { regex: new RegExp("&", "g"), val: "&amp;" },
        //it must be on top
        { regex: new RegExp(">", "g"), val: "&gt;" },
        { regex: new RegExp("<", "g"), val: "&lt;" },
        { regex: new RegExp("'", "g"), val: "&apos;" },
        { regex: new RegExp('"', "g"), val: "&quot;" }
      ],
      processEntities: true,
      stopNodes: [],
      // transformTagName: false,
      // transformAttributeName: false,
      oneListGroup: false,
      maxNestedTags: 100,
      jPath: true,
      // When true, callbacks receive string jPath; when false, receive Matcher instance
      sanitizeName: false
      // false = allow all names as-is (default, backward-compatible).
      // Set to a function (name, { isAttribute, matcher }) => string to
      // validate/sanitize tag and attribute names. Throw inside the function
      // to reject an invalid name.
    };
    Builder.prototype.build = function(jObj) {
      if (this.options.preserveOrder) {
        return toXml(jObj, this.options);
      } else {
        if (Array.isArray(jObj) && this.options.arrayNodeName && this.options.arrayNodeName.length > 1) {
          jObj = {
            [this.options.arrayNodeName]: jObj
          };
        }
        const matcher = new Matcher();
        const xmlVersion = detectXmlVersionFromObj(jObj, this.options);
        const qNameValidator = createValidator("qName", { xmlVersion });
        return this.j2x(jObj, 0, matcher, qNameValidator).val;
      }
    };
    Builder.prototype.j2x = function(jObj, level, matcher, qNameValidator) {
      let attrStr = "";
      let val = "";
      if (this.options.maxNestedTags && matcher.getDepth() >= this.options.maxNestedTags) {
        throw new Error("Maximum nested tags exceeded");
      }
      const jPath = this.options.jPath ? matcher.toString() : matcher;
      const isCurrentStopNode = this.checkStopNode(matcher);
      for (let key in jObj) {
        if (!Object.prototype.hasOwnProperty.call(jObj, key)) continue;
        const isSpecialKey = key === this.options.textNodeName || key === this.options.cdataPropName || key === this.options.commentPropName || this.options.attributesGroupName && key === this.options.attributesGroupName || this.isAttribute(key);
        const resolvedKey = isSpecialKey ? key : resolveName(key, false, this.options, matcher, qNameValidator);
        if (typeof jObj[key] === "undefined") {
          if (this.isAttribute(key)) {
            val += "";
          }
        } else if (jObj[key] === null) {
          if (this.isAttribute(key)) {
            val += "";
          } else if (resolvedKey === this.options.cdataPropName || resolvedKey === this.options.commentPropName) {
            val += "";
          } else if (resolvedKey[0] === "?") {
            val += this.indentate(level) + "<" + resolvedKey + "?" + this.tagEndChar;
          } else {
            val += this.indentate(level) + "<" + resolvedKey + "/" + this.tagEndChar;
          }
        } else if (jObj[key] instanceof Date) {
          val += this.buildTextValNode(jObj[key], resolvedKey, "", level, matcher);
        } else if (typeof jObj[key] !== "object") {
          const attr = this.isAttribute(key);
          if (attr && !this.ignoreAttributesFn(attr, jPath)) {
            const resolvedAttr = resolveName(attr, true, this.options, matcher, qNameValidator);
            attrStr += this.buildAttrPairStr(resolvedAttr, valToStr(jObj[key]), isCurrentStopNode);
          } else if (!attr) {
            if (key === this.options.textNodeName) {
              let newval = this.options.tagValueProcessor(key, valToStr(jObj[key]));
              val += this.replaceEntitiesValue(newval);
            } else {
              matcher.push(resolvedKey);
              const isStopNode = this.checkStopNode(matcher);
              matcher.pop();
              if (isStopNode) {
                const textValue = valToStr(jObj[key]);
                if (textValue === "") {
                  val += this.indentate(level) + "<" + resolvedKey + this.closeTag(resolvedKey) + this.tagEndChar;
                } else {
                  val += this.indentate(level) + "<" + resolvedKey + ">" + textValue + "</" + resolvedKey + this.tagEndChar;
                }
              } else {
                val += this.buildTextValNode(jObj[key], resolvedKey, "", level, matcher);
              }
            }
          }
        } else if (Array.isArray(jObj[key])) {
          const arrLen = jObj[key].length;
          let listTagVal = "";
          let listTagAttr = "";
          for (let j = 0; j < arrLen; j++) {
            const item = jObj[key][j];
            if (typeof item === "undefined") {
            } else if (item === null) {
              if (resolvedKey[0] === "?") val += this.indentate(level) + "<" + resolvedKey + "?" + this.tagEndChar;
              else val += this.indentate(level) + "<" + resolvedKey + "/" + this.tagEndChar;
            } else if (typeof item === "object") {
              if (this.options.oneListGroup) {
                matcher.push(resolvedKey);
                const result = this.j2x(item, level + 1, matcher, qNameValidator);
                matcher.pop();
                listTagVal += result.val;
                if (this.options.attributesGroupName && item.hasOwnProperty(this.options.attributesGroupName)) {
                  listTagAttr += result.attrStr;
                }
              } else {
                listTagVal += this.processTextOrObjNode(item, resolvedKey, level, matcher, qNameValidator);
              }
            } else {
              if (this.options.oneListGroup) {
                let textValue = this.options.tagValueProcessor(resolvedKey, item);
                textValue = this.replaceEntitiesValue(textValue);
                textValue = valToStr(textValue);
                listTagVal += textValue;
              } else {
                matcher.push(resolvedKey);
                const isStopNode = this.checkStopNode(matcher);
                matcher.pop();
                if (isStopNode) {
                  const textValue = valToStr(item);
                  if (textValue === "") {
                    listTagVal += this.indentate(level) + "<" + resolvedKey + this.closeTag(resolvedKey) + this.tagEndChar;
                  } else {
                    listTagVal += this.indentate(level) + "<" + resolvedKey + ">" + textValue + "</" + resolvedKey + this.tagEndChar;
                  }
                } else {
                  listTagVal += this.buildTextValNode(item, resolvedKey, "", level, matcher);
                }
              }
            }
          }
          if (this.options.oneListGroup) {
            listTagVal = this.buildObjectNode(listTagVal, resolvedKey, listTagAttr, level);
          }
          val += listTagVal;
        } else {
          if (this.options.attributesGroupName && key === this.options.attributesGroupName) {
            const Ks = Object.keys(jObj[key]);
            const L = Ks.length;
            for (let j = 0; j < L; j++) {
              const resolvedAttr = resolveName(Ks[j], true, this.options, matcher, qNameValidator);
              attrStr += this.buildAttrPairStr(resolvedAttr, valToStr(jObj[key][Ks[j]]), isCurrentStopNode);
            }
          } else {
            val += this.processTextOrObjNode(jObj[key], resolvedKey, level, matcher, qNameValidator);
          }
        }
      }
      return { attrStr, val };
    };
    Builder.prototype.buildAttrPairStr = function(attrName, val, isStopNode) {
      if (!isStopNode) {
        val = this.options.attributeValueProcessor(attrName, valToStr(val));
        val = this.replaceEntitiesValue(val);
      }
      if (this.options.suppressBooleanAttributes && val === "true") {
        return " " + attrName;
      } else return " " + attrName + '="' + escapeAttribute(val) + '"';
    };
    Builder.prototype.extractAttributes = function(obj) {
      if (!obj || typeof obj !== "object") return null;
      const attrValues = {};
      let hasAttrs = false;
      if (this.options.attributesGroupName && obj[this.options.attributesGroupName]) {
        const attrGroup = obj[this.options.attributesGroupName];
        for (let attrKey in attrGroup) {
          if (!Object.prototype.hasOwnProperty.call(attrGroup, attrKey)) continue;
          const cleanKey = attrKey.startsWith(this.options.attributeNamePrefix) ? attrKey.substring(this.options.attributeNamePrefix.length) : attrKey;
          attrValues[cleanKey] = escapeAttribute(attrGroup[attrKey]);
          hasAttrs = true;
        }
      } else {
        for (let key in obj) {
          if (!Object.prototype.hasOwnProperty.call(obj, key)) continue;
          const attr = this.isAttribute(key);
          if (attr) {
            attrValues[attr] = escapeAttribute(obj[key]);
            hasAttrs = true;
          }
        }
      }
      return hasAttrs ? attrValues : null;
    };
    Builder.prototype.buildRawContent = function(obj, depth = 0) {
      if (this.options.maxNestedTags && depth >= this.options.maxNestedTags) {
        throw new Error("Maximum nested tags exceeded");
      }
      if (typeof obj === "string") {
        return obj;
      }
      if (typeof obj !== "object" || obj === null) {
        return String(obj);
      }
      if (obj[this.options.textNodeName] !== void 0) {
        return obj[this.options.textNodeName];
      }
      let content = "";
      for (let key in obj) {
        if (!Object.prototype.hasOwnProperty.call(obj, key)) continue;
        if (this.isAttribute(key)) continue;
        if (this.options.attributesGroupName && key === this.options.attributesGroupName) continue;
        const value = obj[key];
        if (key === this.options.textNodeName) {
          content += value;
        } else if (Array.isArray(value)) {
          for (let item of value) {
            if (typeof item === "string" || typeof item === "number") {
              content += `<${key}>${item}</${key}>`;
            } else if (typeof item === "object" && item !== null) {
              const nestedContent = this.buildRawContent(item, depth + 1);
              const nestedAttrs = this.buildAttributesForStopNode(item);
              if (nestedContent === "") {
                content += `<${key}${nestedAttrs}/>`;
              } else {
                content += `<${key}${nestedAttrs}>${nestedContent}</${key}>`;
              }
            }
          }
        } else if (typeof value === "object" && value !== null) {
          const nestedContent = this.buildRawContent(value, depth + 1);
          const nestedAttrs = this.buildAttributesForStopNode(value);
          if (nestedContent === "") {
            content += `<${key}${nestedAttrs}/>`;
          } else {
            content += `<${key}${nestedAttrs}>${nestedContent}</${key}>`;
          }
        } else {
          content += `<${key}>${value}</${key}>`;
        }
      }
      return content;
    };
    Builder.prototype.buildAttributesForStopNode = function(obj) {
      if (!obj || typeof obj !== "object") return "";
      let attrStr = "";
      if (this.options.attributesGroupName && obj[this.options.attributesGroupName]) {
        const attrGroup = obj[this.options.attributesGroupName];
        for (let attrKey in attrGroup) {
          if (!Object.prototype.hasOwnProperty.call(attrGroup, attrKey)) continue;
          const cleanKey = attrKey.startsWith(this.options.attributeNamePrefix) ? attrKey.substring(this.options.attributeNamePrefix.length) : attrKey;
          const val = attrGroup[attrKey];
          if (val === true && this.options.suppressBooleanAttributes) {
            attrStr += " " + cleanKey;
          } else {
            attrStr += " " + cleanKey + '="' + escapeAttribute(val) + '"';
          }
        }
      } else {
        for (let key in obj) {
          if (!Object.prototype.hasOwnProperty.call(obj, key)) continue;
          const attr = this.isAttribute(key);
          if (attr) {
            const val = obj[key];
            if (val === true && this.options.suppressBooleanAttributes) {
              attrStr += " " + attr;
            } else {
              attrStr += " " + attr + '="' + escapeAttribute(val) + '"';
            }
          }
        }
      }
      return attrStr;
    };
    Builder.prototype.buildObjectNode = function(val, key, attrStr, level) {
      if (val === "") {
        if (key[0] === "?") return this.indentate(level) + "<" + key + attrStr + "?" + this.tagEndChar;
        else {
          return this.indentate(level) + "<" + key + attrStr + this.closeTag(key) + this.tagEndChar;
        }
      } else if (key[0] === "?") {
        return this.indentate(level) + "<" + key + attrStr + "?" + this.tagEndChar;
      } else {
        let tagEndExp = "</" + key + this.tagEndChar;
        let piClosingChar = "";
        if (key[0] === "?") {
          piClosingChar = "?";
          tagEndExp = "";
        }
        if ((attrStr || attrStr === "") && val.indexOf("<") === -1) {
          return this.indentate(level) + "<" + key + attrStr + piClosingChar + ">" + val + tagEndExp;
        } else if (this.options.commentPropName !== false && key === this.options.commentPropName && piClosingChar.length === 0) {
          return this.indentate(level) + `<!--${safeComment(val)}-->` + this.newLine;
        } else {
          return this.indentate(level) + "<" + key + attrStr + piClosingChar + this.tagEndChar + val + this.indentate(level) + tagEndExp;
        }
      }
    };
    Builder.prototype.closeTag = function(key) {
      let closeTag = "";
      if (this.options.unpairedTags.indexOf(key) !== -1) {
        if (!this.options.suppressUnpairedNode) closeTag = "/";
      } else if (this.options.suppressEmptyNode) {
        closeTag = "/";
      } else {
        closeTag = `></${key}`;
      }
      return closeTag;
    };
    Builder.prototype.checkStopNode = function(matcher) {
      if (!this.stopNodeExpressions || this.stopNodeExpressions.length === 0) return false;
      for (let i = 0; i < this.stopNodeExpressions.length; i++) {
        if (matcher.matches(this.stopNodeExpressions[i])) {
          return true;
        }
      }
      return false;
    };
    Builder.prototype.buildTextValNode = function(val, key, attrStr, level, matcher) {
      if (this.options.cdataPropName !== false && key === this.options.cdataPropName) {
        const safeVal = safeCdata(val);
        return this.indentate(level) + `<![CDATA[${safeVal}]]>` + this.newLine;
      } else if (this.options.commentPropName !== false && key === this.options.commentPropName) {
        const safeVal = safeComment(val);
        return this.indentate(level) + `<!--${safeVal}-->` + this.newLine;
      } else if (key[0] === "?") {
        return this.indentate(level) + "<" + key + attrStr + "?" + this.tagEndChar;
      } else {
        let textValue = this.options.tagValueProcessor(key, val);
        textValue = this.replaceEntitiesValue(textValue);
        textValue = valToStr(textValue);
        if (textValue === "") {
          return this.indentate(level) + "<" + key + attrStr + this.closeTag(key) + this.tagEndChar;
        } else {
          return this.indentate(level) + "<" + key + attrStr + ">" + textValue + "</" + key + this.tagEndChar;
        }
      }
    };
    Builder.prototype.replaceEntitiesValue = function(textValue) {
      if (textValue && textValue.length > 0 && this.options.processEntities) {
        for (let i = 0; i < this.options.entities.length; i++) {
          const entity = this.options.entities[i];
          textValue = textValue.replace(entity.regex, entity.val);
        }
      }
      return textValue;
    };
  }
});

// node_modules/fast-xml-parser/src/xmlbuilder/json2xml.js
var json2xml_default;
var init_json2xml = __esm({
  "node_modules/fast-xml-parser/src/xmlbuilder/json2xml.js"() {
    "use strict";
    init_fxb();
    init_fxb();
    json2xml_default = Builder;
  }
});

// node_modules/fast-xml-parser/src/fxp.js
var fxp_exports = {};
__export(fxp_exports, {
  XMLBuilder: () => json2xml_default,
  XMLParser: () => XMLParser,
  XMLValidator: () => XMLValidator
});
var XMLValidator;
var init_fxp = __esm({
  "node_modules/fast-xml-parser/src/fxp.js"() {
    "use strict";
    init_validator();
    init_XMLParser();
    init_json2xml();
    XMLValidator = {
      validate
    };
  }
});

// bench/apps/fastify.ts
var fastify_exports = {};
__export(fastify_exports, {
  createFastify: () => createFastify
});
import Fastify from "fastify";
function createFastify(extra = 100) {
  const app = Fastify({ logger: false });
  for (const route2 of extraRoutes(extra)) {
    if (route2.param) app.get(route2.path.replace("{id}", ":id"), async (req) => ok3({ id: req.params.id }));
    else app.get(route2.path, async () => ok3(route2.path));
  }
  app.setErrorHandler((error, _req, reply) => {
    void reply.status(error.statusCode ?? 500).send({ data: null, msg: `BadRequest: ${error.message}` });
  });
  app.get("/", async () => ok3(results.ping()));
  app.get("/items", { schema: { querystring: jsonSchemas.itemsQuery } }, async (req) => ok3(results.items(req.query)));
  app.get("/users/:id", { schema: { params: jsonSchemas.userParams } }, async (req) => ok3(results.user(req.params.id)));
  app.post("/users", { schema: { body: jsonSchemas.createUser } }, async (req) => ok3(results.created(req.body)));
  return app;
}
var ok3;
var init_fastify = __esm({
  "bench/apps/fastify.ts"() {
    "use strict";
    init_schemas();
    ok3 = (value) => ({ data: value, msg: "" });
  }
});

// bench/apps/floor.ts
init_dist();
init_schemas();
var Upload = uploadSchema(instance(File));
var abortEarly = { abortEarly: true };
var JSON_HEADERS = { "content-type": "application/json" };
var NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
var ok = (value) => new Response(`{"data":${JSON.stringify(value)},"msg":""}`, { headers: JSON_HEADERS });
var fail = (status, message) => new Response(`{"data":null,"msg":${JSON.stringify(message)}}`, { status, headers: JSON_HEADERS });
function toInt(value) {
  if (value === void 0 || !NUMBER.test(value)) return value;
  return Math.trunc(Number(value));
}
function itemsQuery(search) {
  const out = {};
  for (const pair of search.split("&")) {
    const eq = pair.indexOf("=");
    const key = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? "" : pair.slice(eq + 1);
    if (key === "page" && out.page === void 0) out.page = decodeURIComponent(value.replace(/\+/g, " "));
    else if (key === "limit" && out.limit === void 0) out.limit = decodeURIComponent(value.replace(/\+/g, " "));
  }
  return out;
}
function createFloor(extra = 100) {
  const staticGet = /* @__PURE__ */ new Map();
  const dynamicGet = /* @__PURE__ */ new Map();
  for (const route2 of extraRoutes(extra)) {
    const segment = route2.path.slice(1, route2.path.indexOf("/", 1));
    if (route2.param) dynamicGet.set(segment, (_request, _search, id) => ok({ id }));
    else staticGet.set(route2.path, () => ok(route2.path));
  }
  staticGet.set("/", () => ok(results.ping()));
  staticGet.set("/items", (_request, search) => {
    const raw2 = itemsQuery(search);
    const parsed = safeParse(ItemsQuery, { page: toInt(raw2.page), limit: toInt(raw2.limit) }, abortEarly);
    if (!parsed.success) return fail(400, badBodyMessage("query", parsed.issues[0]));
    return ok(results.items(parsed.output));
  });
  const createUser = async (request) => {
    if (!(request.headers.get("content-type") ?? "").startsWith("application/json")) return fail(415, "UnsupportedMediaType");
    let body;
    try {
      body = JSON.parse(await request.text());
    } catch {
      return fail(400, "BadRequest: invalid JSON body");
    }
    const parsed = safeParse(CreateUser, body, abortEarly);
    if (!parsed.success) return fail(400, badBodyMessage("user", parsed.issues[0]));
    return ok(results.created(parsed.output));
  };
  const upload = async (request) => {
    const form = await request.formData();
    const parsed = safeParse(Upload, { title: form.get("title") ?? void 0, file: form.get("file") ?? void 0 }, abortEarly);
    if (!parsed.success) return fail(400, badBodyMessage("form", parsed.issues[0]));
    return ok(results.uploaded(parsed.output));
  };
  return async (request) => {
    const url = request.url;
    const start = url.indexOf("/", url.indexOf("//") + 2);
    const q = url.indexOf("?", start);
    const path = q < 0 ? url.slice(start) : url.slice(start, q);
    const search = q < 0 ? "" : url.slice(q + 1);
    const method = request.method;
    if (method === "GET") {
      const handler = staticGet.get(path);
      if (handler) return handler(request, search);
      if (path.startsWith("/users/")) {
        const id = path.slice(7);
        if (id.includes("/")) return fail(404, "NotFound");
        if (!userIdRegex.test(id)) return fail(400, `BadRequest: parse item: ['id'] failed: invalid value`);
        return ok(results.user(id));
      }
      const slash = path.indexOf("/", 1);
      if (slash > 0 && path.indexOf("/", slash + 1) < 0) {
        const dynamic = dynamicGet.get(path.slice(1, slash));
        if (dynamic) return dynamic(request, search, path.slice(slash + 1));
      }
      return fail(404, "NotFound");
    }
    if (method === "POST") {
      if (path === "/users") return createUser(request);
      if (path === "/upload") return upload(request);
    }
    return fail(404, "NotFound");
  };
}

// src/polyfill.ts
var symbols = Symbol;
symbols.metadata ??= /* @__PURE__ */ Symbol.for("Symbol.metadata");

// src/api/index.ts
var api_exports = {};
__export(api_exports, {
  API: () => API,
  HTTP_METHODS: () => HTTP_METHODS,
  RESPONDER: () => RESPONDER,
  del: () => del,
  delete: () => deleteEndpoint,
  get: () => get,
  isAPIClass: () => isAPIClass,
  isMountEntry: () => isMountEntry,
  mount: () => mount,
  patch: () => patch,
  post: () => post,
  put: () => put,
  route: () => route,
  routeOf: () => routeOf
});

// src/api/api.ts
var RESPONDER = /* @__PURE__ */ Symbol.for("fw.responder");
var API = class {
  /**
   * Answer with an explicit status, message or headers, in this class's envelope.
   *
   * @example
   * return this.respond({ id }, { status: 201, message: 'created', headers: { location: `/items/${id}` } })
   */
  respond(value, init = {}) {
    return this[RESPONDER](value, init);
  }
};
function isAPIClass(value) {
  return typeof value === "function" && value.prototype instanceof API;
}
var MOUNT = /* @__PURE__ */ Symbol.for("fw.mount");
function mount(target, route2) {
  return { [MOUNT]: true, api: target, route: route2 };
}
function isMountEntry(value) {
  return typeof value === "object" && value !== null && MOUNT in value;
}

// src/meta/index.ts
var META = /* @__PURE__ */ Symbol.for("fw.meta");
var legacyStore = /* @__PURE__ */ new WeakMap();
function create() {
  return { endpoints: /* @__PURE__ */ new Map(), fields: /* @__PURE__ */ new Map() };
}
function metaOfContext(context) {
  const bag = context.metadata;
  if (!bag) throw new Error('fw: decorator metadata is unavailable; import "fw" before declaring API classes');
  if (!Object.hasOwn(bag, META)) bag[META] = create();
  return bag[META];
}
function metaOfPrototype(prototype) {
  let meta = legacyStore.get(prototype);
  if (!meta) legacyStore.set(prototype, meta = create());
  return meta;
}
function ownMeta(cls) {
  const found = [];
  const symbolMetadata = Symbol.metadata;
  if (Object.hasOwn(cls, symbolMetadata)) {
    const bag = cls[symbolMetadata];
    if (bag && Object.hasOwn(bag, META)) found.push(bag[META]);
  }
  const legacy = legacyStore.get(cls.prototype);
  if (legacy) found.push(legacy);
  return found;
}
function isDecoratorContext(value) {
  return typeof value === "object" && value !== null && "kind" in value && "name" in value && typeof value.kind === "string";
}
function isLegacyMemberCall(args) {
  return args.length >= 2 && args.length <= 3 && (typeof args[0] === "object" || typeof args[0] === "function") && args[0] !== null && (typeof args[1] === "string" || typeof args[1] === "symbol") && (args[2] === void 0 || typeof args[2] === "object" && args[2] !== null);
}

// src/api/decorators.ts
var HTTP_METHODS = ["get", "post", "put", "patch", "delete"];
var ROUTE = /* @__PURE__ */ Symbol.for("fw.route");
function routeOf(cls) {
  return Object.hasOwn(cls, ROUTE) ? cls[ROUTE] : void 0;
}
function route(path) {
  return (cls, _context) => {
    Object.defineProperty(cls, ROUTE, { value: path, enumerable: false, configurable: true });
  };
}
function record(method, decl, args) {
  const context = args[1];
  const meta = isDecoratorContext(context) ? metaOfContext(context) : metaOfPrototype(args[0]);
  const name2 = isDecoratorContext(context) ? String(context.name) : String(args[1]);
  const list = meta.endpoints.get(name2) ?? [];
  list.push({ method, ...decl });
  meta.endpoints.set(name2, list);
}
function isMethodDecoratorCall(args) {
  return typeof args[0] === "function" && isDecoratorContext(args[1]) && args[1].kind === "method" || isLegacyMemberCall(args);
}
function endpoint(method) {
  const factory = (...args) => {
    if (isMethodDecoratorCall(args)) {
      record(method, {}, args);
      return void 0;
    }
    const decl = typeof args[0] === "string" ? { path: args[0], params: args[1] } : { params: args[0] };
    return (...target) => {
      record(method, decl, target);
    };
  };
  return factory;
}
var get = endpoint("GET");
var post = endpoint("POST");
var put = endpoint("PUT");
var patch = endpoint("PATCH");
var deleteEndpoint = endpoint("DELETE");
var del = deleteEndpoint;

// src/request/index.ts
var request_exports = {};
__export(request_exports, {
  Body: () => Body,
  BodyParam: () => BodyParam,
  CookieParam: () => CookieParam,
  Cookies: () => Cookies,
  FilePathParam: () => FilePathParam,
  Form: () => Form,
  HeaderParam: () => HeaderParam,
  Headers: () => Headers2,
  Json: () => Json,
  Param: () => Param,
  PathParam: () => PathParam,
  Query: () => Query,
  QueryParam: () => QueryParam,
  RequestContext: () => RequestContext,
  SlugPathParam: () => SlugPathParam,
  isMarker: () => isMarker,
  specOf: () => specOf,
  toSpec: () => toSpec
});

// src/request/markers.ts
var MARKER = "~fw";
function isMarker(value) {
  return (typeof value === "function" || typeof value === "object" && value !== null) && MARKER in value;
}
function specOf(marker) {
  return marker[MARKER];
}
function isSchema(value) {
  return (typeof value === "object" || typeof value === "function") && value !== null && value.kind === "schema";
}
function configure(base, args) {
  const spec = { ...base };
  let index = 0;
  if (isSchema(args[0])) spec.schema = args[index++];
  const options = args[index];
  if (options && typeof options === "object") {
    if (options.alias !== void 0) spec.alias = options.alias;
    if ("default" in options) {
      spec.hasDefault = true;
      spec.default = options.default;
    }
    if (options.required !== void 0) spec.required = options.required;
    if (options.regex !== void 0) spec.regex = options.regex;
    if (options.contentType !== void 0) spec.contentType = options.contentType;
    if (options.maxLength !== void 0) spec.maxLength = options.maxLength;
  }
  return spec;
}
function declareField(spec, args) {
  const marker = createMarker(spec);
  if (isDecoratorContext(args[1])) {
    metaOfContext(args[1]).fields.set(String(args[1].name), marker);
  } else {
    metaOfPrototype(args[0]).fields.set(String(args[1]), marker);
  }
}
function createMarker(spec) {
  const marker = (...args) => {
    if (args[0] === void 0 && isDecoratorContext(args[1]) || isLegacyMemberCall(args)) {
      declareField(spec, args);
      return void 0;
    }
    return createMarker(configure(spec, args));
  };
  Object.defineProperty(marker, MARKER, { value: spec, enumerable: false });
  return marker;
}
function toSpec(entry) {
  if (isMarker(entry)) return specOf(entry);
  if (isSchema(entry)) return { kind: "auto", schema: entry, hasDefault: false };
  throw new TypeError("fw: a param must be a valibot schema or a request marker");
}

// src/request/context.ts
var RequestContext = class {
  /** the Web `Request` */
  raw;
  /** upper-case HTTP method */
  method;
  /** the URL path (percent-encoded, as received) */
  path;
  #arrived;
  #url;
  constructor(raw2, path, arrived) {
    this.raw = raw2;
    this.method = raw2.method;
    this.path = path;
    this.#arrived = arrived;
  }
  /** when the request arrived */
  get time() {
    return new Date(this.#arrived);
  }
  /** the parsed URL (built on first use: most endpoints never need it) */
  get url() {
    return this.#url ??= new URL(this.raw.url);
  }
  /** request headers (case-insensitive) */
  get headers() {
    return this.raw.headers;
  }
};

// src/request/index.ts
var slugRegex = "[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*";
var PathParam = createMarker({ kind: "path", match: "segment", hasDefault: false });
var FilePathParam = createMarker({ kind: "path", match: "rest", hasDefault: false });
var SlugPathParam = createMarker({ kind: "path", match: "segment", regex: slugRegex, hasDefault: false });
var QueryParam = createMarker({ kind: "query", hasDefault: false });
var HeaderParam = createMarker({ kind: "header", hasDefault: false });
var CookieParam = createMarker({ kind: "cookie", hasDefault: false });
var BodyParam = createMarker({ kind: "body-field", hasDefault: false });
function Query(schema) {
  return createMarker({ kind: "query-object", schema, hasDefault: false });
}
function Headers2(schema) {
  return createMarker({ kind: "header-object", schema, hasDefault: false });
}
function Cookies(schema) {
  return createMarker({ kind: "cookie-object", schema, hasDefault: false });
}
function Body(schema, options = {}) {
  return createMarker({ kind: "body", accept: "any", schema, hasDefault: false, contentType: options.contentType, maxLength: options.maxLength });
}
function Json(schema, options = {}) {
  return createMarker({ kind: "body", accept: "json", schema, hasDefault: false, maxLength: options.maxLength });
}
function Form(schema, options = {}) {
  return createMarker({ kind: "body", accept: "form", schema, hasDefault: false, maxLength: options.maxLength });
}
function Param(schema, options) {
  return createMarker(configure({ kind: "auto", hasDefault: false }, [schema, options]));
}

// src/response/index.ts
var response_exports = {};
__export(response_exports, {
  Response: () => Response2,
  createRenderer: () => createRenderer,
  envelopeOf: () => envelopeOf,
  isResponseClass: () => isResponseClass,
  toHttpError: () => toHttpError
});

// src/response/response.ts
var Response2 = class {
  // The keys (`resultKey`, `messageKey`, `errorsKey`) are deliberately not declared
  // here: subclasses write `static resultKey = 'data'` exactly as SPEC §2 shows,
  // which `noImplicitOverride` would reject if the base declared them.
};
function isResponseClass(value) {
  return typeof value === "function" && (value === Response2 || value.prototype instanceof Response2);
}
function envelopeOf(cls) {
  const { resultKey, messageKey, errorsKey } = cls;
  return resultKey || messageKey ? { resultKey, messageKey, errorsKey } : void 0;
}

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

// src/response/render.ts
var JSON_TYPE = "application/json";
var PROBLEM_TYPE = "application/problem+json";
var STATUS_TEXT = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  411: "Length Required",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout"
};
function toHttpError(error, debug) {
  if (error instanceof HttpError) return error;
  const text = debug && error instanceof Error ? `${error.name}: ${error.message}` : "";
  return new InternalServerError(text, { cause: error });
}
function createRenderer(envelope, stringify, debug, onError) {
  const json = (body, status, type, extra) => {
    if (!extra) return new globalThis.Response(body, { status, headers: { "content-type": type } });
    const headers = new Headers(extra);
    if (!headers.has("content-type")) headers.set("content-type", type);
    return new globalThis.Response(body, { status, headers });
  };
  const resultKey = envelope?.resultKey;
  const messageKey = envelope?.messageKey;
  const head = envelope ? `{${resultKey ? `${JSON.stringify(resultKey)}:` : ""}` : "";
  const okTail = envelope ? messageKey ? `${resultKey ? "," : ""}${JSON.stringify(messageKey)}:""}` : "}" : "";
  const wrap = (value, message, errors) => {
    const body = {};
    if (resultKey) body[resultKey] = value ?? null;
    if (messageKey) body[messageKey] = message;
    if (errors && envelope?.errorsKey) body[envelope.errorsKey] = errors;
    return stringify(body);
  };
  return {
    result(value, init) {
      if (value instanceof globalThis.Response) return value;
      const status = init?.status ?? 200;
      let body;
      if (!envelope) body = stringify(value ?? null);
      else if (init?.message) body = wrap(value, init.message);
      else body = resultKey ? head + stringify(value ?? null) + okTail : head + okTail;
      return json(body, status, JSON_TYPE, init?.headers);
    },
    error(thrown) {
      const error = toHttpError(thrown, debug);
      if (error.status >= 500) onError?.(thrown);
      const message = error.fullMessage;
      const headers = Object.keys(error.headers).length ? error.headers : void 0;
      if (envelope) return json(wrap(null, message, error.errors), error.status, JSON_TYPE, headers);
      const problem = {
        type: "about:blank",
        title: STATUS_TEXT[error.status] ?? error.name,
        status: error.status,
        detail: message
      };
      if (error.errors.length) problem.errors = error.errors;
      return json(stringify(problem), error.status, PROBLEM_TYPE, headers);
    }
  };
}

// src/file/index.ts
var file_exports = {};
__export(file_exports, {
  Audio: () => Audio,
  File: () => AnyFile,
  Image: () => Image,
  UploadedFile: () => UploadedFile,
  Video: () => Video,
  createFileSchema: () => createFileSchema,
  fileSchemaInfo: () => fileSchemaInfo,
  isFileSchema: () => isFileSchema,
  safeFileName: () => safeFileName,
  toUploadedFile: () => toUploadedFile
});

// src/file/schema.ts
init_dist();

// src/body/content-type.ts
function parseContentType(header) {
  if (header === null) return void 0;
  const semi = header.indexOf(";");
  const essence2 = (semi < 0 ? header : header.slice(0, semi)).trim().toLowerCase();
  if (!essence2) return void 0;
  const params = /* @__PURE__ */ Object.create(null);
  if (semi >= 0) parseHeaderParams(header, semi + 1, params);
  return { essence: essence2, params };
}
function parseHeaderParams(header, from, out) {
  let i = from;
  const n = header.length;
  while (i < n) {
    while (i < n && " 	;".includes(header.charAt(i))) i++;
    const eq = header.indexOf("=", i);
    if (eq < 0) return;
    const stop = header.indexOf(";", i);
    if (stop >= 0 && stop < eq) {
      i = stop + 1;
      continue;
    }
    const name2 = header.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    while (i < n && (header.charAt(i) === " " || header.charAt(i) === "	")) i++;
    let value = "";
    const quoted = header.charAt(i) === '"';
    if (quoted) {
      i++;
      while (i < n && header.charAt(i) !== '"') {
        const c = header.charAt(i);
        const next = header.charAt(i + 1);
        if (c === "\\" && (next === '"' || next === "\\")) i++;
        value += header.charAt(i);
        i++;
      }
      i++;
    }
    const semi = header.indexOf(";", i);
    const end = semi < 0 ? n : semi;
    if (!quoted) value = header.slice(eq + 1, end).trim();
    i = end;
    if (name2 && !Object.hasOwn(out, name2)) out[name2] = value;
  }
}
function isJsonType(essence2) {
  return essence2 === "application/json" || essence2.endsWith("+json");
}
function isXmlType(essence2) {
  return essence2 === "application/xml" || essence2 === "text/xml" || essence2.endsWith("+xml");
}
var URLENCODED = "application/x-www-form-urlencoded";
var MULTIPART = "multipart/form-data";
var matchers = /* @__PURE__ */ new Map();
function typeMatcher(pattern) {
  let matcher = matchers.get(pattern);
  if (matcher) return matcher;
  const exact = /* @__PURE__ */ new Set();
  const prefixes = [];
  let any = false;
  for (const raw2 of pattern.split(",")) {
    const part = raw2.split(";")[0].trim().toLowerCase();
    if (!part) continue;
    if (part === "*" || part === "*/*") any = true;
    else if (part.endsWith("/*")) prefixes.push(part.slice(0, -1));
    else exact.add(part);
  }
  matcher = any ? () => true : (essence2) => exact.has(essence2) || prefixes.some((prefix) => essence2.startsWith(prefix));
  matchers.set(pattern, matcher);
  return matcher;
}

// src/file/safe-name.ts
var UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f<>:"|?*]/g;
var WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com\d|lpt\d)(?:\.|$)/i;
var SAFE_EXTENSION = /^\.[a-z0-9]{1,10}$/i;
var MAX_NAME_BYTES = 255;
var EXTENSIONS = {
  "image/png": ".png",
  "image/jpeg": ".jpg",
  "image/gif": ".gif",
  "image/webp": ".webp",
  "image/avif": ".avif",
  "image/svg+xml": ".svg",
  "audio/mpeg": ".mp3",
  "audio/ogg": ".ogg",
  "audio/wav": ".wav",
  "video/mp4": ".mp4",
  "video/webm": ".webm",
  "application/pdf": ".pdf",
  "application/json": ".json",
  "application/zip": ".zip",
  "text/plain": ".txt",
  "text/csv": ".csv"
};
function safeFileName(name2, type = "") {
  const base = name2.slice(Math.max(name2.lastIndexOf("/"), name2.lastIndexOf("\\")) + 1);
  let safe = base.normalize("NFC").replace(UNSAFE_CHARS, "").replace(/\.{2,}/g, ".").replace(/^[.\s]+/, "").replace(/[.\s]+$/, "");
  if (WINDOWS_RESERVED.test(safe)) safe = `_${safe}`;
  if (safe.length === 0) return randomName(extensionOf(base) ?? EXTENSIONS[type.toLowerCase()] ?? "");
  return truncate(safe);
}
function randomName(extension = "") {
  return crypto.randomUUID().replaceAll("-", "") + extension;
}
function extensionOf(name2) {
  const dot = name2.lastIndexOf(".");
  const extension = dot < 0 ? "" : name2.slice(dot);
  return SAFE_EXTENSION.test(extension) ? extension.toLowerCase() : void 0;
}
function truncate(name2) {
  const encoder = new TextEncoder();
  if (encoder.encode(name2).length <= MAX_NAME_BYTES) return name2;
  const extension = extensionOf(name2) ?? "";
  let budget = MAX_NAME_BYTES - extension.length;
  let stem = "";
  for (const char of name2.slice(0, name2.length - extension.length)) {
    const size = encoder.encode(char).length;
    if (size > budget) break;
    budget -= size;
    stem += char;
  }
  stem = stem.replace(/[.\s]+$/, "");
  return stem ? stem + extension : randomName(extension);
}

// src/node/save.ts
var NO_FS = "file.save() needs a file system (Node, Bun or Deno); on Workers use file.arrayBuffer() or stream() and store it yourself";
function builtin(id) {
  const proc = Reflect.get(globalThis, "process");
  if (typeof proc !== "object" || proc === null || !("getBuiltinModule" in proc)) return void 0;
  const load = proc.getBuiltinModule;
  if (typeof load !== "function") return void 0;
  return load.call(proc, id);
}
async function saveFile(file, dir, name2) {
  const fs = builtin("node:fs/promises");
  const path = builtin("node:path");
  if (!fs || !path) throw new Error(NO_FS);
  if (typeof dir !== "string" || dir.length === 0) throw new TypeError("file.save(dir): dir must be a non-empty path");
  const original = name2 ?? (file instanceof File ? file.name : "");
  const base = safeFileName(original, file.type);
  await fs.mkdir(path.resolve(dir), { recursive: true });
  const root = await fs.realpath(path.resolve(dir));
  const target = path.resolve(root, base);
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  if (!target.startsWith(prefix) || target.length === prefix.length) {
    throw new Error(`file.save(): refusing to write outside ${root}`);
  }
  const { O_WRONLY, O_CREAT, O_TRUNC, O_NOFOLLOW = 0 } = fs.constants;
  const handle = await fs.open(target, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 420);
  try {
    const reader = file.stream().getReader();
    for (; ; ) {
      const { done, value } = await reader.read();
      if (done) break;
      await handle.writeFile(value);
    }
  } finally {
    await handle.close();
  }
  return target;
}

// src/file/uploaded.ts
var UploadedFile = class _UploadedFile extends File {
  /**
   * Write the file into `dir` (created if missing) and return its absolute
   * path. `name` (default: the upload's file name) is reduced to a safe base
   * name; a random one is made when nothing usable remains. Throws on
   * runtimes without a file system (Workers).
   */
  save(dir, name2) {
    return saveFile(this, dir, name2);
  }
  /**
   * `value` as an `UploadedFile`: returned as is when it already is one,
   * wrapped (no copy of the bytes) when it is another Blob/File.
   *
   * @example
   * UploadedFile.from(new Blob(['hi'], { type: 'text/plain' })).type // 'text/plain'
   */
  static from(value, name2) {
    if (value instanceof _UploadedFile) return value;
    const fileName = name2 ?? (value instanceof File ? value.name : "");
    const options = value instanceof File ? { type: value.type, lastModified: value.lastModified } : { type: value.type };
    return new _UploadedFile([value], fileName, options);
  }
};

// src/file/schema.ts
function toUploadedFile(value) {
  return value instanceof Blob ? UploadedFile.from(value) : value;
}
function createFileSchema(options = {}) {
  return build({ mime: options.mime, maxSize: options.maxSize, message: options.message });
}
function build(config2) {
  if (config2.maxSize !== void 0 && !(config2.maxSize >= 0)) {
    throw new TypeError(`file schema: maxSize must be a non-negative number, got ${String(config2.maxSize)}`);
  }
  const matches = config2.mime ? typeMatcher(config2.mime) : void 0;
  const derive = (options = {}) => build({
    mime: options.mime ?? config2.mime,
    maxSize: options.maxSize ?? config2.maxSize,
    message: options.message ?? config2.message
  });
  const props = {
    kind: "schema",
    type: "file",
    reference: createFileSchema,
    expects: config2.mime ?? "File",
    async: false,
    mime: config2.mime,
    maxSize: config2.maxSize,
    message: config2.message,
    "~fwConvert": toUploadedFile,
    "~run"(dataset, runConfig) {
      const value = dataset.value;
      let problem;
      if (!(value instanceof Blob)) problem = `expected a file, got ${describe(value)}`;
      else if (matches && !matches(essence(value.type))) problem = `invalid file type: expected ${config2.mime}, got '${value.type}'`;
      else if (config2.maxSize !== void 0 && value.size > config2.maxSize) {
        problem = `file too large: ${value.size} > ${config2.maxSize} bytes`;
      }
      if (problem !== void 0) {
        _addIssue(schema, "type", dataset, runConfig, { message: config2.message ?? problem });
        return dataset;
      }
      const output = dataset;
      output.value = UploadedFile.from(value);
      output.typed = true;
      return output;
    }
  };
  const schema = _standardSchema(Object.assign(derive, props));
  return schema;
}
function essence(type) {
  const semi = type.indexOf(";");
  return (semi < 0 ? type : type.slice(0, semi)).trim().toLowerCase();
}
function describe(value) {
  if (value === null) return "null";
  if (typeof value === "string") return `'${value.length > 40 ? `${value.slice(0, 40)}\u2026` : value}'`;
  return Array.isArray(value) ? "array" : typeof value;
}

// src/file/info.ts
function shape(value) {
  return typeof value === "object" && value !== null || typeof value === "function" ? value : void 0;
}
function isFileSchema(schema) {
  const s = shape(schema);
  return s !== void 0 && s.type === "file" && s["~fwConvert"] === toUploadedFile;
}
function fileSchemaInfo(schema) {
  let current = shape(schema);
  for (let hops = 0; current !== void 0 && hops < 16; hops++) {
    if (isFileSchema(current)) return infoOf(current);
    current = shape(current.wrapped);
  }
  return void 0;
}
function infoOf(s) {
  const info = {};
  if (typeof s.mime === "string") info.mime = s.mime;
  if (typeof s.maxSize === "number") info.maxSize = s.maxSize;
  if (Array.isArray(s.pipe)) {
    for (const item of s.pipe) {
      const action = shape(item);
      if (action?.type === "max_size" && typeof action.requirement === "number") {
        info.maxSize = Math.min(info.maxSize ?? Infinity, action.requirement);
      } else if (action?.type === "mime_type" && Array.isArray(action.requirement)) {
        info.mime = action.requirement.join(", ");
      }
    }
  }
  return info;
}

// src/file/index.ts
var AnyFile = createFileSchema();
var Image = createFileSchema({ mime: "image/*" });
var Audio = createFileSchema({ mime: "audio/*" });
var Video = createFileSchema({ mime: "video/*" });

// src/conf/strftime.ts
var DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
var pad = (value, width = 2) => String(value).padStart(width, "0");
function dayOfYear(wall) {
  return Math.round((Date.UTC(wall.year, wall.month - 1, wall.day) - Date.UTC(wall.year, 0, 1)) / 864e5) + 1;
}
function offset(minutes, colon) {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${colon ? ":" : ""}${pad(abs % 60)}`;
}
var DIRECTIVES = {
  Y: (w) => String(w.year),
  y: (w) => pad(w.year % 100),
  m: (w) => pad(w.month),
  d: (w) => pad(w.day),
  e: (w) => String(w.day).padStart(2, " "),
  H: (w) => pad(w.hour),
  I: (w) => pad(w.hour % 12 || 12),
  p: (w) => w.hour < 12 ? "AM" : "PM",
  M: (w) => pad(w.minute),
  S: (w) => pad(w.second),
  f: (w) => pad(w.millisecond * 1e3, 6),
  z: (w) => offset(w.offsetMinutes, false),
  Z: (_w, zone) => zone,
  a: (w) => DAYS[w.weekday].slice(0, 3),
  A: (w) => DAYS[w.weekday],
  b: (w) => MONTHS[w.month - 1].slice(0, 3),
  B: (w) => MONTHS[w.month - 1],
  j: (w) => pad(dayOfYear(w), 3),
  "%": "%"
};
function compileStrftime(pattern) {
  const pieces = [];
  let literal = "";
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    const directive = char === "%" ? DIRECTIVES[pattern[index + 1] ?? ""] : void 0;
    if (directive === void 0) {
      literal += char;
      continue;
    }
    index++;
    if (typeof directive === "string") {
      literal += directive;
      continue;
    }
    if (literal) pieces.push(literal);
    literal = "";
    pieces.push(directive);
  }
  if (literal) pieces.push(literal);
  return (wall, zone) => {
    let out = "";
    for (const piece of pieces) out += typeof piece === "string" ? piece : piece(wall, zone);
    return out;
  };
}
function utcWall(date) {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    millisecond: date.getUTCMilliseconds(),
    weekday: date.getUTCDay(),
    offsetMinutes: 0
  };
}
function zonedWall(timeZone) {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric"
  });
  return (date) => {
    const fields = {};
    for (const part of format.formatToParts(date)) if (part.type !== "literal") fields[part.type] = Number(part.value);
    const wallMs = Date.UTC(fields.year ?? 1970, (fields.month ?? 1) - 1, fields.day ?? 1, fields.hour ?? 0, fields.minute ?? 0, fields.second ?? 0);
    const utcMs = date.getTime() - date.getUTCMilliseconds();
    const wall = utcWall(new Date(wallMs));
    wall.millisecond = date.getUTCMilliseconds();
    wall.offsetMinutes = Math.round((wallMs - utcMs) / 6e4);
    return wall;
  };
}

// src/conf/time.ts
var Time = class {
  datetimeFormat;
  useTz;
  timeZone;
  #formatter;
  #wall;
  constructor(options = {}) {
    this.datetimeFormat = options.datetimeFormat;
    this.useTz = options.useTz ?? true;
    this.timeZone = options.timeZone ?? "UTC";
    const iso = "%Y-%m-%dT%H:%M:%S.%f";
    const base = compileStrftime(this.datetimeFormat ?? iso);
    const isoSuffix = !this.datetimeFormat && this.useTz;
    this.#formatter = isoSuffix ? (wall, zone) => base(wall, zone).slice(0, -3) + isoOffset(wall.offsetMinutes) : this.datetimeFormat ? base : (wall, zone) => base(wall, zone).slice(0, -3);
    this.#wall = this.timeZone === "UTC" ? utcWall : zonedWall(this.timeZone);
  }
  /** Format one date with this configuration. */
  format(date) {
    if (Number.isNaN(date.getTime())) return "Invalid Date";
    return this.#formatter(this.#wall(date), this.timeZone);
  }
};
function isoOffset(minutes) {
  if (minutes === 0) return "Z";
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

// src/body/limits.ts
var defaultLimits = Object.freeze({
  bodyBytes: 1024 * 1024,
  formBytes: 100 * 1024,
  multipartBytes: 10 * 1024 * 1024,
  fileBytes: 10 * 1024 * 1024,
  files: 100,
  fields: 1e3,
  queryParams: 1e3,
  depth: 100
});

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
function compilePath(template, ruleOf) {
  const normalised = joinPath(template);
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
      const name2 = (found[1] ?? "").trim();
      const start = found.index ?? 0;
      if (!name2) throw new ImproperlyConfigured(`route '${template}': empty path param '{}'`);
      if (start === previousEnd) {
        throw new ImproperlyConfigured(`route '${template}': path params '{${names.at(-1)}}{${name2}}' need a literal between them`);
      }
      if (names.includes(name2)) throw new ImproperlyConfigured(`route '${template}': path param '{${name2}}' appears twice`);
      source += encodeLiteral(segment.slice(last, start));
      source += ruleOf(name2).match === "rest" ? "(.*)" : "([^/]+)";
      names.push(name2);
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

// src/body/form.ts
function createForm() {
  return /* @__PURE__ */ Object.create(null);
}
function addField(form, key, value) {
  if (key === "__proto__") return;
  const existing = form[key];
  if (existing === void 0) form[key] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else form[key] = [existing, value];
}
function tooManyFields(limit2) {
  return new BadRequest(`too many form fields (limit ${limit2})`);
}
function parseUrlencoded(text, maxFields) {
  if (text.length === 0) return void 0;
  const form = createForm();
  let count = 0;
  for (const [key, value] of new URLSearchParams(text)) {
    if (++count > maxFields) throw tooManyFields(maxFields);
    addField(form, key, value);
  }
  return form;
}

// src/body/json.ts
var OPEN_BRACE = 123;
var OPEN_BRACKET = 91;
var CLOSE_BRACE = 125;
var CLOSE_BRACKET = 93;
var QUOTE = 34;
var BACKSLASH = 92;
function parseJson(text, maxDepth) {
  if (isBlank(text)) return void 0;
  if (jsonDepthExceeds(text, maxDepth)) throw new BadRequest(`JSON body nested deeper than ${maxDepth} levels`);
  try {
    return mayHaveProto(text) ? JSON.parse(text, dropProto) : JSON.parse(text);
  } catch {
    throw new BadRequest("invalid JSON body");
  }
}
function isBlank(text) {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return false;
  }
  return true;
}
function jsonDepthExceeds(text, maxDepth) {
  if (text.length <= maxDepth) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
function mayHaveProto(text) {
  return text.includes("__proto__") || text.includes("\\u");
}
function dropProto(key, value) {
  return key === "__proto__" ? void 0 : value;
}

// src/body/multipart-headers.ts
function parsePartHeaders(block) {
  const out = {};
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1);
    if (field === "content-disposition" && out.name === void 0) Object.assign(out, parseDisposition(value));
    else if (field === "content-type" && out.type === void 0) {
      const type = parseContentType(value);
      if (type) out.type = type.essence;
    }
  }
  return out;
}
function parseDisposition(value) {
  const out = {};
  const semi = value.indexOf(";");
  if (semi < 0) return out;
  const params = /* @__PURE__ */ Object.create(null);
  parseHeaderParams(value, semi + 1, params);
  if (params.name !== void 0) out.name = unescapeHtmlForm(params.name);
  const extended = params["filename*"] === void 0 ? void 0 : decodeExtended(params["filename*"]);
  if (extended !== void 0) out.filename = extended;
  else if (params.filename !== void 0) out.filename = unescapeHtmlForm(params.filename);
  return out;
}
function unescapeHtmlForm(text) {
  return text.includes("%") ? text.replace(/%(22|0D|0A)/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))) : text;
}
function decodeExtended(text) {
  const match2 = /^utf-8'[^']*'(.*)$/i.exec(text);
  if (!match2) return void 0;
  try {
    return decodeURIComponent(match2[1] ?? "");
  } catch {
    return void 0;
  }
}

// src/body/stream.ts
function tooLarge(limit2, what = "body") {
  return new RequestEntityTooLarge(`${what} exceeds ${limit2} bytes`);
}
function checkDeclaredLength(request, declared, limit2) {
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit2) {
    request.body?.cancel().catch(ignore);
    throw tooLarge(limit2);
  }
}
async function pump(body, limit2, onChunk) {
  const reader = body.getReader();
  let total = 0;
  try {
    for (; ; ) {
      let result;
      try {
        result = await reader.read();
      } catch (error) {
        throw new BadRequest("request body could not be read", { cause: error });
      }
      if (result.done) return total;
      const chunk = result.value;
      total += chunk.byteLength;
      if (total > limit2) throw tooLarge(limit2);
      if (chunk.byteLength > 0 && onChunk(chunk) === true) {
        reader.cancel().catch(ignore);
        return total;
      }
    }
  } catch (error) {
    reader.cancel().catch(ignore);
    throw error;
  } finally {
    reader.releaseLock();
  }
}
async function readAll(body, limit2) {
  const chunks = [];
  const total = await pump(body, limit2, (chunk) => {
    chunks.push(chunk);
  });
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let offset2 = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset2);
    offset2 += chunk.byteLength;
  }
  return out;
}
function ignore() {
}

// src/body/text.ts
var utf8 = new TextDecoder("utf-8");
var decoders = /* @__PURE__ */ new Map([["utf-8", utf8], ["utf8", utf8]]);
function decodeText(bytes, charset) {
  return decoderFor(charset).decode(bytes);
}
function decoderFor(charset) {
  if (charset === void 0) return utf8;
  const label = charset.trim().toLowerCase();
  let decoder = decoders.get(label);
  if (decoder) return decoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    throw new UnsupportedMediaType(`unsupported charset '${label.slice(0, 40)}'`);
  }
  decoders.set(label, decoder);
  return decoder;
}

// src/body/multipart.ts
var CR = 13;
var LF = 10;
var DASH = 45;
var SPACE = 32;
var TAB = 9;
var CRLF = new Uint8Array([CR, LF]);
var HEADER_END = new Uint8Array([CR, LF, CR, LF]);
var MAX_HEADER_BYTES = 16 * 1024;
var BOUNDARY2 = /^[0-9A-Za-z'()+_,\-./:=? ]{1,70}$/;
var PREAMBLE = 0;
var AFTER_DELIMITER = 1;
var HEADERS = 2;
var PART_BODY = 3;
var DONE = 4;
async function readMultipart(body, boundary, limits) {
  if (boundary === void 0 || !BOUNDARY2.test(boundary)) {
    body.cancel().catch(() => {
    });
    throw new BadRequest("multipart body without a valid boundary");
  }
  const parser = new MultipartParser(boundary, limits);
  const total = await pump(body, limits.bytes, (chunk) => parser.push(chunk));
  return total === 0 ? void 0 : parser.finish();
}
var MultipartParser = class {
  delimiter;
  limits;
  form = createForm();
  /** unconsumed bytes; starts with a virtual CRLF so the first delimiter matches */
  pending = CRLF;
  state = PREAMBLE;
  parts = 0;
  files = 0;
  part = {};
  chunks = [];
  size = 0;
  constructor(boundary, limits) {
    this.delimiter = new TextEncoder().encode(`\r
--${boundary}`);
    this.limits = limits;
  }
  /** Consume a chunk; `true` once the closing delimiter has been seen. */
  push(chunk) {
    const buf = this.pending.length === 0 ? chunk : concat(this.pending, chunk);
    const pos = this.consume(buf);
    this.pending = pos >= buf.length ? EMPTY : buf.slice(pos);
    return this.state === DONE;
  }
  /** The form, once the body has ended; 400 when it ended early. */
  finish() {
    if (this.state !== DONE) throw new BadRequest("invalid multipart body: unexpected end");
    return this.form;
  }
  /** Advance the state machine over `buf`; returns how far it got. */
  consume(buf) {
    const delimiter = this.delimiter;
    let pos = 0;
    for (; ; ) {
      switch (this.state) {
        case PREAMBLE: {
          const at = indexOf(buf, delimiter, pos);
          if (at < 0) return Math.max(pos, buf.length - delimiter.length + 1);
          pos = at + delimiter.length;
          this.state = AFTER_DELIMITER;
          break;
        }
        case AFTER_DELIMITER: {
          if (buf.length - pos < 2) return pos;
          if (buf[pos] === DASH && buf[pos + 1] === DASH) {
            this.state = DONE;
            return buf.length;
          }
          let end = pos;
          while (end < buf.length && (buf[end] === SPACE || buf[end] === TAB)) end++;
          if (end - pos > 64) throw invalid();
          if (buf.length - end < 2) return pos;
          if (buf[end] !== CR || buf[end + 1] !== LF) throw invalid();
          pos = end + 2;
          this.state = HEADERS;
          break;
        }
        case HEADERS: {
          if (buf.length - pos < 2) return pos;
          let block = "";
          if (buf[pos] === CR && buf[pos + 1] === LF) {
            pos += 2;
          } else {
            const at = indexOf(buf, HEADER_END, pos);
            if (at < 0) {
              if (buf.length - pos > MAX_HEADER_BYTES) throw new BadRequest("multipart part headers too large");
              return pos;
            }
            if (at - pos > MAX_HEADER_BYTES) throw new BadRequest("multipart part headers too large");
            block = decodeText(buf.subarray(pos, at));
            pos = at + HEADER_END.length;
          }
          this.startPart(block);
          this.state = PART_BODY;
          break;
        }
        case PART_BODY: {
          const at = indexOf(buf, delimiter, pos);
          if (at < 0) {
            const safe = buf.length - delimiter.length + 1;
            if (safe > pos) {
              this.data(buf.subarray(pos, safe));
              pos = safe;
            }
            return pos;
          }
          this.data(buf.subarray(pos, at));
          this.endPart();
          pos = at + delimiter.length;
          this.state = AFTER_DELIMITER;
          break;
        }
        default:
          return buf.length;
      }
    }
  }
  startPart(block) {
    if (++this.parts > this.limits.parts) throw tooManyFields(this.limits.parts);
    const part = parsePartHeaders(block);
    if (part.filename !== void 0 && ++this.files > this.limits.files) {
      throw new BadRequest(`too many files (limit ${this.limits.files})`);
    }
    this.part = part;
    this.chunks = [];
    this.size = 0;
  }
  data(bytes) {
    if (bytes.length === 0 || this.part.name === void 0) return;
    this.size += bytes.length;
    if (this.part.filename !== void 0) {
      if (this.size > this.limits.fileBytes) throw tooLarge(this.limits.fileBytes, "file");
    } else if (this.size > this.limits.fieldBytes) {
      throw tooLarge(this.limits.fieldBytes, "form field");
    }
    this.chunks.push(bytes);
  }
  endPart() {
    const { name: name2, filename, type } = this.part;
    if (name2 === void 0) return;
    if (filename !== void 0) {
      if (filename === "" && this.size === 0) return;
      addField(this.form, name2, new UploadedFile(this.chunks, filename, { type: type ?? "application/octet-stream" }));
    } else {
      addField(this.form, name2, decodeText(this.chunks.length === 1 ? this.chunks[0] : joinAll(this.chunks, this.size)));
    }
    this.chunks = [];
  }
};
var EMPTY = new Uint8Array(0);
function invalid() {
  return new BadRequest("invalid multipart body");
}
function indexOf(buf, pattern, from) {
  const first = pattern[0];
  const last = buf.length - pattern.length;
  for (let i = buf.indexOf(first, from); i !== -1 && i <= last; i = buf.indexOf(first, i + 1)) {
    let j = 1;
    while (j < pattern.length && buf[i + j] === pattern[j]) j++;
    if (j === pattern.length) return i;
  }
  return -1;
}
function concat(a, b) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
function joinAll(chunks, size) {
  const out = new Uint8Array(size);
  let offset2 = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset2);
    offset2 += chunk.length;
  }
  return out;
}

// src/body/xml.ts
var TEXT = "#text";
var DOCTYPE = /<!DOCTYPE/i;
var library;
var parsers = /* @__PURE__ */ new Map();
function parserFor(lib, maxDepth) {
  let parser = parsers.get(maxDepth);
  if (!parser) {
    parser = new lib.XMLParser({
      ignoreAttributes: true,
      parseTagValue: false,
      parseAttributeValue: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
      processEntities: true,
      htmlEntities: false,
      textNodeName: TEXT,
      // +1: the parser counts the document node as a level.
      maxNestedTags: maxDepth + 1
    });
    parsers.set(maxDepth, parser);
  }
  return parser;
}
async function parseXml2(text, maxDepth) {
  if (text.trim().length === 0) return void 0;
  if (DOCTYPE.test(text)) throw new BadRequest("XML DOCTYPE declarations are not allowed");
  const lib = await (library ??= Promise.resolve().then(() => (init_fxp(), fxp_exports)));
  if (lib.XMLValidator.validate(text) !== true) throw new BadRequest("invalid XML body");
  let document;
  try {
    document = parserFor(lib, maxDepth).parse(text);
  } catch (error) {
    const deep = error instanceof Error && error.message.includes("nested");
    throw new BadRequest(deep ? `XML body nested deeper than ${maxDepth} levels` : "invalid XML body");
  }
  if (typeof document !== "object" || document === null) throw new BadRequest("invalid XML body");
  const roots = Object.values(document);
  if (roots.length !== 1) throw new BadRequest("invalid XML body");
  const fields = rebuild(roots[0]);
  return fields === void 0 || fields === "" ? /* @__PURE__ */ Object.create(null) : fields;
}
function rebuild(value) {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map((item) => rebuild(item) ?? "");
  if (typeof value !== "object" || value === null) return void 0;
  const out = /* @__PURE__ */ Object.create(null);
  let fields = 0;
  for (const key of Object.keys(value)) {
    if (key === TEXT || key === "__proto__") continue;
    const item = rebuild(value[key]);
    if (item !== void 0) {
      out[key] = item;
      fields++;
    }
  }
  const text = value[TEXT];
  return fields === 0 && typeof text === "string" ? text : out;
}

// src/body/index.ts
var EXPECTED = {
  any: "JSON, XML or form data",
  json: "application/json",
  form: `${MULTIPART} or ${URLENCODED}`,
  text: "text",
  binary: "a file"
};
async function readBody(request, plan2, limits) {
  const body = request.body;
  if (body === null) return void 0;
  if (request.bodyUsed) throw new Error("fw: the request body was already read");
  const declared = request.headers.get("content-length");
  if (declared === "0" && plan2.accept !== "text") return void 0;
  const type = parseContentType(request.headers.get("content-type"));
  const kind = kindOf(plan2, type);
  if (kind === void 0) return refuse(request, body, declared, plan2, type, limits);
  const limit2 = Math.min(limitOf(kind, limits), plan2.maxLength ?? Infinity);
  checkDeclaredLength(request, declared, limit2);
  switch (kind) {
    case "json":
      return parseJson(decodeText(await readAll(body, limit2)), limits.depth);
    case "xml":
      return parseXml2(decodeText(await readAll(body, limit2), type?.params.charset), limits.depth);
    case "urlencoded":
      return parseUrlencoded(decodeText(await readAll(body, limit2)), limits.fields);
    case "multipart":
      return readMultipart(body, type?.params.boundary, {
        bytes: limit2,
        parts: limits.fields,
        files: limits.files,
        fileBytes: Math.min(limits.fileBytes, limit2),
        fieldBytes: Math.min(limits.bodyBytes, limit2)
      });
    case "text":
      return decodeText(await readAll(body, limit2), type?.params.charset);
    case "binary":
      return binaryFile(request, await readAll(body, limit2), type);
  }
}
function kindOf(plan2, type) {
  const essence2 = type?.essence;
  switch (plan2.accept) {
    case "json":
      return essence2 !== void 0 && isJsonType(essence2) ? "json" : void 0;
    case "form":
      return essence2 === URLENCODED ? "urlencoded" : essence2 === MULTIPART ? "multipart" : void 0;
    case "any":
      if (essence2 === void 0) return void 0;
      if (isJsonType(essence2)) return "json";
      if (essence2 === URLENCODED) return "urlencoded";
      if (essence2 === MULTIPART) return "multipart";
      return isXmlType(essence2) ? "xml" : void 0;
    case "text":
    case "binary":
      if (plan2.contentType === void 0) return plan2.accept;
      return essence2 !== void 0 && typeMatcher(plan2.contentType)(essence2) ? plan2.accept : void 0;
  }
}
function limitOf(kind, limits) {
  switch (kind) {
    case "urlencoded":
      return limits.formBytes;
    case "multipart":
      return limits.multipartBytes;
    case "binary":
      return limits.fileBytes;
    default:
      return limits.bodyBytes;
  }
}
async function refuse(request, body, declared, plan2, type, limits) {
  const expected = plan2.contentType ?? EXPECTED[plan2.accept];
  if (type === void 0) {
    checkDeclaredLength(request, declared, limits.bodyBytes);
    const bytes = await readAll(body, limits.bodyBytes);
    if (bytes.length === 0) return void 0;
    throw new UnsupportedMediaType(`missing Content-Type; expected ${expected}`);
  }
  body.cancel().catch(() => {
  });
  throw new UnsupportedMediaType(`content type '${type.essence.slice(0, 100)}' is not accepted; expected ${expected}`);
}
function binaryFile(request, bytes, type) {
  if (bytes.length === 0) return void 0;
  const disposition = request.headers.get("content-disposition");
  const name2 = disposition === null ? "" : parseDisposition(disposition).filename ?? "";
  return new UploadedFile([bytes], name2, { type: type?.essence ?? "" });
}

// src/schema/convert.ts
init_dist();

// src/schema/errors.ts
var ConversionError = class extends Error {
  path;
  reason;
  constructor(reason, path = []) {
    super(reason);
    this.reason = reason;
    this.path = path;
  }
  /** Prefix an item name as the error travels out of a nested value. */
  within(key) {
    this.path.unshift(key);
    return this;
  }
};
function showValue(value) {
  let text;
  if (typeof value === "string") text = `'${value}'`;
  else if (value instanceof Date) text = `'${String(value)}'`;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
function chainMessage(path, reason) {
  let out = "";
  for (const key of path) out += `parse item: [${typeof key === "number" ? key : `'${key}'`}] failed: `;
  return out + reason;
}

// src/schema/field.ts
var fieldOptions = /* @__PURE__ */ new WeakMap();
function getFieldOptions(schema) {
  return typeof schema === "object" && schema !== null ? fieldOptions.get(schema) : void 0;
}

// src/schema/types.ts
function shapeOf(schema) {
  return schema;
}

// src/schema/convert.ts
var identity = (value) => value;
var cache = /* @__PURE__ */ new WeakMap();
var NUMBER2 = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
var TRUE = /* @__PURE__ */ new Set(["true", "1", "yes", "on", "y", "t"]);
var FALSE = /* @__PURE__ */ new Set(["false", "0", "no", "off", "n", "f"]);
var INTEGER_ACTIONS = /* @__PURE__ */ new Set(["integer", "safe_integer"]);
function compileConverter(schema) {
  const cached = cache.get(schema);
  if (cached) return cached;
  let built = identity;
  const late = (value) => built(value);
  cache.set(schema, late);
  built = build2(shapeOf(schema), schema);
  cache.set(schema, built);
  return built;
}
function build2(shape2, schema) {
  const hook = shape2["~fwConvert"];
  if (typeof hook === "function") return (value) => hook.call(shape2, value);
  switch (shape2.type) {
    case "string":
      return toStringValue;
    case "number":
      return isInteger(shape2) ? toInteger : toNumber2;
    case "bigint":
      return toBigInt;
    case "boolean":
      return toBoolean;
    case "date":
      return toDate;
    case "picklist":
    case "enum":
      return matchOption(shape2.options ?? []);
    case "literal":
      return matchOption([shape2.literal]);
    case "optional":
    case "exact_optional":
    case "undefinedable":
    case "nullable":
    case "nullish":
    case "non_nullable":
    case "non_nullish":
    case "non_optional":
      return wrapped(shape2);
    case "array":
      return arrayOf(compileConverter(shape2.item));
    case "tuple":
    case "loose_tuple":
    case "strict_tuple":
    case "tuple_with_rest":
      return tupleOf(shape2);
    case "object":
    case "loose_object":
    case "strict_object":
    case "object_with_rest":
      return objectOf(shape2);
    case "record":
      return recordOf(compileConverter(shape2.value));
    case "union":
      return unionOf(shape2.options);
    case "lazy":
      return (value) => compileConverter(shape2.getter(value))(value);
    default:
      void schema;
      return identity;
  }
}
function isInteger(shape2) {
  return shape2.pipe?.some((action) => action.kind === "validation" && INTEGER_ACTIONS.has(action.type)) ?? false;
}
function toStringValue(value) {
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return value;
}
function toNumber2(value) {
  if (typeof value === "number") return value;
  if (typeof value === "string") {
    if (NUMBER2.test(value)) return Number(value);
    throw new ConversionError(`invalid number: ${showValue(value)}`);
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value === void 0 || value === null) return value;
  throw new ConversionError(`invalid number: ${showValue(value)}`);
}
function toInteger(value) {
  const number2 = toNumber2(value);
  return typeof number2 === "number" && Number.isFinite(number2) ? Math.trunc(number2) : number2;
}
function toBigInt(value) {
  if (typeof value === "bigint") return value;
  if (typeof value === "string" && /^[+-]?\d+$/.test(value) || typeof value === "number" && Number.isInteger(value)) {
    return BigInt(value);
  }
  if (value === void 0 || value === null) return value;
  throw new ConversionError(`invalid integer: ${showValue(value)}`);
}
function toBoolean(value) {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    const lower = value.toLowerCase();
    if (TRUE.has(lower)) return true;
    if (FALSE.has(lower)) return false;
  } else if (value === 0 || value === 1) {
    return value === 1;
  } else if (value === void 0 || value === null) {
    return value;
  }
  throw new ConversionError(`invalid boolean: ${showValue(value)}`);
}
function toDate(value) {
  if (value instanceof Date) return value;
  let date;
  if (typeof value === "number") date = epoch(value);
  else if (typeof value === "string") date = /^-?\d+(?:\.\d+)?$/.test(value) ? epoch(Number(value)) : new Date(value);
  else if (value === void 0 || value === null) return value;
  if (date === void 0 || Number.isNaN(date.getTime())) throw new ConversionError(`invalid date: ${showValue(value)}`);
  return date;
}
function epoch(value) {
  return new Date(Math.abs(value) < 1e11 ? value * 1e3 : value);
}
function matchOption(options) {
  const byText = /* @__PURE__ */ new Map();
  for (const option of options) if (!byText.has(String(option))) byText.set(String(option), option);
  return (value) => {
    if (options.includes(value)) return value;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      return byText.has(String(value)) ? byText.get(String(value)) : value;
    }
    return value;
  };
}
function wrapped(shape2) {
  const inner = compileConverter(shape2.wrapped);
  return (value) => value === void 0 || value === null ? value : inner(value);
}
function decodeJson(value, want) {
  const first = value.trimStart()[0];
  if (want === "array" && first !== "[" || want === "object" && first !== "{") return void 0;
  try {
    return JSON.parse(value);
  } catch {
    throw new ConversionError(`invalid JSON: ${showValue(value)}`);
  }
}
function arrayOf(item) {
  return (value) => {
    if (value === void 0 || value === null) return value;
    let list = value;
    if (typeof value === "string") list = decodeJson(value, "array") ?? [value];
    if (!Array.isArray(list)) list = [list];
    const items = list;
    const out = new Array(items.length);
    for (let index = 0; index < items.length; index++) {
      try {
        out[index] = item(items[index]);
      } catch (error) {
        throw error instanceof ConversionError ? error.within(index) : error;
      }
    }
    return out;
  };
}
function tupleOf(shape2) {
  const items = (shape2.items ?? []).map(compileConverter);
  const rest = shape2.rest ? compileConverter(shape2.rest) : identity;
  return (value) => {
    let list = value;
    if (typeof value === "string") list = decodeJson(value, "array") ?? [value];
    if (!Array.isArray(list)) return list;
    return list.map((entry, index) => {
      try {
        return (items[index] ?? rest)(entry);
      } catch (error) {
        throw error instanceof ConversionError ? error.within(index) : error;
      }
    });
  };
}
function objectEntries(schema) {
  const entries = shapeOf(schema).entries ?? {};
  return Object.keys(entries).map((key) => {
    const entry = entries[key];
    return { key, wire: getFieldOptions(entry)?.alias ?? key, convert: compileConverter(entry) };
  });
}
function objectOf(shape2) {
  const entries = objectEntries(shape2);
  const keepsUnknown = shape2.type !== "object" && shape2.type !== "strict_object";
  const rest = shape2.rest ? compileConverter(shape2.rest) : identity;
  const known = new Set(entries.map((entry) => entry.wire));
  return (value) => {
    let input = value;
    if (typeof value === "string") input = decodeJson(value, "object") ?? value;
    if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
    const source = input;
    const out = {};
    for (const entry of entries) {
      const raw2 = Object.hasOwn(source, entry.wire) ? source[entry.wire] : void 0;
      try {
        const converted = entry.convert(raw2);
        if (converted !== void 0 || Object.hasOwn(source, entry.wire)) out[entry.key] = converted;
      } catch (error) {
        throw error instanceof ConversionError ? error.within(entry.wire) : error;
      }
    }
    if (keepsUnknown || shape2.type === "strict_object") copyUnknown(source, out, known, rest);
    return out;
  };
}
function copyUnknown(source, out, known, convert) {
  for (const key of Object.keys(source)) {
    if (known.has(key) || key === "__proto__") continue;
    try {
      out[key] = convert(source[key]);
    } catch (error) {
      throw error instanceof ConversionError ? error.within(key) : error;
    }
  }
}
function recordOf(convert) {
  return (value) => {
    let input = value;
    if (typeof value === "string") input = decodeJson(value, "object") ?? value;
    if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
    const out = {};
    copyUnknown(input, out, /* @__PURE__ */ new Set(), convert);
    return out;
  };
}
function unionOf(options) {
  const plans = options.map((option) => ({ option, convert: compileConverter(option) }));
  return (value) => {
    let firstError;
    for (const { option, convert } of plans) {
      try {
        const converted = convert(value);
        if (safeParse(option, converted).success) return converted;
      } catch (error) {
        if (!(error instanceof ConversionError)) throw error;
        firstError ??= error;
      }
    }
    if (firstError && plans.every(({ option }) => shapeOf(option).type !== "string")) throw firstError;
    return value;
  };
}

// src/schema/parse.ts
init_dist();
var config = { abortEarly: true };
function compileParser(schema) {
  const convert = compileConverter(schema);
  return (value) => {
    const result = safeParse(schema, convert(value), config);
    if (result.success) return result.output;
    throw issueError(schema, result.issues[0]);
  };
}
function wirePath(schema, keys) {
  let current = schema;
  return keys.map((key) => {
    while (current && shapeOf(current).wrapped) current = shapeOf(current).wrapped;
    const shape2 = current && shapeOf(current);
    const entry = typeof key === "string" ? shape2?.entries?.[key] : void 0;
    current = entry ?? shape2?.item ?? shape2?.value ?? shape2?.items?.[key];
    return entry && getFieldOptions(entry)?.alias || key;
  });
}
function issueError(schema, issue) {
  const path = wirePath(schema, (issue.path ?? []).map((item) => item.key));
  const missing = issue.kind === "schema" && issue.input === void 0;
  return new ConversionError(missing ? "required item missing" : issue.message, path);
}

// src/compile/endpoint.ts
function issueOf(plan2, error) {
  return { in: plan2.in, name: plan2.name, path: [plan2.name, ...error.path], message: error.reason };
}
function countPairs(search, limit2) {
  if (!search) return 0;
  let count = 1;
  for (let index = search.indexOf("&"); index >= 0 && count <= limit2; index = search.indexOf("&", index + 1)) count++;
  return count;
}
function extract(plans, sources, input, instance2) {
  let issues;
  for (const plan2 of plans) {
    let value;
    try {
      const raw2 = plan2.read(sources);
      if (raw2 === void 0 && plan2.hasDefault) value = plan2.default;
      else if (raw2 === void 0 && plan2.mayBeAbsent) value = void 0;
      else value = plan2.parse(raw2);
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      (issues ??= []).push(issueOf(plan2, error));
      continue;
    }
    if (plan2.target === "input") input[plan2.key] = value;
    else instance2[plan2.key] = value;
  }
  return issues;
}
function compileEndpoint(def, plan2, options) {
  const renderer = createRenderer(def.envelope, options.stringify, options.debug, options.onError);
  const responder = renderer.result;
  const method = def.cls.prototype[def.methodName];
  const Cls = def.cls;
  const { params, body } = plan2;
  const limits = options.limits;
  const readsQuery = params.some((param) => param.in === "query");
  const run = async (request, sources, path, arrived) => {
    try {
      if (readsQuery && countPairs(sources.search, limits.queryParams) > limits.queryParams) {
        throw new BadRequest(`too many query parameters (limit ${limits.queryParams})`);
      }
      if (body) sources.body = await readBody(request, body, limits);
      const instance2 = new Cls();
      const input = {};
      const issues = extract(params, sources, input, instance2);
      if (issues) {
        const first = issues[0];
        throw new BadRequest(chainMessage(first.path, first.message), { errors: issues });
      }
      instance2.request = new RequestContext(request, path, arrived);
      instance2[RESPONDER] = responder;
      return renderer.result(await method.call(instance2, input));
    } catch (error) {
      return renderer.error(error);
    }
  };
  return {
    def,
    renderer,
    headerNames: plan2.headerNames,
    handle(request, pathValues, path, search, arrived) {
      return run(request, { request, pathValues, search }, path, arrived);
    }
  };
}

// src/compile/params.ts
init_dist();

// src/compile/sources.ts
function parseCookies(header) {
  const out = /* @__PURE__ */ Object.create(null);
  if (!header) return out;
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    const name2 = pair.slice(0, eq).trim();
    if (!name2 || name2 in out) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name2] = value.includes("%") ? decodeURIComponent(value) : value;
    } catch {
      out[name2] = value;
    }
  }
  return out;
}
function queryObject(query2) {
  const out = /* @__PURE__ */ Object.create(null);
  for (const [key, value] of query2) {
    const existing = out[key];
    if (existing === void 0) out[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else out[key] = [existing, value];
  }
  return out;
}
function kebabCase(name2) {
  return name2.replace(/[A-Z]/g, (char, index) => (index ? "-" : "") + char.toLowerCase()).replace(/_/g, "-");
}

// src/compile/params.ts
var OPTIONAL_TYPES = /* @__PURE__ */ new Set(["optional", "exact_optional", "nullish", "undefinedable"]);
var WRAPPERS = /* @__PURE__ */ new Set(["optional", "exact_optional", "nullish", "undefinedable", "nullable", "non_nullable", "non_nullish", "non_optional"]);
var stringSchema = string();
function unwrap(schema) {
  let current = schema;
  while (WRAPPERS.has(shapeOf(current).type) && shapeOf(current).wrapped) current = shapeOf(current).wrapped;
  return current;
}
function isOptional(spec) {
  return spec.hasDefault || spec.schema !== void 0 && OPTIONAL_TYPES.has(shapeOf(spec.schema).type);
}
function wantsList(schema) {
  const type = shapeOf(unwrap(schema)).type;
  return type === "array" || type.includes("tuple");
}
function plan(spec, at, name2, target, key, read, schema = spec.schema ?? stringSchema) {
  return { in: at, name: name2, target, key, read, parse: compileParser(schema), hasDefault: spec.hasDefault, default: spec.default, mayBeAbsent: spec.required === false };
}
function pathPlan(spec, name2, index, target, key) {
  const parse2 = compileParser(spec.schema ?? stringSchema);
  const pattern = spec.regex ? new RegExp(`^(?:${spec.regex})$`) : void 0;
  return {
    ...plan(spec, "path", name2, target, key, (sources) => decodePathValue(sources.pathValues[index])),
    parse: pattern ? (value) => {
      if (typeof value === "string" && !pattern.test(value)) throw new ConversionError(`invalid value: '${value}' does not match '${spec.regex}'`);
      return parse2(value);
    } : parse2
  };
}
function decodePathValue(raw2) {
  if (raw2 === void 0 || !raw2.includes("%")) return raw2;
  try {
    return decodeURIComponent(raw2);
  } catch {
    throw new ConversionError(`invalid percent-encoding: '${raw2}'`);
  }
}
var query = (sources) => sources.query ??= new URLSearchParams(sources.search);
var cookies = (sources) => sources.cookies ??= parseCookies(sources.request.headers.get("cookie"));
function queryPlan(spec, key, target) {
  const wire = spec.alias ?? key;
  const schema = spec.schema ?? stringSchema;
  const read = wantsList(schema) ? (sources) => {
    const all = query(sources).getAll(wire);
    return all.length ? all : void 0;
  } : (sources) => query(sources).get(wire) ?? void 0;
  return plan(spec, "query", wire, target, key, read);
}
function headerPlan(spec, key, target) {
  const wire = (spec.alias ?? kebabCase(key)).toLowerCase();
  return plan(spec, "header", spec.alias ?? kebabCase(key), target, key, (sources) => sources.request.headers.get(wire) ?? void 0);
}
function cookiePlan(spec, key, target) {
  const wire = spec.alias ?? key;
  return plan(spec, "cookie", wire, target, key, (sources) => cookies(sources)[wire]);
}
function headerSource(entry) {
  return (entry.wire === entry.key ? kebabCase(entry.key) : entry.wire).toLowerCase();
}
function objectPlan(spec, key, target, at) {
  const schema = spec.schema ?? object({});
  if (at === "query") return plan(spec, at, key, target, key, (sources) => queryObject(query(sources)), schema);
  const entries = objectEntries(unwrap(schema)).map((entry) => ({
    wire: entry.wire,
    source: at === "header" ? headerSource(entry) : entry.wire
  }));
  const read = (sources) => {
    const out = {};
    for (const entry of entries) {
      const value = at === "header" ? sources.request.headers.get(entry.source) : cookies(sources)[entry.source];
      if (value !== null && value !== void 0) out[entry.wire] = value;
    }
    return out;
  };
  return plan(spec, at, key, target, key, read, schema);
}
function bodyFieldPlan(spec, key, target) {
  const wire = spec.alias ?? key;
  const read = (sources) => {
    const body = sources.body;
    return typeof body === "object" && body !== null && Object.hasOwn(body, wire) ? body[wire] : void 0;
  };
  return plan(spec, "body", wire, target, key, read);
}
function bodyPlanOf(spec) {
  const schema = unwrap(spec.schema ?? stringSchema);
  const shape2 = shapeOf(schema);
  const fileInfo = fileSchemaInfo(schema);
  if (spec.kind === "body" && fileInfo) {
    return { accept: "binary", contentType: spec.contentType ?? fileInfo.mime, maxLength: spec.maxLength ?? fileInfo.maxSize };
  }
  if (spec.kind === "body" && shape2.type === "string") return { accept: "text", contentType: spec.contentType, maxLength: spec.maxLength };
  return { accept: spec.accept ?? "any", contentType: spec.contentType, maxLength: spec.maxLength };
}
var ORDER = { path: 0, query: 1, header: 2, cookie: 3, body: 4 };
function planEndpoint(def, pathNames, ownPathNames) {
  const plans = [];
  let body;
  let wholeBody = false;
  const headerNames = [];
  const where = `${def.cls.name}.${def.methodName}()`;
  const commonByName = new Map(def.common.map((param) => [param.field, param]));
  pathNames.forEach((name2, index) => {
    const own = def.params[name2];
    if (own) {
      if (own.kind !== "auto" && own.kind !== "path" && own.kind !== "query") {
        throw new ImproperlyConfigured(`${where}: '${name2}' is in the path template but declared as a ${own.kind} param`);
      }
      plans.push(pathPlan(own, name2, index, "input", name2));
      return;
    }
    const common = commonByName.get(name2);
    const spec = common?.spec ?? { kind: "path", hasDefault: false };
    plans.push(pathPlan(spec, name2, index, ownPathNames.has(name2) && !common ? "input" : "instance", name2));
  });
  const add = (spec, key, target) => {
    switch (spec.kind) {
      case "path":
        throw new ImproperlyConfigured(`${where}: path param '${key}' is not in the route '${def.template}'`);
      case "auto":
      case "query":
        return void plans.push(queryPlan(spec, key, target));
      case "query-object":
        return void plans.push(objectPlan(spec, key, target, "query"));
      case "header":
        headerNames.push((spec.alias ?? kebabCase(key)).toLowerCase());
        return void plans.push(headerPlan(spec, key, target));
      case "header-object":
        for (const entry of objectEntries(unwrap(spec.schema ?? object({})))) headerNames.push(headerSource(entry));
        return void plans.push(objectPlan(spec, key, target, "header"));
      case "cookie":
        return void plans.push(cookiePlan(spec, key, target));
      case "cookie-object":
        return void plans.push(objectPlan(spec, key, target, "cookie"));
      case "body":
        if (wholeBody) throw new ImproperlyConfigured(`${where}: only one whole-body param is allowed`);
        wholeBody = true;
        body = bodyPlanOf(spec);
        return void plans.push(plan(spec, "body", key, target, key, (sources) => sources.body));
      case "body-field":
        body ??= { accept: "any", maxLength: spec.maxLength };
        return void plans.push(bodyFieldPlan(spec, key, target));
    }
  };
  for (const { field, spec } of def.common) if (!pathNames.includes(field)) add(spec, field, "instance");
  for (const key of Object.keys(def.params)) if (!pathNames.includes(key)) add(def.params[key], key, "input");
  plans.sort((a, b) => ORDER[a.in] - ORDER[b.in]);
  return { params: plans, body, headerNames: [...new Set(headerNames)] };
}

// src/compile/tree.ts
var HTTP_NAMES = new Set(HTTP_METHODS);
function lineage(cls) {
  const chain = [];
  for (let current = cls; isAPIClass(current); current = Object.getPrototypeOf(current)) chain.unshift(current);
  return chain;
}
function commonFields(cls) {
  const fields = /* @__PURE__ */ new Map();
  for (const ancestor of lineage(cls)) {
    for (const meta of ownMeta(ancestor)) for (const [name2, marker] of meta.fields) fields.set(name2, toSpec(marker));
  }
  return [...fields].map(([field, spec]) => ({ field, spec }));
}
function envelopeFor(cls, inherited) {
  const declared = cls.response;
  return isResponseClass(declared) ? envelopeOf(declared) : inherited;
}
function endpointsOf(cls) {
  const found = /* @__PURE__ */ new Map();
  for (const ancestor of lineage(cls)) {
    const metas = ownMeta(ancestor);
    const prototype = ancestor.prototype;
    for (const name2 of Object.getOwnPropertyNames(prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, name2);
      if (name2 === "constructor" || typeof descriptor?.value !== "function" || Object.hasOwn(API.prototype, name2)) continue;
      const decls = metas.flatMap((meta) => meta.endpoints.get(name2) ?? []);
      if (decls.length) found.set(name2, decls);
      else if (HTTP_NAMES.has(name2)) found.set(name2, [{ method: name2.toUpperCase() }]);
    }
  }
  return [...found];
}
function mountsOf(cls) {
  const mounts = [];
  for (const ancestor of lineage(cls)) {
    for (const name2 of Object.getOwnPropertyNames(ancestor)) {
      const value = ancestor[name2];
      if (isMountEntry(value)) mounts.push({ api: value.api, route: value.route });
      else if (isAPIClass(value) && name2 !== "prototype") mounts.push({ api: value, route: routeOf(value) ?? name2 });
    }
  }
  return mounts;
}
function specsOf(params) {
  const specs = {};
  for (const key of Object.keys(params ?? {})) specs[key] = toSpec(params[key]);
  return specs;
}
function walk(cls, prefix, inherited, seen, out) {
  if (seen.has(cls)) throw new ImproperlyConfigured(`API class ${cls.name} mounts itself (directly or through a sub-API)`);
  seen.add(cls);
  const here = {
    common: [...inherited.common, ...commonFields(cls)],
    envelope: envelopeFor(cls, inherited.envelope)
  };
  for (const sub of mountsOf(cls)) walk(sub.api, joinPath(prefix, sub.route), here, seen, out);
  for (const [methodName, decls] of endpointsOf(cls)) {
    for (const decl of decls) {
      const namedAfterMethod = HTTP_NAMES.has(methodName);
      if (namedAfterMethod && decl.path !== void 0 && joinPath(decl.path) !== "/") {
        throw new ImproperlyConfigured(`${cls.name}.${methodName}(): a method named after an HTTP method is served at the class route; its path cannot be set to '${decl.path}'`);
      }
      out.push({
        cls,
        methodName,
        method: decl.method,
        template: joinPath(prefix, namedAfterMethod ? "" : decl.path ?? methodName),
        ownPath: namedAfterMethod ? "" : decl.path ?? methodName,
        params: specsOf(decl.params),
        common: here.common,
        envelope: here.envelope
      });
    }
  }
  seen.delete(cls);
}
function collectEndpoints(root, prefix) {
  const out = [];
  walk(root, joinPath(prefix, routeOf(root)), { common: [], envelope: void 0 }, /* @__PURE__ */ new Set(), out);
  return out;
}

// src/router/router.ts
var Router = class {
  entries;
  #exact = /* @__PURE__ */ new Map();
  #dynamic;
  constructor(entries) {
    this.entries = entries;
    this.#dynamic = entries.filter((entry) => entry.path.regex);
    for (const entry of entries) {
      const literal = entry.path.literal;
      if (literal !== void 0 && !this.#exact.has(literal)) this.#exact.set(literal, this.#scan(literal, entries));
    }
  }
  /** Resolve a request path (percent-encoded, no query, no trailing slash). */
  find(path) {
    return this.#exact.get(path) ?? this.#resolveDynamic(path);
  }
  #resolveDynamic(path) {
    const found = this.#scan(path, this.#dynamic);
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

// src/service/dispatch.ts
function ruleFor(def) {
  return (name2) => {
    const spec = def.params[name2] ?? def.common.find((param) => param.field === name2)?.spec;
    return { match: spec?.match ?? "segment", optional: spec ? isOptional(spec) : false };
  };
}
function splitUrl(url) {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return { path: "/", search: "" };
  const query2 = url.indexOf("?", start);
  let path = query2 < 0 ? url.slice(start) : url.slice(start, query2);
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return { path, search: query2 < 0 ? "" : url.slice(query2 + 1) };
}
function stripPrefix(request, url, prefix) {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const rest = url.slice(start + prefix.length);
  const next = url.slice(0, start) + (rest.startsWith("/") ? rest : `/${rest}`);
  return new Request(next, request);
}
function allowOrigin(cors, origin) {
  if (!cors?.origin) return void 0;
  if (cors.origin === "*") return "*";
  const allowed = Array.isArray(cors.origin) ? cors.origin : [cors.origin];
  return origin && allowed.includes(origin) ? origin : void 0;
}
function buildDispatch(config2) {
  const defs = [];
  for (const mounted of config2.apiMounts) defs.push(...collectEndpoints(mounted.api, mounted.route));
  if (config2.api) defs.push(...collectEndpoints(config2.api, config2.route));
  const options = { stringify: config2.stringify, debug: config2.debug, limits: config2.limits ?? defaultLimits, onError: config2.onError };
  const entries = defs.map((def) => {
    const path = compilePath(def.template, ruleFor(def));
    const ownNames = new Set(compilePath(def.ownPath, () => ({ match: "segment", optional: false })).names);
    return { method: def.method, path, data: compileEndpoint(def, planEndpoint(def, path.names, ownNames), options) };
  });
  const router = new Router(entries);
  const rootResponse = config2.api?.response;
  const root = createRenderer(isResponseClass(rootResponse) ? envelopeOf(rootResponse) : void 0, config2.stringify, config2.debug, config2.onError);
  const prefixed = config2.appMounts.filter((mount2) => mount2.prefix !== "/").sort((a, b) => b.prefix.length - a.prefix.length);
  const fallback = config2.appMounts.find((mount2) => mount2.prefix === "/");
  const preflight = (request, found) => {
    const headerNames = /* @__PURE__ */ new Set();
    for (const match2 of found.byMethod.values()) for (const name2 of match2.entry.data.headerNames) headerNames.add(name2);
    headerNames.add("content-type");
    const headers = new Headers({
      "access-control-allow-methods": found.allow.join(", "),
      "access-control-allow-headers": [...headerNames].join(", ")
    });
    const origin = allowOrigin(config2.cors, request.headers.get("origin"));
    if (origin) {
      headers.set("access-control-allow-origin", origin);
      if (origin !== "*") headers.set("vary", "Origin");
      if (config2.cors?.credentials) headers.set("access-control-allow-credentials", "true");
    }
    if (config2.cors?.maxAge !== void 0) headers.set("access-control-max-age", String(config2.cors.maxAge));
    return new Response(null, { status: 204, headers });
  };
  const fetch = async (request) => {
    const arrived = Date.now();
    const url = request.url;
    const { path, search } = splitUrl(url);
    for (const mount2 of prefixed) {
      if (path === mount2.prefix || path.startsWith(`${mount2.prefix}/`)) return mount2.handler(stripPrefix(request, url, mount2.prefix));
    }
    const found = router.find(path);
    if (!found) return fallback ? fallback.handler(request) : root.error(new NotFound(`path not found: ${path}`));
    const method = request.method;
    const match2 = found.byMethod.get(method) ?? (method === "HEAD" ? found.byMethod.get("GET") : void 0);
    if (!match2) {
      if (method === "OPTIONS") return preflight(request, found);
      const renderer = found.byMethod.values().next().value?.entry.data.renderer ?? root;
      return renderer.error(new MethodNotAllowed(`method not allowed: ${method}`, { headers: { allow: found.allow.join(", ") } }));
    }
    const response = await match2.entry.data.handle(request, match2.values, path, search, arrived);
    return method === "HEAD" ? new Response(null, response) : response;
  };
  return { fetch, routes: entries };
}

// src/service/run.ts
var runtime = globalThis;
function detectRuntime() {
  if (runtime.Bun) return "bun";
  if (runtime.Deno) return "deno";
  if (runtime.process?.env) return "node";
  return "unknown";
}
function envVar(name2) {
  try {
    return runtime.process?.env?.[name2] ?? runtime.Deno?.env.get(name2);
  } catch {
    return void 0;
  }
}
var nodeServerModule = ["@hono", "node-server"].join("/");
async function serveFetch(fetch, { port: port2, hostname: hostname2 }) {
  const kind = detectRuntime();
  if (kind === "bun" && runtime.Bun) {
    const server = runtime.Bun.serve({ fetch, port: port2, hostname: hostname2 });
    return { port: server.port, hostname: hostname2, runtime: "bun", close: async () => void server.stop(true) };
  }
  if (kind === "deno" && runtime.Deno) {
    const server = runtime.Deno.serve({ port: port2, hostname: hostname2, onListen: () => {
    } }, fetch);
    return { port: server.addr.port, hostname: hostname2, runtime: "deno", close: () => server.shutdown() };
  }
  if (kind === "node") {
    const { serve } = await import(
      /* @vite-ignore */
      nodeServerModule
    );
    return new Promise((resolve) => {
      const server = serve({ fetch, port: port2, hostname: hostname2 }, (info) => {
        resolve({
          port: info.port,
          hostname: hostname2,
          runtime: "node",
          close: () => new Promise((done, fail2) => server.close((error) => error ? fail2(error) : done()))
        });
      });
    });
  }
  throw new Error("service.run() needs Node, Bun or Deno; on Workers use `export default service`");
}

// src/service/fw.ts
var Fw = class {
  /** the `import.meta.url` of the module that created the service */
  module;
  options;
  limits;
  #time;
  #apiMounts = [];
  #appMounts = [];
  #dispatch;
  constructor(module, options = {}) {
    this.module = module;
    this.options = options;
    this.limits = { ...defaultLimits, ...options.limits };
    this.fetch = this.fetch.bind(this);
    if (options.api && !isAPIClass(options.api)) throw new ImproperlyConfigured("`api` must be a class extending api.API");
    this.#compile();
  }
  /** The service as a fetch handler (bound, so it can be passed around). Workers call it with `(request, env, ctx)`. */
  fetch(request, _env, _ctx) {
    return Promise.resolve((this.#dispatch ?? this.#compile())(request));
  }
  /**
   * Apply a configuration, e.g. `conf.Time`.
   *
   * @example service.use(new conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))
   */
  use(conf) {
    if (conf instanceof Time) this.#time = conf;
    else throw new ImproperlyConfigured("service.use() takes a conf object such as conf.Time");
    this.#dispatch = void 0;
    return this;
  }
  /**
   * Mount an API class, a fetch handler or an app under `route` (from the service root).
   *
   * @example
   * service.mount(OtherAPI, '/v2')
   * service.mount(honoApp, '/legacy')
   */
  mount(target, route2) {
    const prefix = joinPath(route2);
    if (isAPIClass(target)) this.#apiMounts.push({ api: target, route: prefix });
    else this.#appMounts.push({ prefix, handler: toHandler(target) });
    this.#compile();
    return this;
  }
  /** Resolve the backend (for backends given as modules/classes). */
  setup() {
    return this;
  }
  /** The backend app, or the service itself when there is none. */
  application() {
    return this.options.backend ?? this;
  }
  /**
   * Start serving on Node (@hono/node-server), Bun (`Bun.serve`) or Deno (`Deno.serve`).
   *
   * @example const server = await service.run(); console.log(server.port)
   */
  run(options = {}) {
    const port2 = options.port ?? this.options.port ?? Number(envVar("PORT") ?? 8e3);
    const hostname2 = options.host ?? this.options.host ?? envVar("HOST") ?? "127.0.0.1";
    return serveFetch(this.fetch, { port: port2, hostname: hostname2 });
  }
  #compile() {
    const time = this.#time;
    const stringify = time ? (value) => JSON.stringify(value, function(key, replaced) {
      const raw2 = this[key];
      return raw2 instanceof Date ? time.format(raw2) : replaced;
    }) : (value) => JSON.stringify(value);
    const cors = this.options.cors === true ? { origin: "*" } : this.options.cors || void 0;
    const { fetch } = buildDispatch({
      api: this.options.api,
      route: this.options.route ?? "",
      apiMounts: this.#apiMounts,
      appMounts: this.#appMounts,
      stringify,
      debug: this.options.debug ?? false,
      limits: this.limits,
      cors,
      onError: (error) => console.error(error)
    });
    this.#dispatch = fetch;
    return fetch;
  }
};
function toHandler(target) {
  if (typeof target === "function") return target;
  if (typeof target === "object" && target !== null && typeof target.fetch === "function") {
    const app = target;
    return (request, env, ctx) => app.fetch(request, env, ctx);
  }
  throw new ImproperlyConfigured("service.mount() takes an API class, a fetch handler, or an object with fetch()");
}

// bench/apps/fw.ts
init_schemas();
var Envelope = class extends response_exports.Response {
  static resultKey = "data";
  static messageKey = "msg";
};
var Upload2 = uploadSchema(file_exports.File);
function extraAPI(count) {
  class ExtraAPI extends api_exports.API {
  }
  const proto = ExtraAPI.prototype;
  extraRoutes(count).forEach((route2, index) => {
    const name2 = `extra${index}`;
    const method = route2.param ? function(input) {
      return { id: input.id };
    } : function() {
      return route2.path;
    };
    Object.defineProperty(proto, name2, { value: method, writable: true, configurable: true, enumerable: false });
    const decorate = api_exports.get(route2.template);
    decorate(proto, name2, Object.getOwnPropertyDescriptor(proto, name2));
  });
  return ExtraAPI;
}
function createFw(extra = 100) {
  var _upload_dec, _createUser_dec, _getUser_dec, _items_dec, _ping_dec, _a, _init;
  class RootAPI extends (_a = api_exports.API, _ping_dec = [api_exports.get("/")], _items_dec = [api_exports.get({ query: request_exports.Query(ItemsQuery) })], _getUser_dec = [api_exports.get("users/{id}", { id: request_exports.PathParam({ regex: USER_ID }) })], _createUser_dec = [api_exports.post("users", { user: request_exports.Body(CreateUser) })], _upload_dec = [api_exports.post({ form: request_exports.Body(Upload2) })], _a) {
    constructor() {
      super(...arguments);
      __runInitializers(_init, 5, this);
    }
    ping() {
      return results.ping();
    }
    items({ query: query2 }) {
      return results.items(query2);
    }
    getUser({ id }) {
      return results.user(id);
    }
    createUser({ user }) {
      return results.created(user);
    }
    upload({ form }) {
      return results.uploaded(form);
    }
  }
  _init = __decoratorStart(_a);
  __decorateElement(_init, 1, "ping", _ping_dec, RootAPI);
  __decorateElement(_init, 1, "items", _items_dec, RootAPI);
  __decorateElement(_init, 1, "getUser", _getUser_dec, RootAPI);
  __decorateElement(_init, 1, "createUser", _createUser_dec, RootAPI);
  __decorateElement(_init, 1, "upload", _upload_dec, RootAPI);
  __decoratorMetadata(_init, RootAPI);
  __publicField(RootAPI, "response", Envelope);
  __publicField(RootAPI, "extra", api_exports.mount(extraAPI(extra), "/"));
  return new Fw(import.meta.url, { api: RootAPI });
}

// node_modules/hono/dist/http-exception.js
var HTTPException = class extends Error {
  res;
  status;
  /**
  * Creates an instance of `HTTPException`.
  * @param status - HTTP status code for the exception. Defaults to 500.
  * @param options - Additional options for the exception.
  */
  constructor(status = 500, options) {
    super(options?.message, { cause: options?.cause });
    this.res = options?.res;
    this.status = status;
  }
  /**
  * Returns the response object associated with the exception.
  * If a response object is not provided, a new response is created with the error message and status code.
  * @returns The response object.
  */
  getResponse() {
    if (this.res) return new Response(this.res.body, {
      status: this.status,
      headers: this.res.headers
    });
    return new Response(this.message, { status: this.status });
  }
};

// node_modules/hono/dist/utils/buffer.js
var bufferToFormData = (arrayBuffer, contentType) => {
  return new Response(arrayBuffer, { headers: { "Content-Type": contentType.replace(/^[^;]+/, (mediaType) => mediaType.toLowerCase()) } }).formData();
};

// node_modules/hono/dist/utils/url.js
var splitPath = (path) => {
  const paths = path.split("/");
  if (paths[0] === "") paths.shift();
  return paths;
};
var splitRoutingPath = (routePath2) => {
  const { groups, path } = extractGroupsFromPath(routePath2);
  const paths = splitPath(path);
  return replaceGroupMarks(paths, groups);
};
var extractGroupsFromPath = (path) => {
  const groups = [];
  path = path.replace(/\{[^}]+\}/g, (match2, index) => {
    const mark = `@${index}`;
    groups.push([mark, match2]);
    return mark;
  });
  return {
    groups,
    path
  };
};
var replaceGroupMarks = (paths, groups) => {
  for (let i = groups.length - 1; i >= 0; i--) {
    const [mark] = groups[i];
    for (let j = paths.length - 1; j >= 0; j--) if (paths[j].includes(mark)) {
      paths[j] = paths[j].replace(mark, groups[i][1]);
      break;
    }
  }
  return paths;
};
var patternCache = {};
var getPattern = (label, next) => {
  if (label === "*") return "*";
  const match2 = label.match(/^\:([^\{\}]+)(?:\{(.+)\})?$/);
  if (match2) {
    const cacheKey = `${label}#${next}`;
    if (!patternCache[cacheKey]) {
      if (match2[2]) patternCache[cacheKey] = next && next[0] !== ":" && next[0] !== "*" ? [
        cacheKey,
        match2[1],
        new RegExp(`^${match2[2]}(?=/${next})`)
      ] : [
        label,
        match2[1],
        new RegExp(`^${match2[2]}$`)
      ];
      else patternCache[cacheKey] = [
        label,
        match2[1],
        true
      ];
    }
    return patternCache[cacheKey];
  }
  return null;
};
var tryDecode = (str, decoder) => {
  try {
    return decoder(str);
  } catch {
    return str.replace(/(?:%[0-9A-Fa-f]{2})+/g, (match2) => {
      try {
        return decoder(match2);
      } catch {
        return match2;
      }
    });
  }
};
var decodeURIWithPreservedPercent = (value) => decodeURI(value.includes("%25") ? value.replace(/%25/g, "%2525") : value);
var getPath = (request) => {
  const url = request.url;
  const start = url.indexOf("/", url.indexOf(":") + 4);
  let i = start;
  for (; i < url.length; i++) {
    const charCode = url.charCodeAt(i);
    if (charCode === 37) {
      const queryIndex = url.indexOf("?", i);
      const hashIndex = url.indexOf("#", i);
      const end = queryIndex === -1 ? hashIndex === -1 ? void 0 : hashIndex : hashIndex === -1 ? queryIndex : Math.min(queryIndex, hashIndex);
      const path = url.slice(start, end);
      const decoded = tryDecode(path, decodeURIWithPreservedPercent);
      if (/%(?![0-9A-Fa-f]{2})/.test(path)) {
        const rewritten = new URL("http://localhost");
        rewritten.pathname = decoded.replace(/[\\\t\n\r]/g, encodeURIComponent);
        if (tryDecode(rewritten.pathname, decodeURIWithPreservedPercent) !== decoded) return tryDecode(path.replace(/%(?![0-9A-Fa-f]{2})/g, "%25"), decodeURIWithPreservedPercent);
      }
      return decoded;
    } else if (charCode === 63 || charCode === 35) break;
  }
  return url.slice(start, i);
};
var getPathNoStrict = (request) => {
  const result = getPath(request);
  return result.length > 1 && result.at(-1) === "/" ? result.slice(0, -1) : result;
};
var mergePath = (base, sub, ...rest) => {
  if (rest.length) sub = mergePath(sub, ...rest);
  return `${base?.[0] === "/" ? "" : "/"}${base}${sub === "/" ? "" : `${base?.at(-1) === "/" ? "" : "/"}${sub?.[0] === "/" ? sub.slice(1) : sub}`}`;
};
var checkOptionalParameter = (path) => {
  if (path.charCodeAt(path.length - 1) !== 63 || !path.includes(":")) return null;
  const segments = path.split("/");
  const results2 = [];
  let basePath = "";
  segments.forEach((segment) => {
    if (segment !== "" && !/\:/.test(segment)) basePath += "/" + segment;
    else if (/\:/.test(segment)) {
      if (segment.charCodeAt(segment.length - 1) === 63) {
        if (results2.length === 0 && basePath === "") results2.push("/");
        else results2.push(basePath);
        const optionalSegment = segment.slice(0, -1);
        basePath += "/" + optionalSegment;
        results2.push(basePath);
      } else basePath += "/" + segment;
    }
  });
  return results2.filter((v, i, a) => a.indexOf(v) === i);
};
var tryDecodeURIComponent = (str) => str.indexOf("%") !== -1 ? tryDecode(str, decodeURIComponent_) : str;
var _decodeURI = (value) => {
  if (value.indexOf("+") !== -1) value = value.replace(/\+/g, " ");
  return tryDecodeURIComponent(value);
};
var _getQueryParam = (url, key, multiple) => {
  const hashIndex = url.indexOf("#", 8);
  if (hashIndex !== -1) url = url.slice(0, hashIndex);
  let encoded;
  if (!multiple && key && !/[%+&=]/.test(key)) {
    const queryIndex = url.indexOf("?", 8);
    let keyIndex2 = queryIndex;
    if (keyIndex2 === -1) return;
    if (!url.startsWith(key, keyIndex2 + 1)) keyIndex2 = url.indexOf(`&${key}`, keyIndex2 + 1);
    while (keyIndex2 !== -1) {
      const trailingKeyCode = url.charCodeAt(keyIndex2 + key.length + 1);
      if (trailingKeyCode === 61 || trailingKeyCode === 38 || isNaN(trailingKeyCode)) {
        if (keyIndex2 > queryIndex && /(?:^|&)[^=&]*[%+]/.test(url.slice(queryIndex + 1, keyIndex2))) break;
        if (trailingKeyCode === 61) {
          const valueIndex = keyIndex2 + key.length + 2;
          const endIndex = url.indexOf("&", valueIndex);
          return _decodeURI(url.slice(valueIndex, endIndex === -1 ? void 0 : endIndex));
        }
        return "";
      }
      keyIndex2 = url.indexOf(`&${key}`, keyIndex2 + 1);
    }
    encoded = /[%+]/.test(url);
    if (!encoded) return;
  }
  const results2 = /* @__PURE__ */ Object.create(null);
  encoded ??= /[%+]/.test(url);
  let keyIndex = url.indexOf("?", 8);
  while (keyIndex !== -1) {
    const nextKeyIndex = url.indexOf("&", keyIndex + 1);
    let valueIndex = url.indexOf("=", keyIndex);
    if (valueIndex > nextKeyIndex && nextKeyIndex !== -1) valueIndex = -1;
    let name2 = url.slice(keyIndex + 1, valueIndex === -1 ? nextKeyIndex === -1 ? void 0 : nextKeyIndex : valueIndex);
    if (encoded) name2 = _decodeURI(name2);
    keyIndex = nextKeyIndex;
    if (name2 === "") continue;
    let value;
    if (valueIndex === -1) value = "";
    else {
      value = url.slice(valueIndex + 1, nextKeyIndex === -1 ? void 0 : nextKeyIndex);
      if (encoded) value = _decodeURI(value);
    }
    if (multiple) {
      if (!(results2[name2] && Array.isArray(results2[name2]))) results2[name2] = [];
      results2[name2].push(value);
    } else results2[name2] ??= value;
  }
  return key ? results2[key] : results2;
};
var getQueryParam = _getQueryParam;
var getQueryParams = (url, key) => {
  return _getQueryParam(url, key, true);
};
var decodeURIComponent_ = decodeURIComponent;

// node_modules/hono/dist/utils/cookie.js
var relaxedCookieNameRegEx = /^[!#-:<>-[\]-~]+$/;
var validCookieValueRegEx = /^[ !#-:<-[\]-~]*$/;
var trimCookieWhitespace = (value) => {
  let start = 0;
  let end = value.length;
  while (start < end) {
    const charCode = value.charCodeAt(start);
    if (charCode !== 32 && charCode !== 9) break;
    start++;
  }
  while (end > start) {
    const charCode = value.charCodeAt(end - 1);
    if (charCode !== 32 && charCode !== 9) break;
    end--;
  }
  return start === 0 && end === value.length ? value : value.slice(start, end);
};
var parse = (cookie, name2) => {
  if (name2 && cookie.indexOf(name2) === -1) return {};
  const pairs = cookie.split(";");
  const parsedCookie = /* @__PURE__ */ Object.create(null);
  for (const pairStr of pairs) {
    const valueStartPos = pairStr.indexOf("=");
    if (valueStartPos === -1) continue;
    const cookieName = trimCookieWhitespace(pairStr.substring(0, valueStartPos));
    if (name2 && name2 !== cookieName || !relaxedCookieNameRegEx.test(cookieName) || cookieName in parsedCookie) continue;
    let cookieValue = trimCookieWhitespace(pairStr.substring(valueStartPos + 1));
    if (cookieValue.startsWith('"') && cookieValue.endsWith('"')) cookieValue = cookieValue.slice(1, -1);
    if (validCookieValueRegEx.test(cookieValue)) {
      parsedCookie[cookieName] = tryDecodeURIComponent(cookieValue);
      if (name2) break;
    }
  }
  return parsedCookie;
};

// node_modules/hono/dist/helper/cookie/index.js
var getCookie = (c, key, prefix) => {
  const cookie = c.req.raw.headers.get("Cookie");
  if (typeof key === "string") {
    if (!cookie) return;
    let finalKey = key;
    if (prefix === "secure") finalKey = "__Secure-" + key;
    else if (prefix === "host") finalKey = "__Host-" + key;
    return parse(cookie, finalKey)[finalKey];
  }
  if (!cookie) return {};
  return parse(cookie);
};

// node_modules/hono/dist/validator/validator.js
var jsonRegex = /^application\/([\w.-]+\+)?json$/i;
var getMediaType = (contentType) => contentType.split(";")[0].trim().toLowerCase();
var validator = (target, validationFunc) => {
  return async (c, next) => {
    let value = {};
    const contentType = c.req.header("Content-Type");
    const mediaType = contentType ? getMediaType(contentType) : "";
    switch (target) {
      case "json":
        if (!jsonRegex.test(mediaType)) break;
        try {
          value = await c.req.json();
        } catch {
          throw new HTTPException(400, { message: "Malformed JSON in request body" });
        }
        break;
      case "form": {
        if (mediaType !== "multipart/form-data" && mediaType !== "application/x-www-form-urlencoded") break;
        let formData;
        if (c.req.bodyCache.formData) formData = await c.req.bodyCache.formData;
        else try {
          const arrayBuffer = await c.req.arrayBuffer();
          formData = await bufferToFormData(arrayBuffer, contentType);
          c.req.bodyCache.formData = formData;
        } catch (e) {
          let message = "Malformed FormData request.";
          message += e instanceof Error ? ` ${e.message}` : ` ${String(e)}`;
          throw new HTTPException(400, { message });
        }
        const form = /* @__PURE__ */ Object.create(null);
        formData.forEach((value2, key) => {
          if (key.endsWith("[]")) (form[key] ??= []).push(value2);
          else if (Array.isArray(form[key])) form[key].push(value2);
          else if (Object.hasOwn(form, key)) form[key] = [form[key], value2];
          else form[key] = value2;
        });
        value = form;
        break;
      }
      case "query":
        value = Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => {
          return v.length === 1 ? [k, v[0]] : [k, v];
        }));
        break;
      case "param":
        value = c.req.param();
        break;
      case "header":
        value = c.req.header();
        break;
      case "cookie":
        value = getCookie(c);
    }
    const res = await validationFunc(value, c);
    if (res instanceof Response) return res;
    c.req.addValidatedData(target, res);
    return await next();
  };
};

// node_modules/@hono/valibot-validator/dist/index.js
init_dist();
var vValidator = (target, schema, hook) => validator(target, async (value, c) => {
  const result = await safeParseAsync(schema, value);
  if (hook) {
    const hookResult = await hook({
      ...result,
      target
    }, c);
    if (hookResult) {
      if (hookResult instanceof Response) return hookResult;
      if ("response" in hookResult) return hookResult.response;
    }
  }
  if (!result.success) return c.json(result, 400);
  return result.output;
});

// node_modules/hono/dist/request/constants.js
var GET_MATCH_RESULT = /* @__PURE__ */ Symbol();

// node_modules/hono/dist/utils/body.js
var MAX_NESTED_OBJECTS = 1e4;
var isRawRequest = (request) => "headers" in request;
var parseBody = async (request, options = /* @__PURE__ */ Object.create(null)) => {
  const { all = false, dot = false } = options;
  const mediaType = (isRawRequest(request) ? request.headers : request.raw.headers).get("Content-Type")?.split(";")[0].trim().toLowerCase();
  if (mediaType === "multipart/form-data" || mediaType === "application/x-www-form-urlencoded") return parseFormData(request, {
    all,
    dot
  });
  return {};
};
async function parseFormData(request, options) {
  if (!isRawRequest(request) && request.bodyCache.formData) return convertFormDataToBodyData(await request.bodyCache.formData, options);
  const headers = isRawRequest(request) ? request.headers : request.raw.headers;
  const arrayBuffer = await request.arrayBuffer();
  const formDataPromise = bufferToFormData(arrayBuffer, headers.get("Content-Type") || "");
  if (!isRawRequest(request)) request.bodyCache.formData = formDataPromise;
  const formData = await formDataPromise;
  if (formData) return convertFormDataToBodyData(formData, options);
  return {};
}
function convertFormDataToBodyData(formData, options) {
  const form = /* @__PURE__ */ Object.create(null);
  const nestingState = { count: 0 };
  formData.forEach((value, key) => {
    if (!(options.all || key.endsWith("[]"))) form[key] = value;
    else handleParsingAllValues(form, key, value);
  });
  if (options.dot) Object.entries(form).forEach(([key, value]) => {
    if (key.includes(".")) {
      handleParsingNestedValues(form, key, value, nestingState);
      delete form[key];
    }
  });
  return form;
}
var handleParsingAllValues = (form, key, value) => {
  if (form[key] !== void 0) {
    if (Array.isArray(form[key])) form[key].push(value);
    else form[key] = [form[key], value];
  } else if (!key.endsWith("[]")) form[key] = value;
  else form[key] = [value];
};
var handleParsingNestedValues = (form, key, value, state) => {
  if (/(?:^|\.)__proto__\./.test(key)) return;
  let nestedForm = form;
  const keys = key.split(".", 34);
  if (keys.length > 33) throwNestingLimitExceeded();
  keys.forEach((key2, index) => {
    if (index === keys.length - 1) nestedForm[key2] = value;
    else {
      if (!nestedForm[key2] || typeof nestedForm[key2] !== "object" || Array.isArray(nestedForm[key2]) || nestedForm[key2] instanceof File) {
        if (state.count++ >= MAX_NESTED_OBJECTS) throwNestingLimitExceeded();
        nestedForm[key2] = /* @__PURE__ */ Object.create(null);
      }
      nestedForm = nestedForm[key2];
    }
  });
};
var throwNestingLimitExceeded = () => {
  throw new Error("Nesting limit exceeded");
};

// node_modules/hono/dist/request.js
var HonoRequest = class {
  /**
  * `.raw` can get the raw Request object.
  *
  * @see {@link https://hono.dev/docs/api/request#raw}
  *
  * @example
  * ```ts
  * // For Cloudflare Workers
  * app.post('/', async (c) => {
  *   const metadata = c.req.raw.cf?.hostMetadata?
  *   ...
  * })
  * ```
  */
  raw;
  #validatedData;
  #matchResult;
  routeIndex = 0;
  /**
  * `.path` can get the pathname of the request.
  *
  * @see {@link https://hono.dev/docs/api/request#path}
  *
  * @example
  * ```ts
  * app.get('/about/me', (c) => {
  *   const pathname = c.req.path // `/about/me`
  * })
  * ```
  */
  path;
  bodyCache = {};
  constructor(request, path = "/", matchResult = [[]]) {
    this.raw = request;
    this.path = path;
    this.#matchResult = matchResult;
  }
  param(key) {
    return key ? this.#getDecodedParam(key) : this.#getAllDecodedParams();
  }
  #getDecodedParam(key) {
    const paramKey = this.#matchResult[0][this.routeIndex]?.[1][key];
    const param = this.#getParamValue(paramKey);
    return param && tryDecodeURIComponent(param);
  }
  #getAllDecodedParams() {
    const decoded = {};
    const keys = Object.keys(this.#matchResult[0][this.routeIndex]?.[1] ?? {});
    for (const key of keys) {
      const value = this.#getParamValue(this.#matchResult[0][this.routeIndex][1][key]);
      if (value !== void 0) decoded[key] = tryDecodeURIComponent(value);
    }
    return decoded;
  }
  #getParamValue(paramKey) {
    return this.#matchResult[1] ? this.#matchResult[1][paramKey] : paramKey;
  }
  query(key) {
    return getQueryParam(this.url, key);
  }
  queries(key) {
    return getQueryParams(this.url, key);
  }
  header(name2) {
    if (name2) return this.raw.headers.get(name2) ?? void 0;
    const headerData = /* @__PURE__ */ Object.create(null);
    this.raw.headers.forEach((value, key) => {
      headerData[key] = value;
    });
    return headerData;
  }
  async parseBody(options) {
    return parseBody(this, options);
  }
  #cachedBody = (key) => {
    const { bodyCache, raw: raw2 } = this;
    const cachedBody = bodyCache[key];
    if (cachedBody) return cachedBody;
    for (const anyCachedKey in bodyCache) return bodyCache[anyCachedKey].then((body) => {
      if (anyCachedKey === "json") body = JSON.stringify(body);
      const contentType = anyCachedKey === "formData" ? void 0 : raw2.headers.get("content-type");
      return new Response(body, { headers: contentType ? { "Content-Type": contentType } : void 0 })[key]();
    });
    return bodyCache[key] = raw2[key]();
  };
  /**
  * `.json()` can parse Request body of type `application/json`
  *
  * @see {@link https://hono.dev/docs/api/request#json}
  *
  * @example
  * ```ts
  * app.post('/entry', async (c) => {
  *   const body = await c.req.json()
  * })
  * ```
  */
  json() {
    return this.#cachedBody("text").then((text) => JSON.parse(text));
  }
  /**
  * `.text()` can parse Request body of type `text/plain`
  *
  * @see {@link https://hono.dev/docs/api/request#text}
  *
  * @example
  * ```ts
  * app.post('/entry', async (c) => {
  *   const body = await c.req.text()
  * })
  * ```
  */
  text() {
    return this.#cachedBody("text");
  }
  /**
  * `.arrayBuffer()` parse Request body as an `ArrayBuffer`
  *
  * @see {@link https://hono.dev/docs/api/request#arraybuffer}
  *
  * @example
  * ```ts
  * app.post('/entry', async (c) => {
  *   const body = await c.req.arrayBuffer()
  * })
  * ```
  */
  arrayBuffer() {
    return this.#cachedBody("arrayBuffer");
  }
  /**
  * `.bytes()` parses the request body as a `Uint8Array`.
  *
  * @see {@link https://hono.dev/docs/api/request#bytes}
  *
  * @example
  * ```ts
  * app.post('/entry', async (c) => {
  *   const body = await c.req.bytes()
  * })
  * ```
  */
  bytes() {
    return this.#cachedBody("arrayBuffer").then((buffer) => new Uint8Array(buffer));
  }
  /**
  * Parses the request body as a `Blob`.
  * @example
  * ```ts
  * app.post('/entry', async (c) => {
  *   const body = await c.req.blob();
  * });
  * ```
  * @see https://hono.dev/docs/api/request#blob
  */
  blob() {
    return this.#cachedBody("blob");
  }
  /**
  * Parses the request body as `FormData`.
  * @example
  * ```ts
  * app.post('/entry', async (c) => {
  *   const body = await c.req.formData();
  * });
  * ```
  * @see https://hono.dev/docs/api/request#formdata
  */
  formData() {
    return this.#cachedBody("formData");
  }
  /**
  * Adds validated data to the request.
  *
  * @param target - The target of the validation.
  * @param data - The validated data to add.
  */
  addValidatedData(target, data) {
    (this.#validatedData ??= {})[target] = data;
  }
  valid(target) {
    return this.#validatedData?.[target];
  }
  /**
  * `.url` can get the request url strings.
  *
  * @see {@link https://hono.dev/docs/api/request#url}
  *
  * @example
  * ```ts
  * app.get('/about/me', (c) => {
  *   const url = c.req.url // `http://localhost:8787/about/me`
  *   ...
  * })
  * ```
  */
  get url() {
    return this.raw.url;
  }
  /**
  * `.method` can get the method name of the request.
  *
  * @see {@link https://hono.dev/docs/api/request#method}
  *
  * @example
  * ```ts
  * app.get('/about/me', (c) => {
  *   const method = c.req.method // `GET`
  * })
  * ```
  */
  get method() {
    return this.raw.method;
  }
  get [GET_MATCH_RESULT]() {
    return this.#matchResult;
  }
  /**
  * `.matchedRoutes` can return a matched route in the handler
  *
  * @deprecated
  *
  * Use matchedRoutes helper defined in "hono/route" instead.
  *
  * @see {@link https://hono.dev/docs/api/request#matchedroutes}
  *
  * @example
  * ```ts
  * app.use('*', async function logger(c, next) {
  *   await next()
  *   c.req.matchedRoutes.forEach(({ handler, method, path }, i) => {
  *     const name = handler.name || (handler.length < 2 ? '[handler]' : '[middleware]')
  *     console.log(
  *       method,
  *       ' ',
  *       path,
  *       ' '.repeat(Math.max(10 - path.length, 0)),
  *       name,
  *       i === c.req.routeIndex ? '<- respond from here' : ''
  *     )
  *   })
  * })
  * ```
  */
  get matchedRoutes() {
    return this.#matchResult[0].map(([[, route2]]) => route2);
  }
  /**
  * `.routePath` can retrieve the path registered within the handler
  *
  * @deprecated
  *
  * Use routePath helper defined in "hono/route" instead.
  *
  * @see {@link https://hono.dev/docs/api/request#routepath}
  *
  * @example
  * ```ts
  * app.get('/posts/:id', (c) => {
  *   return c.json({ path: c.req.routePath })
  * })
  * ```
  */
  get routePath() {
    return this.#matchResult[0].map(([[, route2]]) => route2)[this.routeIndex].path;
  }
};

// node_modules/hono/dist/utils/html.js
var HtmlEscapedCallbackPhase = {
  Stringify: 1,
  BeforeStream: 2,
  Stream: 3
};
var raw = (value, callbacks) => {
  const escapedString = new String(value);
  escapedString.isEscaped = true;
  escapedString.callbacks = callbacks;
  return escapedString;
};
var resolveCallback = async (str, phase, preserveCallbacks, context, buffer) => {
  if (typeof str === "object" && !(str instanceof String)) {
    if (!(str instanceof Promise)) str = str.toString();
    if (str instanceof Promise) str = await str;
  }
  const callbacks = str.callbacks;
  if (!callbacks?.length) return Promise.resolve(str);
  if (buffer) buffer[0] += str;
  else buffer = [str];
  const resStr = Promise.all(callbacks.map((c) => c({
    phase,
    buffer,
    context
  }))).then((res) => Promise.all(res.filter(Boolean).map((str2) => resolveCallback(str2, phase, false, context, buffer))).then(() => buffer[0]));
  if (preserveCallbacks) return raw(await resStr, callbacks);
  else return resStr;
};

// node_modules/hono/dist/context.js
var TEXT_PLAIN = "text/plain; charset=UTF-8";
var setDefaultContentType = (contentType, headers) => {
  return {
    "Content-Type": contentType,
    ...headers
  };
};
var createResponseInstance = (body, init) => new Response(body, init);
var Context = class {
  #rawRequest;
  #req;
  /**
  * `.env` can get bindings (environment variables, secrets, KV namespaces, D1 database, R2 bucket etc.) in Cloudflare Workers.
  *
  * @see {@link https://hono.dev/docs/api/context#env}
  *
  * @example
  * ```ts
  * // Environment object for Cloudflare Workers
  * app.get('*', async c => {
  *   const counter = c.env.COUNTER
  * })
  * ```
  */
  env = {};
  #var;
  finalized = false;
  /**
  * `.error` can get the error object from the middleware if the Handler throws an error.
  *
  * @see {@link https://hono.dev/docs/api/context#error}
  *
  * @example
  * ```ts
  * app.use('*', async (c, next) => {
  *   await next()
  *   if (c.error) {
  *     // do something...
  *   }
  * })
  * ```
  */
  error;
  #status;
  #executionCtx;
  #res;
  #layout;
  #renderer;
  #notFoundHandler;
  #preparedHeaders;
  #matchResult;
  #path;
  /**
  * Creates an instance of the Context class.
  *
  * @param req - The Request object.
  * @param options - Optional configuration options for the context.
  */
  constructor(req, options) {
    this.#rawRequest = req;
    if (options) {
      this.#executionCtx = options.executionCtx;
      this.env = options.env;
      this.#notFoundHandler = options.notFoundHandler;
      this.#path = options.path;
      this.#matchResult = options.matchResult;
    }
  }
  /**
  * `.req` is the instance of {@link HonoRequest}.
  */
  get req() {
    this.#req ??= new HonoRequest(this.#rawRequest, this.#path, this.#matchResult);
    return this.#req;
  }
  /**
  * @see {@link https://hono.dev/docs/api/context#event}
  * The FetchEvent associated with the current request.
  *
  * @throws Will throw an error if the context does not have a FetchEvent.
  */
  get event() {
    if (this.#executionCtx && "respondWith" in this.#executionCtx) return this.#executionCtx;
    else throw Error("This context has no FetchEvent");
  }
  /**
  * @see {@link https://hono.dev/docs/api/context#executionctx}
  * The ExecutionContext associated with the current request.
  *
  * @throws Will throw an error if the context does not have an ExecutionContext.
  */
  get executionCtx() {
    if (this.#executionCtx) return this.#executionCtx;
    else throw Error("This context has no ExecutionContext");
  }
  /**
  * @see {@link https://hono.dev/docs/api/context#res}
  * The Response object for the current request.
  */
  get res() {
    return this.#res ||= createResponseInstance(null, { headers: this.#preparedHeaders ??= new Headers() });
  }
  /**
  * Sets the Response object for the current request.
  *
  * @param _res - The Response object to set.
  */
  set res(_res) {
    if (this.#res && _res) {
      _res = createResponseInstance(_res.body, _res);
      for (const [k, v] of this.#res.headers.entries()) {
        if (k === "content-type") continue;
        if (k === "set-cookie") {
          const cookies2 = this.#res.headers.getSetCookie();
          _res.headers.delete("set-cookie");
          for (const cookie of cookies2) _res.headers.append("set-cookie", cookie);
        } else _res.headers.set(k, v);
      }
    }
    this.#res = _res;
    this.finalized = true;
  }
  /**
  * `.render()` can create a response within a layout.
  *
  * @see {@link https://hono.dev/docs/api/context#render-setrenderer}
  *
  * @example
  * ```ts
  * app.get('/', (c) => {
  *   return c.render('Hello!')
  * })
  * ```
  */
  render = (...args) => {
    this.#renderer ??= (content) => this.html(content);
    return this.#renderer(...args);
  };
  /**
  * Sets the layout for the response.
  *
  * @param layout - The layout to set.
  * @returns The layout function.
  */
  setLayout = (layout) => this.#layout = layout;
  /**
  * Gets the current layout for the response.
  *
  * @returns The current layout function.
  */
  getLayout = () => this.#layout;
  /**
  * `.setRenderer()` can set the layout in the custom middleware.
  *
  * @see {@link https://hono.dev/docs/api/context#render-setrenderer}
  *
  * @example
  * ```tsx
  * app.use('*', async (c, next) => {
  *   c.setRenderer((content) => {
  *     return c.html(
  *       <html>
  *         <body>
  *           <p>{content}</p>
  *         </body>
  *       </html>
  *     )
  *   })
  *   await next()
  * })
  * ```
  */
  setRenderer = (renderer) => {
    this.#renderer = renderer;
  };
  /**
  * `.header()` can set headers.
  *
  * @see {@link https://hono.dev/docs/api/context#header}
  *
  * @example
  * ```ts
  * app.get('/welcome', (c) => {
  *   // Set headers
  *   c.header('X-Message', 'Hello!')
  *   c.header('Content-Type', 'text/plain')
  *
  *   // Append multiple headers using the append option (e.g. Vary)
  *   c.header('Vary', 'Accept-Encoding', { append: true })
  *   c.header('Vary', 'User-Agent', { append: true })
  *
  *   return c.body('Thank you for coming')
  * })
  * ```
  */
  header = (name2, value, options) => {
    if (this.finalized && !this.#res.bodyUsed) this.#res = createResponseInstance(this.#res.body, this.#res);
    const headers = this.#res ? this.#res.headers : this.#preparedHeaders ??= new Headers();
    if (value === void 0) headers.delete(name2);
    else if (options?.append) headers.append(name2, value);
    else headers.set(name2, value);
  };
  status = (status) => {
    this.#status = status;
  };
  /**
  * `.set()` can set the value specified by the key.
  *
  * @see {@link https://hono.dev/docs/api/context#set-get}
  *
  * @example
  * ```ts
  * app.use('*', async (c, next) => {
  *   c.set('message', 'Hono is hot!!')
  *   await next()
  * })
  * ```
  */
  set = (key, value) => {
    this.#var ??= /* @__PURE__ */ new Map();
    this.#var.set(key, value);
  };
  /**
  * `.get()` can use the value specified by the key.
  *
  * @see {@link https://hono.dev/docs/api/context#set-get}
  *
  * @example
  * ```ts
  * app.get('/', (c) => {
  *   const message = c.get('message')
  *   return c.text(`The message is "${message}"`)
  * })
  * ```
  */
  get = (key) => {
    return this.#var ? this.#var.get(key) : void 0;
  };
  /**
  * `.var` can access the value of a variable.
  *
  * @see {@link https://hono.dev/docs/api/context#var}
  *
  * @example
  * ```ts
  * const result = c.var.client.oneMethod()
  * ```
  */
  get var() {
    if (!this.#var) return {};
    return Object.fromEntries(this.#var);
  }
  #newResponse(data, arg, headers) {
    let responseHeaders = this.#res ? new Headers(this.#res.headers) : this.#preparedHeaders;
    if (typeof arg === "object" && arg.headers) {
      responseHeaders ??= new Headers();
      for (const [key, value] of new Headers(arg.headers)) if (key === "set-cookie") responseHeaders.append(key, value);
      else responseHeaders.set(key, value);
    }
    if (headers) {
      if (!responseHeaders) {
        let count = 0;
        for (const k in headers) if (++count > 1 || typeof headers[k] !== "string") {
          responseHeaders = new Headers();
          break;
        }
      }
      if (responseHeaders) for (const k in headers) {
        const v = headers[k];
        if (typeof v === "string") responseHeaders.set(k, v);
        else {
          responseHeaders.delete(k);
          for (const v2 of v) responseHeaders.append(k, v2);
        }
      }
    }
    const status = typeof arg === "number" ? arg : arg?.status ?? this.#status;
    return createResponseInstance(data, {
      status,
      headers: responseHeaders ?? headers
    });
  }
  newResponse = (...args) => this.#newResponse(...args);
  /**
  * `.body()` can return the HTTP response.
  * You can set headers with `.header()` and set HTTP status code with `.status`.
  * This can also be set in `.text()`, `.json()` and so on.
  *
  * @see {@link https://hono.dev/docs/api/context#body}
  *
  * @example
  * ```ts
  * app.get('/welcome', (c) => {
  *   // Set headers
  *   c.header('X-Message', 'Hello!')
  *   c.header('Content-Type', 'text/plain')
  *   // Set HTTP status code
  *   c.status(201)
  *
  *   // Return the response body
  *   return c.body('Thank you for coming')
  * })
  * ```
  */
  body = (data, arg, headers) => this.#newResponse(data, arg, headers);
  /**
  * `.text()` can render text as `Content-Type:text/plain`.
  *
  * @see {@link https://hono.dev/docs/api/context#text}
  *
  * @example
  * ```ts
  * app.get('/say', (c) => {
  *   return c.text('Hello!')
  * })
  * ```
  */
  text = (text, arg, headers) => {
    return !this.#preparedHeaders && !this.#status && !arg && !headers && !this.finalized ? new Response(text) : this.#newResponse(text, arg, setDefaultContentType(TEXT_PLAIN, headers));
  };
  /**
  * `.json()` can render JSON as `Content-Type:application/json`.
  *
  * @see {@link https://hono.dev/docs/api/context#json}
  *
  * @example
  * ```ts
  * app.get('/api', (c) => {
  *   return c.json({ message: 'Hello!' })
  * })
  * ```
  */
  json = (object2, arg, headers) => {
    return this.#newResponse(JSON.stringify(object2), arg, setDefaultContentType("application/json", headers));
  };
  html = (html, arg, headers) => {
    const res = (html2) => this.#newResponse(html2, arg, setDefaultContentType("text/html; charset=UTF-8", headers));
    return typeof html === "object" ? resolveCallback(html, HtmlEscapedCallbackPhase.Stringify, false, {}).then(res) : res(html);
  };
  /**
  * `.redirect()` can Redirect, default status code is 302.
  *
  * @see {@link https://hono.dev/docs/api/context#redirect}
  *
  * @example
  * ```ts
  * app.get('/redirect', (c) => {
  *   return c.redirect('/')
  * })
  * app.get('/redirect-permanently', (c) => {
  *   return c.redirect('/', 301)
  * })
  * ```
  */
  redirect = (location, status) => {
    const locationString = String(location);
    this.header("Location", !/[^\x00-\xFF]/.test(locationString) ? locationString : encodeURI(locationString));
    return this.newResponse(null, status ?? 302);
  };
  /**
  * `.notFound()` can return the Not Found Response.
  *
  * @see {@link https://hono.dev/docs/api/context#notfound}
  *
  * @example
  * ```ts
  * app.get('/notfound', (c) => {
  *   return c.notFound()
  * })
  * ```
  */
  notFound = () => {
    this.#notFoundHandler ??= () => createResponseInstance();
    return this.#notFoundHandler(this);
  };
};

// node_modules/hono/dist/compose.js
var compose = (middleware, onError, onNotFound) => {
  return (context, next) => {
    let index = -1;
    return dispatch(0);
    async function dispatch(i) {
      if (i <= index) throw new Error("next() called multiple times");
      index = i;
      let res;
      let isError = false;
      let handler;
      if (middleware[i]) {
        handler = middleware[i][0][0];
        context.req.routeIndex = i;
      } else handler = i === middleware.length && next || void 0;
      if (handler) try {
        res = await handler(context, () => dispatch(i + 1));
      } catch (err) {
        if (err instanceof Error && onError) {
          context.error = err;
          res = await onError(err, context);
          isError = true;
        } else throw err;
      }
      else if (context.finalized === false && onNotFound) res = await onNotFound(context);
      if (res && (context.finalized === false || isError)) context.res = res;
      return context;
    }
  };
};

// node_modules/hono/dist/helper/route/index.js
var matchedRoutes = (c) => c.req[GET_MATCH_RESULT][0].map(([[, route2]]) => route2);
var routePath = (c, index) => matchedRoutes(c).at(index ?? c.req.routeIndex)?.path ?? "";

// node_modules/hono/dist/router.js
var METHODS = [
  "get",
  "post",
  "put",
  "delete",
  "options",
  "patch",
  "query"
];
var MESSAGE_MATCHER_IS_ALREADY_BUILT = "Can not add a route since the matcher is already built.";
var UnsupportedPathError = class extends Error {
};

// node_modules/hono/dist/utils/constants.js
var COMPOSED_HANDLER = "__COMPOSED_HANDLER";

// node_modules/hono/dist/utils/mount.js
var countTrailingSlashes = (path) => {
  let index = path.length;
  while (index > 0 && path.charCodeAt(index - 1) === 47) index--;
  return path.length - index;
};
var getPathPrefixLength = (c, pathPrefix, routePath2) => {
  if (!/[:*]/.test(pathPrefix)) return pathPrefix.length;
  const path = c.req.path;
  const matchResult = c.req[GET_MATCH_RESULT];
  const paramNames = /* @__PURE__ */ new Set();
  let length = 0;
  for (const part of splitRoutingPath(pathPrefix)) {
    if (part[0] === ":" && part.endsWith("}?")) throw new Error(`mount(): Optional regular expression parameters are not supported in "${routePath2}".`);
    const pattern = getPattern(part);
    if (pattern && pattern !== "*") {
      const name2 = pattern[1];
      if (paramNames.has(name2)) throw new Error(`mount(): Duplicate path parameter "${name2}" in "${routePath2}".`);
      paramNames.add(name2);
    }
    if (pattern && pattern !== "*" && pattern[2] !== true) {
      const value = matchResult.length === 2 ? matchResult[1][matchResult[0][c.req.routeIndex][1][pattern[1]]] : matchResult[0][c.req.routeIndex][1][pattern[1]];
      length += value.length + 1;
    } else if (pattern || part.endsWith("*")) {
      const end = path.indexOf("/", length + 1);
      length = end === -1 ? path.length : end;
    } else length += part.length + 1;
  }
  return length;
};
var createMountedRequest = (c, pathPrefix, routePath2) => {
  if (/[^/]\*$/.test(routePath2)) throw new Error(`mount(): Wildcard must follow "/" in "${routePath2}".`);
  const prefixLength = getPathPrefixLength(c, pathPrefix, routePath2);
  const path = c.req.path.slice(prefixLength) || "/";
  if (prefixLength > c.req.path.length || path[0] !== "/" || /\/(?:\.|%2e){1,2}(?:\/|$)/i.test(path)) throw new HTTPException(400, { message: "Invalid mounted path" });
  const rawUrl = c.req.raw.url;
  if (/^[^/?#]*\/\/[^/?#\\]*[?#\\]/.test(rawUrl)) throw new HTTPException(400, { message: "Invalid mounted path" });
  const rawPathEnd = rawUrl.search(/[?#]/);
  const rawTrailingSlashes = countTrailingSlashes(rawPathEnd === -1 ? rawUrl : rawUrl.slice(0, rawPathEnd));
  if (rawTrailingSlashes > 1 && countTrailingSlashes(c.req.path) === rawTrailingSlashes - 1) throw new HTTPException(400, { message: "Invalid mounted path" });
  const url = new URL(rawUrl);
  url.pathname = path.replace(/[\\\t\n\r]/g, encodeURIComponent);
  if (path.includes("%")) {
  }
  return new Request(url, c.req.raw);
};

// node_modules/hono/dist/hono-base.js
var notFoundHandler = (c) => {
  return c.text("404 Not Found", 404);
};
var errorHandler = (err, c) => {
  if ("getResponse" in err) {
    const res = err.getResponse();
    return c.newResponse(res.body, res);
  }
  console.error(err);
  return c.text("Internal Server Error", 500);
};
var Hono = class Hono2 {
  get;
  post;
  put;
  delete;
  options;
  patch;
  query;
  all;
  on;
  use;
  router;
  getPath;
  _basePath = "/";
  #path = "/";
  routes = [];
  constructor(options = {}) {
    [...METHODS, "all"].forEach((method) => {
      this[method] = (args1, ...args) => {
        const methodName = method.toUpperCase();
        if (typeof args1 === "string") this.#path = args1;
        else this.#addRoute(methodName, this.#path, args1);
        args.forEach((handler) => {
          this.#addRoute(methodName, this.#path, handler);
        });
        return this;
      };
    });
    this.on = (method, path, ...handlers) => {
      for (const p of [path].flat()) {
        this.#path = p;
        for (const m of [method].flat()) {
          const methodName = m.toUpperCase();
          for (const handler of handlers) this.#addRoute(methodName, this.#path, handler);
        }
      }
      return this;
    };
    this.use = (arg1, ...handlers) => {
      if (typeof arg1 === "string") this.#path = arg1;
      else {
        this.#path = "*";
        handlers.unshift(arg1);
      }
      handlers.forEach((handler) => {
        this.#addRoute("ALL", this.#path, handler);
      });
      return this;
    };
    const { strict, ...optionsWithoutStrict } = options;
    Object.assign(this, optionsWithoutStrict);
    this.getPath = strict ?? true ? options.getPath ?? getPath : getPathNoStrict;
  }
  #clone() {
    const clone = new Hono2({
      router: this.router,
      getPath: this.getPath
    });
    clone.errorHandler = this.errorHandler;
    clone.#notFoundHandler = this.#notFoundHandler;
    clone.routes = this.routes;
    return clone;
  }
  #notFoundHandler = notFoundHandler;
  errorHandler = errorHandler;
  /**
  * `.route()` allows grouping other Hono instance in routes.
  *
  * @see {@link https://hono.dev/docs/api/routing#grouping}
  *
  * @param {string} path - base Path
  * @param {Hono} app - other Hono instance
  * @returns {Hono} routed Hono instance
  *
  * @example
  * ```ts
  * const app = new Hono()
  * const app2 = new Hono()
  *
  * app2.get("/user", (c) => c.text("user"))
  * app.route("/api", app2) // GET /api/user
  * ```
  */
  route(path, app) {
    const subApp = this.basePath(path);
    app.routes.map((r) => {
      let handler;
      if (app.errorHandler === errorHandler) handler = r.handler;
      else {
        handler = async (c, next) => (await compose([], app.errorHandler)(c, () => r.handler(c, next))).res;
        handler[COMPOSED_HANDLER] = r.handler;
      }
      subApp.#addRoute(r.method, r.path, handler, r.basePath);
    });
    return this;
  }
  /**
  * `.basePath()` allows base paths to be specified.
  *
  * @see {@link https://hono.dev/docs/api/routing#base-path}
  *
  * @param {string} path - base Path
  * @returns {Hono} changed Hono instance
  *
  * @example
  * ```ts
  * const api = new Hono().basePath('/api')
  * ```
  */
  basePath(path) {
    const subApp = this.#clone();
    subApp._basePath = mergePath(this._basePath, path);
    return subApp;
  }
  /**
  * `.onError()` handles an error and returns a customized Response.
  *
  * @see {@link https://hono.dev/docs/api/hono#error-handling}
  *
  * @param {ErrorHandler} handler - request Handler for error
  * @returns {Hono} changed Hono instance
  *
  * @example
  * ```ts
  * app.onError((err, c) => {
  *   console.error(`${err}`)
  *   return c.text('Custom Error Message', 500)
  * })
  * ```
  */
  onError = (handler) => {
    this.errorHandler = handler;
    return this;
  };
  /**
  * `.notFound()` allows you to customize a Not Found Response.
  *
  * @see {@link https://hono.dev/docs/api/hono#not-found}
  *
  * @param {NotFoundHandler} handler - request handler for not-found
  * @returns {Hono} changed Hono instance
  *
  * @example
  * ```ts
  * app.notFound((c) => {
  *   return c.text('Custom 404 Message', 404)
  * })
  * ```
  */
  notFound = (handler) => {
    this.#notFoundHandler = handler;
    return this;
  };
  /**
  * `.mount()` allows you to mount applications built with other frameworks into your Hono application.
  *
  * @deprecated Use `mount()` from `hono/mount` instead. `.mount()` will be removed in v5.
  *
  * @see {@link https://hono.dev/docs/api/hono#mount}
  *
  * @param {string} path - base Path
  * @param {Function} applicationHandler - other Request Handler
  * @param {MountOptions} [options] - options of `.mount()`
  * @returns {Hono} mounted Hono instance
  * @throws {Error} If automatic request rewriting encounters duplicate path parameter names or an optional regular expression parameter.
  * @throws {HTTPException} With status 400 if automatic request rewriting cannot safely preserve the routed path.
  *
  * @example
  * ```ts
  * import { Router as IttyRouter } from 'itty-router'
  * import { Hono } from 'hono'
  * // Create itty-router application
  * const ittyRouter = IttyRouter()
  * // GET /itty-router/hello
  * ittyRouter.get('/hello', () => new Response('Hello from itty-router'))
  *
  * const app = new Hono()
  * app.mount('/itty-router', ittyRouter.handle)
  * ```
  *
  * @example
  * ```ts
  * const app = new Hono()
  * // Send the request to another application without modification.
  * app.mount('/app', anotherApp, {
  *   replaceRequest: (req) => req,
  * })
  * ```
  */
  mount(path, applicationHandler, options) {
    let replaceRequest;
    let optionHandler;
    if (options) {
      if (typeof options === "function") optionHandler = options;
      else {
        optionHandler = options.optionHandler;
        if (options.replaceRequest === false) replaceRequest = (request) => request;
        else replaceRequest = options.replaceRequest;
      }
    }
    const getOptions = optionHandler ? (c) => {
      const options2 = optionHandler(c);
      return Array.isArray(options2) ? options2 : [options2];
    } : (c) => {
      let executionContext = void 0;
      try {
        executionContext = c.executionCtx;
      } catch {
      }
      return [c.env, executionContext];
    };
    const defaultReplaceRequest = (c) => {
      const mountedRoutePath = routePath(c);
      return createMountedRequest(c, mountedRoutePath.replace(/\/?\*$/, ""), mountedRoutePath);
    };
    const handler = async (c, next) => {
      const res = await applicationHandler(replaceRequest ? replaceRequest(c.req.raw) : defaultReplaceRequest(c), ...getOptions(c));
      if (res) return res;
      await next();
    };
    this.#addRoute("ALL", mergePath(path, "*"), handler);
    return this;
  }
  #addRoute(method, path, handler, baseRoutePath) {
    path = mergePath(this._basePath, path);
    const r = {
      basePath: baseRoutePath !== void 0 ? mergePath(this._basePath, baseRoutePath) : this._basePath,
      path,
      method,
      handler
    };
    this.router.add(method, path, [handler, r]);
    this.routes.push(r);
  }
  #handleError(err, c) {
    if (err instanceof Error) return this.errorHandler(err, c);
    throw err;
  }
  #dispatch(request, executionCtx, env, method) {
    if (method === "HEAD") return (async () => new Response(null, await this.#dispatch(request, executionCtx, env, "GET")))();
    const path = this.getPath(request, { env });
    const matchResult = this.router.match(method, path);
    const c = new Context(request, {
      path,
      matchResult,
      env,
      executionCtx,
      notFoundHandler: this.#notFoundHandler
    });
    if (matchResult[0].length === 1) {
      let res;
      try {
        res = matchResult[0][0][0][0](c, async () => {
          c.res = await this.#notFoundHandler(c);
        });
      } catch (err) {
        return this.#handleError(err, c);
      }
      return res instanceof Promise ? res.then((resolved) => resolved || (c.finalized ? c.res : this.#notFoundHandler(c))).catch((err) => this.#handleError(err, c)) : res ?? this.#notFoundHandler(c);
    }
    const composed = compose(matchResult[0], this.errorHandler, this.#notFoundHandler);
    return (async () => {
      try {
        const context = await composed(c);
        if (!context.finalized) throw new Error("Context is not finalized. Did you forget to return a Response object or `await next()`?");
        return context.res;
      } catch (err) {
        return this.#handleError(err, c);
      }
    })();
  }
  /**
  * `.fetch()` will be entry point of your app.
  *
  * @see {@link https://hono.dev/docs/api/hono#fetch}
  *
  * @param {Request} request - request Object of request
  * @param {Env} env - env Object
  * @param {ExecutionContext} executionCtx - context of execution
  * @returns {Response | Promise<Response>} response of request
  *
  */
  fetch = (request, ...rest) => {
    return this.#dispatch(request, rest[1], rest[0], request.method);
  };
  /**
  * `.request()` is a useful method for testing.
  * You can pass a URL or pathname to send a GET request.
  * app will return a Response object.
  * ```ts
  * test('GET /hello is ok', async () => {
  *   const res = await app.request('/hello')
  *   expect(res.status).toBe(200)
  * })
  * ```
  * @see https://hono.dev/docs/api/hono#request
  */
  request = (input, requestInit, Env, executionCtx) => {
    if (input instanceof Request) return this.fetch(requestInit ? new Request(input, requestInit) : input, Env, executionCtx);
    input = input.toString();
    return this.fetch(new Request(/^https?:\/\//.test(input) ? input : `http://localhost${mergePath("/", input)}`, requestInit), Env, executionCtx);
  };
  /**
  * `.fire()` automatically adds a global fetch event listener.
  * This can be useful for environments that adhere to the Service Worker API, such as non-ES module Cloudflare Workers.
  * @deprecated
  * Use `fire` from `hono/service-worker` instead.
  * ```ts
  * import { Hono } from 'hono'
  * import { fire } from 'hono/service-worker'
  *
  * const app = new Hono()
  * // ...
  * fire(app)
  * ```
  * @see https://hono.dev/docs/api/hono#fire
  * @see https://developer.mozilla.org/en-US/docs/Web/API/Service_Worker_API
  * @see https://developers.cloudflare.com/workers/reference/migrate-to-module-workers/
  */
  fire = () => {
    addEventListener("fetch", (event) => {
      event.respondWith(this.#dispatch(event.request, event, void 0, event.request.method));
    });
  };
};

// node_modules/hono/dist/router/utils.js
var createNullObject = () => /* @__PURE__ */ Object.create(null);

// node_modules/hono/dist/router/reg-exp-router/matcher.js
var emptyParam = [];
function match(method, path) {
  const matchers2 = this.buildAllMatchers();
  const match2 = ((method2, path2) => {
    const matcher = matchers2[method2] || matchers2["ALL"];
    const staticMatch = matcher[2][path2];
    if (staticMatch) return staticMatch;
    const match3 = path2.match(matcher[0]);
    if (!match3) return [[], emptyParam];
    const index = match3.indexOf("", 1);
    return [matcher[1][index], match3];
  });
  this.match = match2;
  return match2(method, path);
}

// node_modules/hono/dist/router/reg-exp-router/node.js
var LABEL_REG_EXP_STR = "[^/]+";
var ONLY_WILDCARD_REG_EXP_STR = "[^]*";
var TAIL_WILDCARD_REG_EXP_STR = "(?:|/[^]*)";
var PATH_ERROR = /* @__PURE__ */ Symbol();
var regExpMetaChars = /* @__PURE__ */ new Set(".\\+*[^]$()");
function compareKey(a, b) {
  if (a.length === 1) return b.length === 1 ? a < b ? -1 : 1 : -1;
  if (b.length === 1) return 1;
  if (a === "[^]*" || a === "(?:|/[^]*)") return b === "[^]*" ? -1 : 1;
  else if (b === "[^]*" || b === "(?:|/[^]*)") return -1;
  if (a === "[^/]+") return 1;
  else if (b === "[^/]+") return -1;
  return a.length === b.length ? a < b ? -1 : 1 : b.length - a.length;
}
var Node = class Node2 {
  #index;
  #varIndex;
  #children = createNullObject();
  insert(tokens, index, paramMap, context, keys) {
    let node = this;
    for (let i = 0, len = tokens.length; i < len; i++) {
      const token = tokens[i];
      const pattern = token.length === 1 ? token === "*" ? i === len - 1 ? [
        "",
        "",
        ONLY_WILDCARD_REG_EXP_STR
      ] : [
        "",
        "",
        LABEL_REG_EXP_STR
      ] : null : token === "/*" ? [
        "",
        "",
        TAIL_WILDCARD_REG_EXP_STR
      ] : token.match(/^\:([^\{\}]+)(?:\{(.+)\})?$/);
      let nextNode;
      if (pattern) {
        const name2 = pattern[1];
        let regexpStr = pattern[2] || "[^/]+";
        if (name2 && pattern[2]) {
          if (new RegExp(regexpStr).test("")) throw PATH_ERROR;
          regexpStr = regexpStr.replace(/^\((?!\?:)(?=[^)]+\)$)/, "(?:");
          if (/\((?!\?:)/.test(regexpStr)) throw PATH_ERROR;
          if (regexpStr.length === 1 && regExpMetaChars.has(regexpStr)) throw PATH_ERROR;
        }
        keys.push(regexpStr);
        nextNode = node.#children[regexpStr];
        if (!nextNode) {
          if (regexpStr !== "[^]*" && regexpStr !== "(?:|/[^]*)") {
            for (const k in node.#children) if ((regexpStr.length > 1 || k.length > 1) && k !== "[^]*" && k !== "(?:|/[^]*)") throw PATH_ERROR;
          }
          nextNode = node.#children[regexpStr] = new Node2();
        }
        if (name2 !== "") {
          nextNode.#varIndex ??= context.varIndex++;
          paramMap.push([name2, nextNode.#varIndex]);
        }
      } else {
        keys.push(token);
        nextNode = node.#children[token];
        if (!nextNode) {
          for (const k in node.#children) if (k.length > 1 && k !== "[^]*" && k !== "(?:|/[^]*)") throw PATH_ERROR;
          nextNode = node.#children[token] = new Node2();
        }
      }
      node = nextNode;
    }
    if (node.#index !== void 0) throw PATH_ERROR;
    node.#index = index;
  }
  buildRegExpStr() {
    const strList = Object.keys(this.#children).sort(compareKey).map((k) => {
      const c = this.#children[k];
      const childStr = c.buildRegExpStr();
      return childStr === "" ? "" : (typeof c.#varIndex === "number" ? `(${k})@${c.#varIndex}` : regExpMetaChars.has(k) ? `\\${k}` : k) + childStr;
    }).filter(Boolean);
    if (typeof this.#index === "number" && this.#index !== -1) strList.unshift(`#${this.#index}`);
    if (strList.length === 0) return "";
    if (strList.length === 1) return strList[0];
    return "(?:" + strList.join("|") + ")";
  }
};

// node_modules/hono/dist/router/reg-exp-router/trie.js
var Trie = class {
  #context = { varIndex: 0 };
  #root = new Node();
  #index = 0;
  paths = createNullObject();
  insert(path, isStatic) {
    const keys = [];
    if (isStatic) {
      this.#root.insert(path.split(""), -1, [], this.#context, keys);
      this.paths[path] = [
        -1,
        [],
        keys
      ];
      return;
    }
    const paramAssoc = [];
    const groups = [];
    let markedPath = path;
    for (let i = 0; ; ) {
      let replaced = false;
      markedPath = markedPath.replace(/\{(?:\{[\d,]+\}|[^}])+\}/g, (m) => {
        const mark = `@\\${i}`;
        groups[i] = [mark, m];
        i++;
        replaced = true;
        return mark;
      });
      if (!replaced) break;
    }
    const tokens = markedPath.match(/(?::[^\/]+)|(?:\/\*$)|./gs) || [];
    for (let i = groups.length - 1; i >= 0; i--) {
      const [mark] = groups[i];
      for (let j = tokens.length - 1; j >= 0; j--) if (tokens[j].indexOf(mark) !== -1) {
        tokens[j] = tokens[j].replace(mark, groups[i][1]);
        break;
      }
    }
    this.#root.insert(tokens, this.#index, paramAssoc, this.#context, keys);
    this.paths[path] = [
      this.#index++,
      paramAssoc,
      keys
    ];
  }
  buildRegExp() {
    let regexp = this.#root.buildRegExpStr();
    if (regexp === "") return [
      /^$/,
      [],
      []
    ];
    let captureIndex = 0;
    const indexReplacementMap = [];
    const paramReplacementMap = [];
    regexp = regexp.replace(/#(\d+)|@(\d+)|\.\*\$/g, (_, handlerIndex, paramIndex) => {
      if (handlerIndex !== void 0) {
        indexReplacementMap[++captureIndex] = Number(handlerIndex);
        return "$()";
      }
      if (paramIndex !== void 0) {
        paramReplacementMap[Number(paramIndex)] = ++captureIndex;
        return "";
      }
      return "";
    });
    return [
      new RegExp(`^${regexp}`),
      indexReplacementMap,
      paramReplacementMap
    ];
  }
};

// node_modules/hono/dist/router/reg-exp-router/router.js
function endsWithWildcard(keys) {
  const tail = keys[keys.length - 1];
  return tail === "[^]*" || tail === "(?:|/[^]*)";
}
function covers(wildcard, target) {
  const last = wildcard.length - 1;
  for (let i = 0; i < last; i++) if (wildcard[i] !== target[i]) return false;
  return wildcard[last] === "[^]*" || target.length === last || target[last] === "/";
}
var RegExpRouter = class {
  name = "RegExpRouter";
  #handlers;
  #tries;
  constructor() {
    this.#handlers = { ["ALL"]: [] };
    this.#tries = { ["ALL"]: new Trie() };
  }
  #insertPath(method, path) {
    try {
      this.#tries[method].insert(path, !/\*|\/:/.test(path));
    } catch (e) {
      throw e === PATH_ERROR ? new UnsupportedPathError(path) : e;
    }
  }
  add(method, path, handler) {
    const handlers = this.#handlers;
    if (!handlers) throw new Error(MESSAGE_MATCHER_IS_ALREADY_BUILT);
    const tries = this.#tries;
    if (!handlers[method]) {
      tries[method] = new Trie();
      handlers[method] = [...handlers["ALL"]];
      for (const p in tries["ALL"].paths) this.#insertPath(method, p);
    }
    if (path === "/*") path = "*";
    const methods = method === "ALL" ? Object.keys(handlers) : [method];
    const paths = checkOptionalParameter(path) || [path];
    for (const path2 of paths) for (const m of methods) {
      if (!tries[m].paths[path2]) this.#insertPath(m, path2);
      handlers[m].push([handler, path2]);
    }
  }
  match = match;
  buildAllMatchers() {
    const matchers2 = createNullObject();
    for (const method of Object.keys(this.#handlers)) matchers2[method] = this.#buildMatcher(method);
    this.#handlers = this.#tries = void 0;
    return matchers2;
  }
  #buildMatcher(method) {
    const handlers = this.#handlers[method];
    const trie = this.#tries[method];
    const staticMap = createNullObject();
    const handlerData = [];
    const [regexp, indexReplacementMap, paramReplacementMap] = trie.buildRegExp();
    const own = createNullObject();
    const entries = handlers.map(([h, p], i) => {
      (own[p] ??= []).push(i);
      return [h, trie.paths[p][1].reduceRight((map, [key, varIndex]) => {
        map[key] = paramReplacementMap[varIndex];
        return map;
      }, createNullObject())];
    });
    const wildcards = Object.keys(own).filter((p) => endsWithWildcard(trie.paths[p][2]));
    for (const path in trie.paths) {
      const [index, , keys] = trie.paths[path];
      const indexes = [...own[path]];
      for (const p of wildcards) if (p !== path && covers(trie.paths[p][2], keys)) indexes.push(...own[p]);
      const data = indexes.sort((a, b) => a - b).map((i) => entries[i]);
      if (index === -1) {
        const last = Math.max(-1, ...data.flatMap(([, map]) => Object.values(map)));
        staticMap[path] = [data, last === -1 ? emptyParam : path.match(regexp).slice(0, last + 1)];
      } else handlerData[index] = data;
    }
    return [
      regexp,
      indexReplacementMap.map((i) => handlerData[i]),
      staticMap
    ];
  }
};

// node_modules/hono/dist/router/smart-router/router.js
var SmartRouter = class {
  name = "SmartRouter";
  #routers = [];
  #routes = [];
  constructor(init) {
    this.#routers = init.routers;
  }
  add(method, path, handler) {
    if (!this.#routes) throw new Error(MESSAGE_MATCHER_IS_ALREADY_BUILT);
    this.#routes.push([
      method,
      path,
      handler
    ]);
  }
  match(method, path) {
    if (!this.#routes) throw new Error("Fatal error");
    const routers = this.#routers;
    const routes = this.#routes;
    const len = routers.length;
    let i = 0;
    let res;
    for (; i < len; i++) {
      const router = routers[i];
      try {
        for (let i2 = 0, len2 = routes.length; i2 < len2; i2++) router.add(...routes[i2]);
        res = router.match(method, path);
      } catch (e) {
        if (e instanceof UnsupportedPathError) continue;
        throw e;
      }
      this.match = router.match.bind(router);
      this.#routers = [router];
      this.#routes = void 0;
      break;
    }
    if (i === len) throw new Error("Fatal error");
    this.name = `SmartRouter + ${this.activeRouter.name}`;
    return res;
  }
  get activeRouter() {
    if (this.#routes || this.#routers.length !== 1) throw new Error("No active router has been determined yet.");
    return this.#routers[0];
  }
};

// node_modules/hono/dist/router/trie-router/node.js
var emptyParams = createNullObject();
var order = 0;
var Node3 = class Node4 {
  #methods = [];
  #children = createNullObject();
  #patterns = [];
  #pattern;
  #params = emptyParams;
  insert(method, path, handler) {
    let curNode = this;
    const parts = splitRoutingPath(path);
    const possibleKeys = /* @__PURE__ */ new Set();
    let i = 0;
    for (const p of parts) {
      const nextP = parts[++i];
      const pattern = getPattern(p, nextP) || (nextP === void 0 && p && p.indexOf("*") === p.length - 1 ? p : null);
      const isParam = Array.isArray(pattern);
      const key = isParam ? pattern[0] : pattern || p;
      const child = curNode.#children[key] ||= new Node4();
      if (pattern && !child.#pattern) {
        child.#pattern = pattern;
        curNode.#patterns.push(child);
      }
      curNode = child;
      if (isParam) possibleKeys.add(pattern[1]);
    }
    curNode.#methods.push({ [method]: {
      handler,
      possibleKeys: [...possibleKeys],
      score: ++order
    } });
  }
  #pushHandlerSets(handlerSets, node, method, nodeParams, params) {
    for (let i = 0, len = node.#methods.length; i < len; i++) {
      const m = node.#methods[i];
      const handlerSet = m[method] || m["ALL"];
      if (handlerSet) {
        handlerSet.params = createNullObject();
        handlerSets.push(handlerSet);
        for (let i2 = 0, len2 = handlerSet.possibleKeys.length; i2 < len2; i2++) {
          const key = handlerSet.possibleKeys[i2];
          handlerSet.params[key] = params?.[key] && !i2 ? params[key] : nodeParams[key] ?? params?.[key];
        }
      }
    }
  }
  search(method, path) {
    const handlerSets = [];
    this.#params = emptyParams;
    let curNodes = [this];
    const parts = splitPath(path);
    const curNodesQueue = [];
    const len = parts.length;
    let partOffsets = null;
    for (let i = 0; i < len; i++) {
      const part = parts[i];
      const isLast = i === len - 1;
      const tempNodes = [];
      for (let j = 0, len2 = curNodes.length; j < len2; j++) {
        const node = curNodes[j];
        const nextNode = node.#children[part];
        if (nextNode) {
          nextNode.#params = node.#params;
          if (isLast) {
            if (nextNode.#children["*"]) this.#pushHandlerSets(handlerSets, nextNode.#children["*"], method, node.#params);
            this.#pushHandlerSets(handlerSets, nextNode, method, node.#params);
          } else tempNodes.push(nextNode);
        }
        for (const child of node.#patterns) {
          const pattern = child.#pattern;
          const params = node.#params === emptyParams ? {} : { ...node.#params };
          if (typeof pattern === "string") {
            if (pattern === "*" || part.startsWith(pattern.slice(0, -1))) {
              this.#pushHandlerSets(handlerSets, child, method, node.#params);
              if (pattern === "*") {
                child.#params = params;
                tempNodes.push(child);
              }
            }
            continue;
          }
          const [, name2, matcher] = pattern;
          if (!part && matcher === true) continue;
          if (matcher !== true) {
            if (!partOffsets) {
              partOffsets = [];
              let offset2 = path[0] === "/" ? 1 : 0;
              for (let p = 0; p < len; p++) {
                partOffsets[p] = offset2;
                offset2 += parts[p].length + 1;
              }
            }
            const restPathString = path.slice(partOffsets[i]);
            const m = matcher.exec(restPathString);
            if (m) {
              if (!Object.hasOwn(params, name2)) params[name2] = m[0];
              this.#pushHandlerSets(handlerSets, child, method, node.#params, params);
              if (m[0].length === restPathString.length && child.#children["*"]) this.#pushHandlerSets(handlerSets, child.#children["*"], method, node.#params, params);
              for (const _ in child.#children) {
                child.#params = params;
                const componentCount = m[0].match(/\//g)?.length ?? 0;
                (curNodesQueue[componentCount] ||= []).push(child);
                break;
              }
              continue;
            }
          }
          if (matcher === true || matcher.test(part)) {
            if (!Object.hasOwn(params, name2)) params[name2] = part;
            if (isLast) {
              this.#pushHandlerSets(handlerSets, child, method, params, node.#params);
              if (child.#children["*"]) this.#pushHandlerSets(handlerSets, child.#children["*"], method, params, node.#params);
            } else {
              child.#params = params;
              tempNodes.push(child);
            }
          }
        }
      }
      const shifted = curNodesQueue.shift();
      curNodes = shifted ? tempNodes.concat(shifted) : tempNodes;
    }
    if (handlerSets[1]) handlerSets.sort((a, b) => {
      return a.score - b.score;
    });
    return [handlerSets.map(({ handler, params }) => [handler, params])];
  }
};

// node_modules/hono/dist/router/trie-router/router.js
var TrieRouter = class {
  name = "TrieRouter";
  #node = new Node3();
  add(method, path, handler) {
    for (const result of checkOptionalParameter(path) || [path]) this.#node.insert(method, result, handler);
  }
  match(method, path) {
    return this.#node.search(method, path);
  }
};

// node_modules/hono/dist/hono.js
var Hono3 = class extends Hono {
  /**
  * Creates an instance of the Hono class.
  *
  * @param options - Optional configuration options for the Hono instance.
  */
  constructor(options = {}) {
    super(options);
    this.router = options.router ?? new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] });
  }
};

// bench/apps/hono.ts
init_dist();
init_schemas();
var ItemsQuery2 = object({ page: pipe(string(), transform(Number), page), limit: pipe(string(), transform(Number), limit) });
var Upload3 = uploadSchema(instance(File));
var ok2 = (c, value) => c.json({ data: value, msg: "" });
var bad = (param) => (result, c) => {
  if (!result.success) return c.json({ data: null, msg: badBodyMessage(param, result.issues[0]) }, 400);
};
function createHono(extra = 100) {
  const app = new Hono3();
  for (const route2 of extraRoutes(extra)) {
    if (route2.param) app.get(route2.path.replace("{id}", ":id"), (c) => ok2(c, { id: c.req.param("id") }));
    else app.get(route2.path, (c) => ok2(c, route2.path));
  }
  app.get("/", (c) => ok2(c, results.ping()));
  app.get("/items", vValidator("query", ItemsQuery2, bad("query")), (c) => ok2(c, results.items(c.req.valid("query"))));
  app.get(`/users/:id{${USER_ID}}`, (c) => ok2(c, results.user(c.req.param("id"))));
  app.post("/users", vValidator("json", CreateUser, bad("user")), (c) => ok2(c, results.created(c.req.valid("json"))));
  app.post("/upload", vValidator("form", Upload3, bad("form")), (c) => ok2(c, results.uploaded(c.req.valid("form"))));
  return app;
}

// bench/server.ts
var argv = globalThis.process?.argv ?? [];
var name = argv[2] ?? "fw";
var port = Number(argv[3] ?? 3e3);
var hostname = "127.0.0.1";
var bun = globalThis.Bun;
async function fetchOf(app) {
  if (app === "floor") return createFloor(100);
  if (app === "hono") return createHono(100).fetch;
  if (app === "fw") return createFw(100).fetch;
  throw new Error(`unknown app ${app}`);
}
if (name === "fastify") {
  const { createFastify: createFastify2 } = await Promise.resolve().then(() => (init_fastify(), fastify_exports));
  const app = createFastify2(100);
  await app.listen({ port, host: hostname });
} else if (bun) {
  bun.serve({ fetch: await fetchOf(name), port, hostname, development: false });
} else {
  const { serve } = await import("@hono/node-server");
  const fetch = await fetchOf(name);
  await new Promise((resolve) => serve({ fetch, port, hostname }, () => resolve()));
}
console.log(`READY ${name} ${port}`);
