// The pool of hint workers: hints, the computer players' moves and the review
// share a few workers, each its own Pyodide (worker.mjs), so that a search uses
// every core the device lends it. One worker leads each search (the solver's
// generator of batches runs there: solver/work.py, manyhands_web/worker_api.py);
// this file hands each batch's items out to the workers in small chunks, puts
// the results together in order and sends them back to the leader, which
// decides what to search next. The values of a world do not depend on which
// worker computed them, so a search counted in playouts gives the same answer
// on any number of workers; a search bounded by time gets more done with more.
//
// A worker that does not answer in time is given up on: its chunk goes to
// another worker at once, and if it stays silent it is ended and replaced; a
// search it led starts again on another worker (the results already in are
// kept, so it is quick), within the time it had left.

const CHUNK_MS = 40;          // aim: a chunk of worlds takes this long to value
const STALL_MS = 1500;        // a chunk back later than this (or 6 times its expected time) goes elsewhere
const STEP_MS = 30000;        // a leader silent this long in one step (no progress either) has stalled
const STEP_GRACE_MS = 3000;   // ... or, in a search bounded by time, this long past its time
const LOST_MS = 8000;         // a stalled worker still silent this long after is ended and replaced
const BOOT_MS = 120000;       // a worker not up by then is ended and replaced
const PREPARE_MS = 30000;     // building a position ahead may take this long
const TREE_GRACE_MS = 400;    // trees grown to a time limit: their results may come this much later
const TREE_EARLY_S = 0.05;    // ... and stop growing this much before it (their results travel back)
const TREE_MS_EACH = 2;       // trees counted in iterations (a hard move, a par): at least this long an iteration
const DEADLINE_GRACE_MS = 60; // a timed batch waits this long past its time for chunks under way
const SNAPSHOT_WAIT_MS = 15000; // the other workers wait this long at most for the first one's snapshot
const LEADER_STALLED = "the leading worker stalled on a chunk of its own search";
const RETRIES = 3;            // a request whose worker is lost this many times fails (it may be what kills it)
const PRIORITY = { hint: 0, bot: 1, review: 2, par: 2 };
const BACKGROUND = 3;          // a finished hand's par and automatic review: after everything else
export const MAX_WORKERS = 4;

// One fewer than the cores the browser reports (the page itself needs one), at
// least one, at most MAX_WORKERS.
export function defaultSize() {
  const cores = navigator.hardwareConcurrency || 1;
  return Math.max(1, Math.min(MAX_WORKERS, cores - 1));
}

// How a request fails, by the error's name (manyhands_web/worker_client.py tells
// them apart): a worker refused it (its one-line reason), the workers failed
// (a bug in one, or they were lost again and again), or it was cancelled.
export class WorkerRefusal extends Error { name = "WorkerRefusal"; }
export class WorkerFailed extends Error { name = "WorkerFailed"; }
export class Cancelled extends Error { name = "Cancelled"; }

// A worker lost under a message (it failed, stalled or was ended): the message
// is sent again elsewhere, or, lost again and again, fails as this.
class Lost extends WorkerFailed {
  constructor(message) { super(message); this.lost = true; }
}

// One worker of the pool: its messages in flight, in order (a worker answers
// one at a time), and the positions it holds (by key).
class Member {
  constructor(pool, index, url) {
    this.pool = pool;
    this.index = index;
    this.up = false;
    this.ended = false;
    this.keys = new Set();
    this.preparing = null;       // the job whose position it is building ahead (prepare), if any
    this.queue = [];             // messages in flight: {id, resolve, reject, progress, softMs, onStall, stalled}
    this.headSince = performance.now();
    this.heardAt = performance.now();
    this.born = performance.now();
    this.worker = new Worker(url, { type: "module", name: index === 0 ? "main" : `pool-${index}` });
    this.worker.onmessage = (event) => this.heard(event.data);
    this.worker.onerror = (event) => pool.lose(this, `worker failed: ${event.message || "error"}`);
  }

