// The mocha reporter the runner gives the wpcom.js suite: it prints what the spec reporter prints
// when WPCOM_SUITE_VERBOSE is set (else nothing), notes which requests each test and each hook
// sent (the request handler, handler.cjs, reports them through `globalThis.__wpcomSuite`), and at
// the end writes every test's outcome with its requests to the JSON file WPCOM_SUITE_REPORT.
'use strict';

const { writeFileSync } = require('node:fs');
const { relative } = require('node:path');
const Mocha = require('mocha');

const { Base, Spec } = Mocha.reporters;
const Parent = process.env.WPCOM_SUITE_VERBOSE ? Spec : Base;

function errorOf(err) {
  if (!err) return undefined;
  const out = { message: String(err.message ?? err) };
  if (err.statusCode !== undefined) out.statusCode = err.statusCode;
  if (typeof err.error === 'string') out.error = err.error;
  if (err.stack) out.stack = String(err.stack).split('\n').slice(0, 6).join('\n');
  return out;
}

class SuiteReporter extends Parent {
  constructor(runner, options) {
    super(runner, options);
    const requests = new Map();
    const failedHooks = [];
    let current;
    globalThis.__wpcomSuite = {
      record(entry) {
        const key = current ?? 'outside any test or hook';
        if (!requests.has(key)) requests.set(key, []);
        requests.get(key).push(entry);
      },
    };
    const { constants } = Mocha.Runner;
    const hooksRun = new Set();
    runner.on(constants.EVENT_HOOK_BEGIN, (hook) => {
      hooksRun.add(hook);
      current = hook;
    });
    runner.on(constants.EVENT_HOOK_END, () => (current = undefined));
    runner.on(constants.EVENT_TEST_BEGIN, (test) => (current = test));
    runner.on(constants.EVENT_TEST_END, () => (current = undefined));
    runner.on(constants.EVENT_TEST_FAIL, (runnable, err) => {
      runnable.__error = err;
      if (runnable.type === 'hook') failedHooks.push(runnable);
    });

    const file = (r) => (r.file ? relative(process.cwd(), r.file) : undefined);
    const sent = (r) => requests.get(r) ?? [];
    // What ran before a test: the "before all" and "before each" hooks of the suites around it.
    // For a hook, those of its own suite and the suites around it (an "after all" hook that fails
    // because a "before all" hook did goes with it).
    const setupOf = (runnable) => {
      const out = [];
      for (let s = runnable.parent; s; s = s.parent)
        for (const h of [...s._beforeAll, ...s._beforeEach]) if (h !== runnable) out.push(...sent(h));
      return out;
    };
    const failedHookOf = (test) => {
      for (let s = test.parent; s; s = s.parent) {
        const h = failedHooks.find((f) => f.parent === s && /before/.test(f.title));
        if (h) return h.title;
      }
      return undefined;
    };

    runner.once(constants.EVENT_RUN_END, () => {
      const tests = [];
      const walk = (suite) => {
        for (const t of suite.tests) {
          // A test that did not run: a "before" hook of its suites failed, or --grep left it out.
          const blockedBy = t.state || t.isPending() ? undefined : failedHookOf(t);
          const state = t.isPending() ? 'pending' : (t.state ?? (blockedBy ? 'not run' : 'not selected'));
          tests.push({
            file: file(t),
            title: t.fullTitle(),
            state,
            error: errorOf(t.__error),
            requests: sent(t),
            setup: setupOf(t),
            ...(blockedBy ? { blockedBy } : {}),
          });
        }
        suite.suites.forEach(walk);
      };
      walk(runner.suite);
      const hooks = failedHooks.map((h) => ({
        file: file(h),
        title: h.fullTitle(),
        error: errorOf(h.__error),
        requests: sent(h),
        setup: setupOf(h),
      }));
      // Every hook that sent a request, failed or not (a cleanup's deletes are requests too).
      const hooksSent = [...hooksRun]
        .filter((h) => sent(h).length)
        .map((h) => ({ file: file(h), title: h.fullTitle(), failed: failedHooks.includes(h), requests: sent(h) }));
      const report = { tests, failedHooks: hooks, hooks: hooksSent, stray: requests.get('outside any test or hook') ?? [] };
      if (process.env.WPCOM_SUITE_REPORT) writeFileSync(process.env.WPCOM_SUITE_REPORT, JSON.stringify(report, null, 2));
    });
  }
}

module.exports = SuiteReporter;
