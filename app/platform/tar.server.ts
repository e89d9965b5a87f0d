import { closeSync, createReadStream, createWriteStream, fsyncSync, openSync, statSync, writeSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

/**
 * The backup archive's container: a gzip-compressed POSIX tar (ustar), written and read here in a
 * few dozen lines instead of a dependency, streaming (photos never sit whole in memory). Only what a
 * backup holds is supported: regular files and folders with names under 100 bytes. `tar -tzvf` lists
 * an archive and `tar -xzf` unpacks it (app/platform/backup.integration.test.ts checks both with GNU tar).
 */

const BLOCK = 512;

export type TarSource = { name: string; mode: number } & ({ file: string } | { data: Buffer } | { directory: true });

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function header(name: string, size: number, mode: number, type: "0" | "5", mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`nome longo demais para o arquivo tar: ${name}`);
  block.write(name, 0, 100, "utf8");
  block.write(octal(mode & 0o7777, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii"); // uid
  block.write(octal(0, 8), 116, "ascii"); // gid
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor(mtime / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii"); // the checksum counts as spaces while it is computed
  block.write(type, 156, "ascii");
  block.write("ustar\u000000", 257, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + " ", 148, "ascii");
  return block;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

async function* tarStream(sources: TarSource[], mtime: number): AsyncGenerator<Buffer> {
  for (const source of sources) {
    if ("directory" in source) {
      yield header(source.name.replace(/\/?$/, "/"), 0, source.mode, "5", mtime);
      continue;
    }
    if ("data" in source) {
      yield header(source.name, source.data.length, source.mode, "0", mtime);
      yield source.data;
      yield padding(source.data.length);
      continue;
    }
    const size = statSync(source.file).size;
    yield header(source.name, size, source.mode, "0", mtime);
    let read = 0;
    for await (const chunk of createReadStream(source.file)) {
      read += (chunk as Buffer).length;
      if (read > size) break;
      yield chunk as Buffer;
    }
    // The size is in the header already: a file that changed while it was read makes a broken archive.
    if (read !== size) throw new Error(`o arquivo mudou enquanto era copiado: ${source.file}`);
    yield padding(size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/**
 * Writes `sources` as a .tar.gz at `target`, a new file created with mode 0600 (an existing file is
 * never overwritten), flushed to disk before the promise resolves.
 */
export async function writeTarGz(target: string, sources: TarSource[], mtime = Date.now()): Promise<void> {
  const fd = openSync(target, "wx", 0o600);
  try {
    await pipeline(Readable.from(tarStream(sources, mtime)), createGzip(), createWriteStream("", { fd, autoClose: false }));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export type TarEntry = { name: string; type: "file" | "directory"; size: number; mode: number };

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

function parseHeader(block: Buffer): TarEntry {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
  if (parseInt(field(block, 148, 8).trim(), 8) !== sum) throw new Error("arquivo tar corrompido (soma de verificação)");
  const prefix = field(block, 345, 155);
  const name = (prefix ? `${prefix}/` : "") + field(block, 0, 100);
  const flag = String.fromCharCode(block[156]);
  const size = parseInt(field(block, 124, 12).trim() || "0", 8);
  const mode = parseInt(field(block, 100, 8).trim() || "0", 8);
  if (flag === "0" || flag === "\0") return { name, type: "file", size, mode };
  if (flag === "5") return { name, type: "directory", size: 0, mode };
  throw new Error(`tipo de entrada não aceito no arquivo tar: '${flag}' (${name})`);
}

/**
 * Reads a .tar.gz: for each entry, `place` says where its bytes go (a path, written with mode 0600
 * and flushed) or null to skip them; it may throw to refuse the archive. Folders are only reported.
 */
export async function extractTarGz(archive: string, place: (entry: TarEntry) => string | null): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let current: { fd: number | null; remaining: number; padding: number } | null = null;
  let ended = false;

  const finishFile = () => {
    if (current?.fd != null) {
      fsyncSync(current.fd);
      closeSync(current.fd);
    }
  };

  try {
    for await (const chunk of createReadStream(archive).pipe(createGunzip())) {
      pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
      for (;;) {
        if (current) {
          if (current.remaining > 0) {
            const take = Math.min(current.remaining, pending.length);
            if (take === 0) break;
            if (current.fd !== null) writeSync(current.fd, pending, 0, take);
            current.remaining -= take;
            pending = pending.subarray(take);
            if (current.remaining > 0) break;
          }
          const skip = Math.min(current.padding, pending.length);
          current.padding -= skip;
          pending = pending.subarray(skip);
          if (current.padding > 0) break;
          finishFile();
          current = null;
        }
        if (ended) {
          pending = Buffer.alloc(0);
          break;
        }
        if (pending.length < BLOCK) break;
        const block = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (block.every((byte) => byte === 0)) {
          ended = true;
          continue;
        }
        const entry = parseHeader(block);
        const target = place(entry);
        const fd = entry.type === "file" && target !== null ? openSync(target, "wx", 0o600) : null;
        current = { fd, remaining: entry.size, padding: (BLOCK - (entry.size % BLOCK)) % BLOCK };
      }
    }
    if (current || !ended) throw new Error("arquivo tar incompleto");
  } finally {
    if (current?.fd != null) closeSync(current.fd);
  }
}