  heard(data) {
    this.heardAt = performance.now();
    if (data.snapshot !== undefined) {      // the first worker's snapshot is kept (or none was made)
      this.pool.snapshotDone();
      return;
    }
    if (data.ready !== undefined) {
      if (data.ready) {
        this.up = true;
        this.pool.upped(this);
      } else {
        this.pool.bootFailures += 1;
        this.pool.lose(this, data.error);
      }
      return;
    }
    const at = this.queue.findIndex((entry) => entry.id === data.id);
    if (at < 0) return;
    const entry = this.queue[at];
    if (data.progress !== undefined) {
      if (entry.progress) entry.progress(...data.progress, data.extra);
      return;
    }
    this.queue.splice(at, 1);
    if (at === 0) this.headSince = performance.now();
    if (data.ok) entry.resolve(data.result);
    else entry.reject(data.failed ? new WorkerFailed(data.error) : new WorkerRefusal(data.error));
    this.pool.pump();
  }

  // A message (JSON text) to this worker; resolves with its answer text.
  send(text, { progress = null, softMs = STEP_MS, onStall = null, memory = false } = {}) {
    return new Promise((resolve, reject) => {
      if (this.ended) return reject(new Lost("worker ended"));
      const id = this.pool.nextId++;
      if (!this.queue.length) this.headSince = performance.now();
      this.queue.push({ id, resolve, reject, progress, softMs, onStall, stalled: false });
      this.worker.postMessage(memory ? { id, memory: true } : { id, request: text });
    });
  }

  get idle() { return this.up && !this.ended && !this.queue.length; }

  // Busy only building `job`'s position ahead: its trees may be queued behind that
  // (a few milliseconds), rather than all grown by the workers idle right now.
  preparingOnly(job) { return this.up && !this.ended && this.queue.length === 1 && this.preparing === job.id; }

  end(why) {
    if (this.ended) return;
    this.ended = true;
    this.worker.terminate();
    for (const entry of this.queue) entry.reject(new Lost(why));
    this.queue = [];
  }
}

export class Pool {
  constructor(url, size) {
    this.url = url;
    this.size = size;
    this.members = [];
    this.jobs = new Set();
    this.batches = [];
    this.nextId = 1;
    this.nextJob = 1;
    this.waiting = [];           // resolvers waiting for a worker to be up
    this.onDispatch = null;      // (member, message) for the tests: a chunk handed out
    this.onRestart = null;       // (job, why) for the tests: a search started again on another worker
    this.bootFailures = 0;       // workers that could not start (three, and none up: no more tries)
    this.others = false;         // the workers after the first have been started
    this.everUp = false;
    this.started = false;
    this.watch = setInterval(() => this.watchdog(), 250);
  }

  // Start the workers: the first at once (on a first visit it keeps Pyodide's
  // memory snapshot), the others once it is up, each from that snapshot.
  start() {
    if (this.started) return;
    this.started = true;
    this.spawn(0);
  }

  spawn(index) {
    const member = new Member(this, index, this.url);
    this.members[index] = member;
    return member;
  }

  upped(member) {
    this.everUp = true;
    if (member.index === 0) setTimeout(() => this.snapshotDone(), SNAPSHOT_WAIT_MS);
    for (const resolve of this.waiting.splice(0)) resolve();
    this.pump();
  }

  // The first worker is up and its memory snapshot kept (or none made, or it took
  // too long): the others start, from that snapshot.
  snapshotDone() {
    if (this.others) return;
    this.others = true;
    for (let i = 1; i < this.size; i++) if (!this.members[i] || this.members[i].ended) this.spawn(i);
  }

  // The number of workers: more start at once, the extra ones end when idle.
  resize(size) {
    this.size = Math.max(1, Math.min(MAX_WORKERS, size));
    if (!this.started) return;
    if (this.others) {
      for (let i = 1; i < this.size; i++) if (!this.members[i] || this.members[i].ended) this.spawn(i);
    }
    this.trim();
  }

  trim() {
    for (let i = this.size; i < this.members.length; i++) {
      const member = this.members[i];
      if (member && !member.ended && !member.queue.length && !this.leading(member)) member.end("pool resized");
    }
  }

