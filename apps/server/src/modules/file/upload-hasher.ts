import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { FileStorage } from '../../core/file-storage.ts';

/**
 * The MD5 thread: one MD5 state per running hash, fed in order. It checks that every piece starts
 * where the last one ended and that the digest covers the size asked, so a bookkeeping slip (or a
 * state lost with a thread that died) answers an error, never a hash of the wrong bytes. The MD5 is
 * hash-wasm's, whose state can be saved and loaded (node:crypto's cannot), so a restarted process
 * continues an upload's hash where the last one left it. Messages are handled one after another
 * (making a state is asynchronous). Plain JavaScript run with `eval`: the same under tsx, vitest and
 * a build; hash-wasm is found where the main thread resolved it.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { createMD5 } = require(workerData.hashWasm);
const { openSync, readSync, closeSync } = require('node:fs');
const states = new Map();
// One buffer for every file read: no allocation per piece, so no collections for it.
const piece = Buffer.allocUnsafe(${1024 * 1024});
const fresh = async (bytes, saved) => {
  const hash = await createMD5();
  if (saved) hash.load(saved);
  return { hash, bytes };
};
const stateAt = async (m) => {
  let state = states.get(m.id);
  if (!state && m.at === 0) states.set(m.id, (state = await fresh(0)));
  if (state && state.bytes === m.at) return state;
  states.delete(m.id);
  throw new Error('out of order');
};
/** Reads bytes at..end of the file itself (from the page cache, on this thread) into the hash. */
const hashFile = (state, m) => {
  const fd = openSync(m.path, 'r');
  try {
    while (state.bytes < m.end) {
      const read = readSync(fd, piece, 0, Math.min(piece.length, m.end - state.bytes), state.bytes);
      if (read === 0) throw new Error('short file');
      state.hash.update(piece.subarray(0, read));
      state.bytes += read;
    }
  } finally {
    closeSync(fd);
  }
};
const handle = async (m) => {
  if (m.op === 'drop') return void states.delete(m.id);
  try {
    if (m.op === 'update') {
      const state = await stateAt(m);
      state.hash.update(m.bytes);
      state.bytes += m.bytes.byteLength;
    } else if (m.op === 'file') {
      hashFile(await stateAt(m), m);
    } else if (m.op === 'save') {
      const state = await stateAt(m);
      return parentPort.postMessage({ seq: m.seq, saved: state.hash.save() });
    } else if (m.op === 'load') {
      states.set(m.id, await fresh(m.at, m.saved));
    } else if (m.op === 'digest') {
      let state = states.get(m.id);
      states.delete(m.id);
      if (!state && m.size === 0) state = await fresh(0);
      if (!state || state.bytes !== m.size) throw new Error('incomplete');
      return parentPort.postMessage({ seq: m.seq, hex: state.hash.digest('hex') });
    }
    parentPort.postMessage({ seq: m.seq });
  } catch (failure) {
    states.delete(m.id);
    parentPort.postMessage({ seq: m.seq, error: String(failure && failure.message || failure) });
  }
};
let queue = Promise.resolve();
parentPort.on('message', (m) => {
  queue = queue.then(() => handle(m));
});
`;

interface Reply {
  seq: number;
  error?: string;
  hex?: string;
  saved?: Uint8Array;
}

/** A worker thread that hashes, started on first use; it does not keep the process alive. */
export class Md5Thread {
  private worker: Worker | null = null;
  private seq = 0;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  /** Bytes hashed by this process's thread so far (what a merge after a restart did not read again). */
  hashedBytes = 0;

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { hashWasm: createRequire(import.meta.url).resolve('hash-wasm') },
    });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.seq);
      this.waiting.delete(reply.seq);
      waiter?.resolve(reply);
    });
    const gone = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    worker.on('error', gone);
    worker.on('exit', () => gone(new Error('md5 thread exited')));
    this.worker = worker;
    return worker;
  }

  /** Starts the thread ahead of the first bytes (an upload's test call), so no chunk waits for it. */
  start() {
    this.thread();
  }

  /** A name for a new running hash. */
  open(): number {
    this.nextId += 1;
    return this.nextId;
  }

  private ask(message: Record<string, unknown>, bytes?: Buffer): Promise<Reply> {
    const worker = this.thread();
    const seq = ++this.seq;
    const answer = new Promise<Reply>((resolve, reject) => this.waiting.set(seq, { resolve, reject }));
    if (!bytes) worker.postMessage({ ...message, seq });
    else if (
      bytes.buffer instanceof ArrayBuffer &&
      bytes.byteOffset === 0 &&
      bytes.byteLength === bytes.buffer.byteLength
    ) {
      // A read's own buffer moves to the thread without a copy; a pooled one is copied.
      try {
        worker.postMessage({ ...message, seq, bytes }, [bytes.buffer]);
      } catch {
        worker.postMessage({ ...message, seq, bytes });
      }
    } else worker.postMessage({ ...message, seq, bytes });
    return answer;
  }

  /** Adds `bytes`, which start at byte `at` of what this hash covers. */
  async update(id: number, at: number, bytes: Buffer): Promise<void> {
    const length = bytes.byteLength;
    const reply = await this.ask({ op: 'update', id, at }, bytes);
    if (reply.error) throw new Error(`md5 thread: ${reply.error}`);
    this.hashedBytes += length;
  }

  /** Adds bytes `at` up to `end` of the file at `path`, which the thread reads itself. */
  async updateFromFile(id: number, at: number, end: number, path: string): Promise<void> {
    const reply = await this.ask({ op: 'file', id, at, end, path });
    if (reply.error) throw new Error(`md5 thread: ${reply.error}`);
    this.hashedBytes += end - at;
  }

  /** The state of a running hash that covers `at` bytes, to be loaded again (by another process). */
  async save(id: number, at: number): Promise<Uint8Array> {
    const reply = await this.ask({ op: 'save', id, at });
    if (reply.error || !reply.saved) throw new Error(`md5 thread: ${reply.error}`);
    return reply.saved;
  }

  /** Makes `id` the running hash whose saved state `saved` covers the first `at` bytes. */
  async load(id: number, at: number, saved: Uint8Array): Promise<void> {
    const reply = await this.ask({ op: 'load', id, at, saved });
    if (reply.error) throw new Error(`md5 thread: ${reply.error}`);
  }

  /** The MD5 of the first `size` bytes; the running hash is gone afterwards. */
  async digest(id: number, size: number): Promise<string> {
    const reply = await this.ask({ op: 'digest', id, size });
    if (reply.error || !reply.hex) throw new Error(`md5 thread: ${reply.error}`);
    return reply.hex;
  }

  drop(id: number) {
    this.worker?.postMessage({ op: 'drop', id, seq: 0 });
  }

  async close() {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

/** How many pieces of a read may wait for the thread: bounds the memory a running hash holds. */
const piecesInFlight = 4;
/** Requests for reading the file that may wait at the thread (enough that it never waits for the next). */
const requestsAhead = 3;
/** Bytes the thread reads and hashes per request when it reads the file itself. */
const fileRequestBytes = 8 * 1024 * 1024;
/** Chunk markers read at once when the merge checks them. */
const markersAtOnce = 16;
/** A running hash saves its state at least this often while the chunks keep coming (and once they pause). */
const checkpointBytes = 16 * 1024 * 1024;
/** How long the chunks must pause before a hash that caught up with them saves its state. */
const idleSaveMs = 100;

/** A running hash's saved state, kept in the upload's folder beside the chunk markers. */
interface Checkpoint {
  chunkSize: number;
  totalSize: number;
  /** The bytes the state covers: chunks 1..tokens.length, whole. */
  bytes: number;
  /** The token each of those chunks' markers held when its bytes were hashed. */
  tokens: string[];
  /** hash-wasm's MD5 state, base64. */
  state: string;
}

/**
 * The MD5 of one chunked upload's data file, taken while the chunks arrive (admin.md 2.7's merge
 * check, without a second pass over the file at merge): it follows the written frontier, the chunks
 * 1..k this process has written completely, and reads (from the page cache) and hashes the bytes up
 * to it that it has not hashed yet, off the main thread. The merge then hashes only the rest.
 *
 * It can only be trusted if the bytes it hashed are still the file's: a write to a chunk at or below
 * the frontier (a retry, a second client) distrusts it at once; a write by another process or
 * instance is seen at merge, because every chunk write removes the chunk's marker before its first
 * byte and, when it ends, writes a new random token into it (done) or removes it again (failed), and
 * the merge compares the markers with the tokens it saw. Untrusted, it stops, and the merge hashes
 * the whole file again.
 *
 * Its state is saved in the upload's folder (`md5`: the MD5 state, the bytes it covers and the
 * chunks' tokens) as it goes, so a process that starts afresh (a restart, another instance) continues
 * from there: the tokens are checked at merge like its own, so a chunk written again since the save
 * makes the merge hash the whole file, as above.
 */
export class UploadHasher {
  private readonly id: number;
  /** Chunks written completely here, with the token their marker got. */
  private readonly done = new Map<number, string>();
  /** Writes under way here, by chunk number. */
  private readonly writing = new Map<number, number>();
  /** Chunks 1..frontier are written and their bytes hashed or being hashed. */
  private frontier = 0;
  /** Bytes handed to the thread so far. */
  private sent = 0;
  /** Set by the merge: hash up to the end of the file, whatever the frontier. */
  private until: number | null = null;
  private pumping: Promise<void> | null = null;
  private trusted = true;
  /** Bytes covered by the last state asked to be saved. */
  private askedAt = 0;
  /** The state being saved, if any, and whether another was asked for meanwhile. */
  private saving: Promise<void> | null = null;
  private saveAgain = false;
  /** The save due once the chunks pause (`saveWhenIdle`). */
  private idle: NodeJS.Timeout | null = null;
  /** Resolves once a saved state (if any) was loaded: chunk writes and the merge wait for it. */
  readonly ready: Promise<void>;
  touched = Date.now();

  constructor(
    private readonly storage: FileStorage,
    private readonly thread: Md5Thread,
    /** The upload's data file and its folder (where the chunk markers are). */
    private readonly dataKey: string,
    private readonly folder: string,
    private readonly chunkSize: number,
    private readonly totalSize: number,
  ) {
    this.id = thread.open();
    this.ready = folder ? this.resume().catch(() => undefined) : Promise.resolve();
  }

  private get checkpointKey() {
    return `${this.folder}/md5`;
  }

  /** Continues from the state a process saved for this upload, when it is for the same sizes. */
  private async resume() {
    const found = await this.storage.read(this.checkpointKey);
    if (!found) return;
    const parts: Buffer[] = [];
    for await (const part of found.stream as AsyncIterable<Buffer>) parts.push(part);
    const saved = JSON.parse(Buffer.concat(parts).toString('utf8')) as Checkpoint;
    const chunks = saved.tokens.length;
    if (saved.chunkSize !== this.chunkSize || saved.totalSize !== this.totalSize) return;
    if (chunks < 1 || this.endOf(chunks) !== saved.bytes) return;
    await this.thread.load(this.id, saved.bytes, Buffer.from(saved.state, 'base64'));
    for (const [i, token] of saved.tokens.entries()) this.done.set(i + 1, token);
    this.frontier = chunks;
    this.sent = this.askedAt = saved.bytes;
  }

  /** Saves the state at `this.sent` when it ends a chunk whose token is known (failures only cost a resume). */
  private async checkpoint() {
    const chunks = this.chunksWithin(this.sent);
    if (!this.folder || chunks < 1 || this.endOf(chunks) !== this.sent || this.until !== null) return;
    const tokens = Array.from({ length: chunks }, (_, i) => this.done.get(i + 1));
    if (tokens.some((token) => token === undefined)) return;
    const bytes = this.sent;
    const state = Buffer.from(await this.thread.save(this.id, bytes)).toString('base64');
    const saved: Checkpoint = {
      chunkSize: this.chunkSize,
      totalSize: this.totalSize,
      bytes,
      tokens: tokens as string[],
      state,
    };
    // Distrusted meanwhile, or the merge has begun (it removes the folder).
    if (!this.trusted || this.until !== null) return;
    await this.storage.write(this.checkpointKey, Buffer.from(JSON.stringify(saved)));
  }

  /** A state that cannot be saved costs a restart its head start, not this upload its running hash. */
  private saveQuietly() {
    return this.checkpoint().catch(() => undefined);
  }

  /** How many whole chunks the first `bytes` bytes hold. */
  private chunksWithin(bytes: number) {
    const total = Math.max(1, Math.floor(this.totalSize / this.chunkSize));
    return bytes >= this.totalSize ? total : Math.min(total - 1, Math.floor(bytes / this.chunkSize));
  }

  /** The MD5 of the first `size` bytes under `key`, read and hashed now; fails when there are fewer. */
  static async whole(storage: FileStorage, thread: Md5Thread, key: string, size: number): Promise<string> {
    const hex = await new UploadHasher(storage, thread, key, '', size, size).rest(size);
    if (hex === null) throw new Error('the running hash of a whole file was distrusted');
    return hex;
  }

  /** The byte where chunk `n` ends (the last chunk takes the rest). */
  private endOf(n: number) {
    const total = Math.max(1, Math.floor(this.totalSize / this.chunkSize));
    return n >= total ? this.totalSize : n * this.chunkSize;
  }

  /** Whether this follows the same upload: same size, same chunk size. */
  fits(chunkSize: number, totalSize: number) {
    return this.trusted && chunkSize === this.chunkSize && totalSize === this.totalSize;
  }

  /** A chunk write starts: a write below the frontier changes bytes already hashed. */
  begin(n: number) {
    this.touched = Date.now();
    if (n <= this.frontier || this.until !== null) this.distrust();
    // Its old token (if any) no longer says anything about its bytes.
    this.done.delete(n);
    this.writing.set(n, (this.writing.get(n) ?? 0) + 1);
  }

  /** A chunk write ended; `token` is what its marker now holds, null when it failed. */
  end(n: number, token: string | null) {
    this.touched = Date.now();
    const left = (this.writing.get(n) ?? 1) - 1;
    if (left > 0) this.writing.set(n, left);
    else this.writing.delete(n);
    if (token !== null && left === 0) this.done.set(n, token);
    while (this.done.has(this.frontier + 1)) this.frontier += 1;
    this.kick();
  }

  /** Its bytes changed under it: it stops, and its saved state goes (the merge would not trust it either). */
  private distrust() {
    if (!this.trusted) return;
    this.drop();
    if (this.folder) void this.storage.remove(this.checkpointKey).catch(() => undefined);
  }

  /** Stops following the upload here (the folder is gone, or the upload was set aside); a saved state stays. */
  drop() {
    this.trusted = false;
    if (this.idle) clearTimeout(this.idle);
    this.thread.drop(this.id);
  }

  private target() {
    return this.until ?? (this.frontier === 0 ? 0 : this.endOf(this.frontier));
  }

  private kick() {
    if (this.pumping || !this.trusted || this.sent >= this.target()) return;
    this.pumping = this.pump()
      .catch(() => this.distrust())
      .finally(() => {
        this.pumping = null;
        this.kick();
      });
  }

  /**
   * Hashes what lies between what was hashed and the target: on a local disk the thread reads the
   * file itself (`pumpFile`); otherwise this reads it and hands the pieces over, a few at a time.
   */
  private async pump() {
    const file = this.storage.localPath(this.dataKey);
    if (file) return this.pumpFile(file);
    while (this.trusted && this.sent < this.target()) {
      const start = this.sent;
      const end = this.target();
      const found = await this.storage.read(this.dataKey, { start, end });
      if (!found) throw new Error('data file gone');
      const replies: Promise<void>[] = [];
      let at = start;
      try {
        for await (const piece of found.stream as AsyncIterable<Buffer>) {
          if (!this.trusted) return;
          // Read before the piece moves to the thread (a moved buffer is empty here).
          const length = piece.length;
          const reply = this.thread.update(this.id, at, piece);
          // Awaited below, possibly after it failed: not an unhandled rejection meanwhile.
          reply.catch(() => undefined);
          replies.push(reply);
          at += length;
          if (replies.length >= piecesInFlight) await replies.shift();
        }
        await Promise.all(replies);
      } finally {
        found.stream.destroy();
      }
      if (at !== end) throw new Error('data file shorter than its chunks');
      this.sent = end;
      await this.saveQuietly();
    }
  }

  /**
   * The thread reads the file itself (the main thread only says which bytes: no read buffers to
   * allocate, move and collect here). Up to `requestsAhead` requests wait at the thread, so it goes
   * from one to the next without waiting for this thread's turn to answer and ask again (a round trip
   * per chunk behind a busy event loop left it idle); states are saved beside, not in the way.
   */
  private async pumpFile(file: string) {
    const queued: Promise<void>[] = [];
    while (queued.length > 0 || (this.trusted && this.sent < this.target())) {
      while (this.trusted && this.sent < this.target() && queued.length < requestsAhead) {
        const start = this.sent;
        // At most a few MiB per request, ending at a chunk's end (where a state can be saved): a
        // distrust stops it soon, other uploads' hashes get turns.
        const end = Math.min(this.target(), start + fileRequestBytes, this.endOf(this.chunksWithin(start) + 1));
        const reply = this.thread.updateFromFile(this.id, start, end, file);
        // Awaited below, possibly after it failed: not an unhandled rejection meanwhile.
        reply.catch(() => undefined);
        queued.push(reply);
        this.sent = end;
        if (this.sent - this.askedAt >= checkpointBytes) this.checkpointSoon();
      }
      await queued.shift();
    }
    if (this.sent > this.askedAt) this.saveWhenIdle();
  }

  /**
   * Caught up with the chunks: saves the state once none came for `idleSaveMs` (an upload that
   * stopped or paused), not after every chunk while they keep coming (up to 205 saves a GiB).
   */
  private saveWhenIdle() {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      this.idle = null;
      if (this.trusted && this.until === null && !this.pumping && this.sent > this.askedAt) this.checkpointSoon();
    }, idleSaveMs);
    this.idle.unref();
  }

  /** Saves the state at what was handed to the thread, after the saves before it (one at a time). */
  private checkpointSoon() {
    this.askedAt = this.sent;
    if (this.saving) {
      this.saveAgain = true;
      return;
    }
    this.saving = this.saveQuietly().finally(() => {
      this.saving = null;
      if (this.saveAgain && this.trusted && this.until === null) {
        this.saveAgain = false;
        this.checkpointSoon();
      }
    });
  }

  /**
   * For the merge: hashes what is left up to `fileSize` and answers the MD5 of the whole file, or
   * null when the running hash cannot be trusted (the caller hashes the whole file then).
   */
  async finish(fileSize: number): Promise<string | null> {
    const hex = await this.rest(fileSize).catch(() => null);
    if (hex === null) this.distrust();
    return hex;
  }

  private async rest(fileSize: number): Promise<string | null> {
    await this.ready;
    if (fileSize !== this.totalSize) return null;
    this.until = fileSize;
    this.kick();
    // A state still being saved would write into the folder the merge removes.
    while (this.pumping || this.saving) await (this.pumping ?? this.saving);
    if (!this.trusted || this.sent !== fileSize || this.writing.size > 0) return null;
    const hex = await this.thread.digest(this.id, fileSize);
    // Checked after the last byte was read: every chunk hashed from this process's knowledge still
    // holds the token it was written with, so no write to it has ended since (every write, done or
    // failed, changes its marker when it ends).
    for (let first = 1; first <= this.frontier; first += markersAtOnce) {
      const numbers = Array.from({ length: Math.min(markersAtOnce, this.frontier - first + 1) }, (_, i) => first + i);
      const found = await Promise.all(numbers.map((n) => this.markerOf(n)));
      if (numbers.some((n, i) => found[i] !== this.done.get(n))) return null;
    }
    return this.trusted && this.writing.size === 0 ? hex : null;
  }

  private async markerOf(n: number): Promise<string | null> {
    const found = await this.storage.read(`${this.folder}/${n}`);
    if (!found) return null;
    const parts: Buffer[] = [];
    for await (const part of found.stream as AsyncIterable<Buffer>) parts.push(part);
    return Buffer.concat(parts).toString('utf8');
  }
}
