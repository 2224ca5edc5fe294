// Diagnostic preload for the embedded database's tail (issue 17, goal 3; bench/PGLITE-TAIL.md):
//   TRACE_FILE=/tmp/trace.jsonl node --max-semi-space-size=4 --import ./bench/thread-trace.mjs server.mjs
// then load it (wrk) and read the summary: node bench/thread-trace.mjs /tmp/trace.jsonl
// Workers inherit --import, so both threads write JSON lines (th 0 = the app, th ≥ 1 = PGlite):
//   req   each HTTP request's duration (app thread, from its headers to its last byte)
//   lag   a 10 ms timer late by more than 30 ms, with how much of that time the thread ran and how
//         much it waited for a CPU (/proc/thread-self/schedstat): busy (a long task) or starved (load)
//   gc    a V8 pause over 5 ms;   wasm  one PGlite protocol call over 20 ms (synchronous: it holds the thread)
//   query/exec  a PGlite statement over 100 ms, from call to answer (queue wait included), with its SQL
//   tx    each PGlite transaction's duration;   sched  per second: ms run and ms waited for a CPU
//   mem   every 2 s: rss, heapUsed/heapTotal, external (PGlite's WebAssembly memory is the worker's)
import { appendFileSync, readFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { isMainThread, threadId } from 'node:worker_threads';
import dc from 'node:diagnostics_channel';

if (isMainThread && process.argv[1] && import.meta.filename === process.argv[1]) {
  summarize(process.argv[2]);
} else {
  trace(process.env.TRACE_FILE ?? '/tmp/clarear-thread-trace.jsonl');
}

function trace(file) {
  const now = () => Math.round(performance.timeOrigin + performance.now());
  let buffer = [];
  const out = (event) => buffer.push(JSON.stringify({ th: threadId, t: now(), ...event }));
  const flush = () => {
    if (buffer.length) appendFileSync(file, buffer.join('\n') + '\n');
    buffer = [];
  };
  setInterval(flush, 500).unref();
  process.on('exit', flush);
  const sched = () => readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
  let last = performance.now();
  let lastSched = sched();
  setInterval(() => {
    const at = performance.now();
    const s = sched();
    const lag = at - last - 10;
    if (lag > 30) out({ ev: 'lag', ms: Math.round(lag), run: Math.round((s[0] - lastSched[0]) / 1e6), wait: Math.round((s[1] - lastSched[1]) / 1e6) });
    last = at;
    lastSched = s;
  }, 10).unref();
  let second = sched();
  setInterval(() => {
    const s = sched();
    out({ ev: 'sched', run: Math.round((s[0] - second[0]) / 1e6), wait: Math.round((s[1] - second[1]) / 1e6) });
    second = s;
  }, 1000).unref();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.duration > 5) out({ ev: 'gc', kind: e.detail?.kind, ms: Math.round(e.duration) });
  }).observe({ entryTypes: ['gc'] });
  setInterval(() => {
    const m = process.memoryUsage();
    out({ ev: 'mem', rss: m.rss >> 20, heapUsed: m.heapUsed >> 20, heapTotal: m.heapTotal >> 20, external: m.external >> 20 });
  }, 2000).unref();
  if (isMainThread) {
    const started = new WeakMap();
    dc.subscribe('http.server.request.start', ({ request }) => started.set(request, performance.now()));
    dc.subscribe('http.server.response.finish', ({ request }) => {
      const s = started.get(request);
      if (s !== undefined) out({ ev: 'req', url: request.url, ms: Math.round(performance.now() - s) });
    });
    return;
  }
  import('@electric-sql/pglite').then(({ PGlite }) => {
    const proto = PGlite.prototype;
    const rawSync = proto.execProtocolRawSync;
    proto.execProtocolRawSync = function (...args) {
      const s = performance.now();
      try {
        return rawSync.apply(this, args);
      } finally {
        const ms = performance.now() - s;
        if (ms > 20) out({ ev: 'wasm', ms: Math.round(ms) });
      }
    };
    for (const name of ['query', 'exec']) {
      const original = proto[name];
      proto[name] = async function (text, ...args) {
        const s = performance.now();
        try {
          return await original.call(this, text, ...args);
        } finally {
          const ms = performance.now() - s;
          if (ms > 100) out({ ev: name, ms: Math.round(ms), sql: String(text).slice(0, 100) });
        }
      };
    }
    const transaction = proto.transaction;
    proto.transaction = async function (callback) {
      const s = performance.now();
      try {
        return await transaction.call(this, callback);
      } finally {
        out({ ev: 'tx', ms: Math.round(performance.now() - s) });
      }
    };
  });
}

function summarize(file) {
  const events = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  const t0 = Math.min(...events.map((e) => e.t));
  const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
  const requests = events.filter((e) => e.ev === 'req').map((e) => e.ms).sort((a, b) => a - b);
  if (requests.length) console.log(`requests ${requests.length}: p50 ${pct(requests, 0.5)} ms, p99 ${pct(requests, 0.99)} ms, max ${requests.at(-1)} ms`);
  for (const th of [...new Set(events.map((e) => e.th))].sort()) {
    const of = (ev) => events.filter((e) => e.th === th && e.ev === ev);
    const run = of('sched').reduce((s, e) => s + e.run, 0);
    const wait = of('sched').reduce((s, e) => s + e.wait, 0);
    console.log(`thread ${th}: ran ${run} ms, waited for a CPU ${wait} ms`);
    for (const ev of ['lag', 'gc', 'wasm', 'query', 'exec', 'tx']) {
      const list = of(ev).sort((a, b) => b.ms - a.ms);
      if (!list.length) continue;
      const top = list.slice(0, 5).map((e) => `${((e.t - t0) / 1000).toFixed(1)}s:${e.ms}ms${e.run !== undefined ? `(ran ${e.run}, waited ${e.wait})` : ''}${e.sql ? ` ${JSON.stringify(e.sql.replace(/\s+/g, ' ').slice(0, 60))}` : ''}`);
      console.log(`  ${ev}: ${list.length}, total ${list.reduce((s, e) => s + e.ms, 0)} ms; longest ${top.join(', ')}`);
    }
    const mem = of('mem').at(-1);
    if (mem) console.log(`  last memory: rss ${mem.rss} MB, heap ${mem.heapUsed}/${mem.heapTotal} MB, external ${mem.external} MB`);
  }
}