  live() { return this.members.filter((m) => m && !m.ended); }
  ready() { return this.live().filter((m) => m.up); }
  leading(member) { return [...this.jobs].some((job) => job.lead === member); }

  // A worker is lost (it failed, or stayed silent): ended, replaced, and what it
  // was doing is redone elsewhere (its messages' senders hear it was lost).
  lose(member, why) {
    if (member.ended) return;
    member.end(why || "worker lost");
    if (member.index < this.size && (this.everUp || this.bootFailures < 3)) this.spawn(member.index);
    this.pump();
  }

  watchdog() {
    const now = performance.now();
    for (const member of this.live()) {
      if (!member.up) {
        if (now - member.born > BOOT_MS) this.lose(member, "worker did not start");
        continue;
      }
      const head = member.queue[0];
      if (!head) continue;
      const quiet = now - Math.max(member.headSince, member.heardAt);
      if (!head.stalled && quiet > head.softMs) {
        head.stalled = true;
        if (head.onStall) head.onStall();
      }
      if (head.stalled && quiet > head.softMs + LOST_MS) this.lose(member, "worker stalled");
    }
    this.trim();
  }

  // Resolves once at least one worker is up.
  whenUp() {
    if (this.ready().length) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  // A request (JSON text) answered by one worker alone (anything not a search).
  async ask(text) {
    for (let tries = 1; ; tries++) {
      await this.whenUp();
      const member = this.ready().sort((a, b) => a.queue.length - b.queue.length)[0];
      try {
        return await member.send(text);
      } catch (error) {
        if (!error.lost || tries >= RETRIES) throw error;
      }
    }
  }

  // A bot, hint, review or par request (JSON text) as a search spread over the
  // pool; resolves with its answer (JSON text, as a worker alone would give it).
  // `background`: work the page does not wait for (a finished hand's par and
  // automatic review): its chunks go after every other search's, and Cancel of
  // a review leaves it be (its kind is "background").
  run(text, progress = null, background = false) {
    let request;
    try { request = JSON.parse(text); } catch { return this.ask(text); }
    const op = request && request.op;
    if (!(op in PRIORITY)) return this.ask(text);
    const kind = background ? "background" : op;
    const job = {
      id: this.nextJob++, kind, request, progress, priority: background ? BACKGROUND : PRIORITY[op], lead: null,
      cache: new Map(), keys: new Set(), cancelled: false, started: performance.now(), restarts: 0,
      msPerCost: null,
    };
    this.jobs.add(job);
    return this.lead(job).finally(() => {
      this.jobs.delete(job);
      this.release(job);
    });
  }

  cancel(kind) {
    for (const job of this.jobs) {
      if (job.kind !== kind) continue;
      job.cancelled = true;
      if (job.batch) job.batch.reject(new Cancelled("cancelled"));
      if (job.abort) job.abort(new Cancelled("cancelled"));
    }
  }

  // What the job's positions took in each worker is given back.
  release(job) {
    const keys = [...job.keys];
    for (const member of this.ready()) {
      const held = keys.filter((key) => member.keys.has(key));
      if (!held.length && member !== job.lead) continue;
      held.forEach((key) => member.keys.delete(key));
      member.send(JSON.stringify({ op: "release", keys: held, job: job.id })).catch(() => {});
    }
  }

  pickLead(job) {
    const ready = this.ready();
    const score = (m) => m.queue.length * 10 + [...this.jobs].filter((j) => j.lead === m).length;
    return ready.sort((a, b) => score(a) - score(b))[0];
  }

  // One step of the leader; a lost leader, or a cancel, ends the wait.
  step(job, message) {
    const budget = job.request.budget;
    const seconds = budget && typeof budget === "object" && budget.seconds ? budget.seconds : 0;
    return new Promise((resolve, reject) => {
      job.abort = reject;
      job.lead.send(JSON.stringify(message), {
        progress: (done, total, extra) => { if (job.progress && !job.cancelled) job.progress(done, total, extra); },
        // a timed search's leader spends its time on the steps at most (then it hands out work)
        softMs: seconds ? 1000 * seconds + STEP_GRACE_MS : STEP_MS,
        onStall: () => reject(new Lost("the leading worker stalled")),
      }).then(resolve, reject);
    });
  }

  async lead(job) {
    let step = null;
    for (;;) {
      if (job.cancelled) throw new Cancelled("cancelled");
      try {
        if (step === null) {
          if (!this.ready().length) {
            await this.whenUp();
            // a search asked while no worker was up yet (a hint clicked as the
            // game opens) gets its whole time once one is: the time spent starting
            // Pyodide is not the search's
            if (!job.restarts) job.started = performance.now();
          }
          if (job.cancelled) throw new Cancelled("cancelled");
          job.lead = this.pickLead(job);
          this.prepare(job);
          step = JSON.parse(await this.step(job, { op: "start", job: job.id, request: this.timeLeft(job) }));
        }
        if (step.answer !== undefined) return step.answer;
        job.keys.add(step.work.key);
        job.lead.keys.add(step.work.key);
        const results = await this.spread(job, step.work);
        step = JSON.parse(await this.step(job, { op: "resume", job: job.id, results }));
      } catch (error) {
        if (!error.lost || job.cancelled || ++job.restarts >= RETRIES) throw error;
        if (this.onRestart) this.onRestart(job, error.message);
        if (job.lead && !job.lead.ended) this.lose(job.lead, error.message);
        step = null;             // start again on another worker
      }
    }
  }

  // The request, its time limit counted from when it was first asked (or from
  // when the first worker came up, if none was), and the workers up to share it
  // (a timed tree search grows at least a tree on each: solver/search.py).
  timeLeft(job) {
    const budget = job.request.budget;
    if (!budget || typeof budget !== "object" || typeof budget.seconds !== "number") return job.request;
    const left = budget.seconds - (performance.now() - job.started) / 1000;
    const workers = Math.max(1, this.ready().length);
    return { ...job.request, budget: { ...budget, seconds: Math.max(0.05, Math.round(left * 1000) / 1000), workers } };
  }

  // The position built ahead in the other idle workers while the leader replays
  // it: a hint's, or a computer move's that searches (seed null: the page asks
  // without one, and the worker seeds it from the position as the leader does,
  // solver.bots.page_seed); a review and a par search other positions.
  prepare(job) {
    const request = job.request;
    const budget = request.budget;
    if (job.kind !== "hint" && !(job.kind === "bot" && request.level !== "easy")) return;
    const seed = job.kind === "bot" ? (Number.isInteger(request.seed) ? request.seed : null)
      : (budget && typeof budget === "object" && budget.seed) || 0;
    const spec = JSON.stringify({ op: "prepare", spec: { record: request.record, seat: request.seat, seed } });
    for (const member of this.ready()) {
      if (member === job.lead || !member.idle) continue;
      member.preparing = job.id;
      member.send(spec, { softMs: PREPARE_MS })
        .then((text) => { const key = JSON.parse(text).key; member.keys.add(key); job.keys.add(key); })
        .catch(() => {})
        .finally(() => { if (member.preparing === job.id) member.preparing = null; });
    }
  }

  // --- a batch's items, spread ---------------------------------------------------------------
  spread(job, work) {
    return new Promise((resolve, reject) => {
      const n = work.items.length;
      const now = performance.now();
      const batch = {
        job, work, n, resolve, reject, received: now,
        results: new Array(n).fill(null), done: new Array(n).fill(false),
        queue: [], deadline: work.seconds === null || work.force ? null : now + 1000 * work.seconds,
        trees: work.kind === "trees", finished: false, doneCost: 0, inflight: 0,
      };
      for (let i = 0; i < n; i++) {
        const cached = job.cache.get(this.itemKey(work, i));
        if (cached !== undefined) {
          batch.results[i] = cached;
          batch.done[i] = true;
        } else batch.queue.push(i);
      }
      job.batch = batch;
      batch.reject = (error) => { this.drop(batch); reject(error); };
      this.batches.push(batch);
      this.batches.sort((a, b) => a.job.priority - b.job.priority);
      if (batch.deadline !== null) {       // at its time: done, unless chunks are still coming
        setTimeout(() => { if (!batch.inflight) this.settle(batch, true); }, batch.deadline - now);
        setTimeout(() => this.settle(batch, true),
          batch.deadline - now + (batch.trees ? TREE_GRACE_MS : DEADLINE_GRACE_MS));
      }
      this.settle(batch, false);
      this.pump();
    });
  }

  itemKey(work, i) {
    return `${work.key}|${work.kind}|${work.listed}|${work.stream}|${work.trees}|${JSON.stringify(work.items[i])}`;
  }

  drop(batch) {
    batch.finished = true;
    this.batches = this.batches.filter((b) => b !== batch);
  }

  // The batch's results, once every item is in, or its time is up (a timed batch
  // of worlds: the items done in order from the first; of trees: those grown).
  settle(batch, timeUp) {
    if (batch.finished) return;
    const all = batch.done.every(Boolean);
    if (!all && !(timeUp && batch.deadline !== null)) return;
    this.drop(batch);
    let results = batch.results;
    if (!all && !batch.trees) {
      const first = batch.done.indexOf(false);
      results = results.slice(0, first);
    }
    batch.resolve(results);
  }

  // Hand chunks to idle workers, the most urgent search first, to those that
  // hold its position first.
  pump() {
    for (const batch of this.batches) {
      if (batch.finished || batch.job.cancelled) continue;
      const idle = this.ready().filter((m) => m.idle || (batch.trees && m.preparingOnly(batch.job)))
        .sort((a, b) => b.keys.has(batch.work.key) - a.keys.has(batch.work.key));
      idle.forEach((member, k) => {
        if (!batch.queue.length) return;
        // a batch of worlds is shared among the idle workers that hold its position
        // (a small batch too: the same round on two workers takes half the time);
        // one that would first have to build it gets only what is left over
        const key = batch.work.key;
        const warm = member.keys.has(key) ? idle.slice(k).filter((m) => m.keys.has(key)).length : 1;
        const chunk = this.chunk(batch, batch.trees ? idle.length - k : warm);
        if (chunk) this.dispatch(batch, member, chunk);
      });
    }
  }

  // The next items of `batch` (null: none now); `idle`: the idle workers left
  // to share it with, this one included (trees are dealt out among them at once;
  // worlds in chunks of about CHUNK_MS, at most an even share each).
  chunk(batch, idle) {
    const { work, job } = batch;
    const now = performance.now();
    if (batch.deadline !== null && now >= batch.deadline) return null;
    const ready = Math.max(1, this.ready().length);
    if (batch.trees) return batch.queue.splice(0, Math.ceil(batch.queue.length / Math.max(1, idle)));
    const costs = work.costs;
    const rate = job.msPerCost;
    const first = Math.max(1, Math.min(4, Math.ceil(batch.queue.length / (2 * ready))));
    const share = Math.ceil(batch.queue.length / Math.max(1, idle));
    const out = [];
    let cost = 0;
    for (const i of batch.queue) {
      if (out.length && (out.length >= share
        || (rate ? cost + costs[i] > CHUNK_MS / rate : out.length >= first))) break;
      // no world is started that the time left cannot pay for, at the rate seen so far
      if (rate && batch.deadline !== null && now + (cost + costs[i]) * rate > batch.deadline) break;
      out.push(i);
      cost += costs[i];
    }
    if (!out.length) return null;
    batch.queue.splice(0, out.length);
    return out;
  }

  dispatch(batch, member, chunk) {
    const { work, job } = batch;
    const knows = member.keys.has(work.key);
    const message = {
      op: "value", key: work.key, kind: work.kind, listed: work.listed, stream: work.stream,
      trees: work.trees, items: chunk.map((i) => work.items[i]),
      seconds: batch.deadline === null ? null
        : Math.max(0, (batch.deadline - performance.now()) / 1000 - (batch.trees ? TREE_EARLY_S : 0)),
    };
    if (!knows) message.spec = work.spec;
    const cost = chunk.reduce((sum, i) => sum + work.costs[i], 0);
    // trees counted in iterations take as long as their iterations do (1,500 of a
    // hard move took 1.6 s on a busy 2-core machine; a slower device, longer):
    // judged by the slowest rate seen, never by a timed tree's grace
    const counted = batch.trees && message.seconds === null;
    const expected = counted ? cost * Math.max(TREE_MS_EACH, this.treeMs || 0)
      : batch.trees ? 1000 * (message.seconds ?? 0) + TREE_GRACE_MS
      : (job.msPerCost ? cost * job.msPerCost : 500);
    const softMs = Math.max(STALL_MS, 6 * expected) + (knows ? 0 : 4000);
    const sent = performance.now();
    // its items back in the queue; `lost`: its worker was lost under it (a stall
    // alone is not: the worker may still answer, or be ended and lost then)
    const requeue = (lost = true) => {
      const back = chunk.filter((i) => !batch.done[i] && !batch.queue.includes(i));
      batch.lost = (batch.lost || 0) + (lost ? 1 : 0);
      if (batch.lost > RETRIES * Math.max(1, this.size)) {     // the items themselves, it seems
        if (!batch.finished) batch.reject(new WorkerFailed("the search's workers were lost again and again"));
        return;
      }
      batch.queue.unshift(...back);
      batch.queue.sort((a, b) => a - b);
      this.pump();
    };
    if (this.onDispatch) this.onDispatch(member, message);
    batch.inflight += 1;
    let back = false;
    const returned = () => { if (!back) { back = true; batch.inflight -= 1; } };
    // a chunk that stalls goes back in the queue; one its search's leader stalls on
    // ends the wait for the batch at once (the leader is lost: the search starts
    // again on another worker, the results already in answering at once)
    const onStall = () => {
      returned();
      if (job.lead === member && !batch.finished) batch.reject(new Lost(LEADER_STALLED));
      else requeue(false);
    };
    member.send(JSON.stringify(message), { softMs, onStall }).then((text) => {
      returned();
      const got = JSON.parse(text);
      if (got.unknown !== undefined) {        // it no longer holds the position: sent again with it
        member.keys.delete(work.key);
        requeue(false);
        return;
      }
      member.keys.add(work.key);
      const ms = (performance.now() - sent) / Math.max(cost, 1e-9);
      if (!batch.trees) job.msPerCost = job.msPerCost ? 0.7 * job.msPerCost + 0.3 * ms : ms;
      else if (counted) this.treeMs = Math.max(this.treeMs || 0, ms);
      chunk.forEach((i, k) => {
        if (batch.done[i]) return;
        batch.done[i] = true;
        batch.results[i] = got.results[k];
        batch.doneCost += work.costs[i];
        job.cache.set(this.itemKey(work, i), got.results[k]);
      });
      this.showProgress(batch);
      this.settle(batch, batch.deadline !== null && performance.now() >= batch.deadline && !batch.inflight);
    }, (error) => {
      returned();
      if (error.lost) requeue();
      else if (!batch.finished) batch.reject(error);
    });
  }

  // A hint's progress bar, from the batch under way: deals searched of every
  // deal, or the larger of the effort and the time spent (of 1,000).
  showProgress(batch) {
    const { job, work } = batch;
    if (!job.progress || job.kind !== "hint" || job.cancelled || batch.finished) return;
    const p = work.progress;
    if (p.every) {
      job.progress(batch.done.filter(Boolean).length, batch.n);
      return;
    }
    let used = (p.spent + batch.doneCost) / p.limit;
    if (p.seconds) used = Math.max(used, (p.elapsed + (performance.now() - batch.received) / 1000) / p.seconds);
    job.progress(Math.min(999, Math.floor(1000 * used)), 1000);
  }

  // Each worker's WebAssembly memory (bytes; null for one not up).
  async memory() {
    return Promise.all(this.members.map((m) => (m && m.up && !m.ended
      ? m.send("", { memory: true, softMs: 5000 }).then(Number, () => null) : null)));
  }
}
