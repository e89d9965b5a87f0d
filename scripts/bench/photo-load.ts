// The bench's photo processing (decision 076): how long the server takes to process an
// 8 MB photo and a 4000 × 3000 photo uploaded through the content studio, how much memory the server
// process takes for it (its resident size before, at the peak, and once the upload has been
// answered), and whether /healthz still answers within 200 ms while 5 photos are uploaded at once.
//
// Each photo is posted to the home studio's "Foto de destaque" field alone: the server processes it in
// full (checks, decodes, encodes every width and format, writes the files), then refuses the form for
// its other fields (not sent) and discards the photo, so the same photo can be measured again and
// the site is left as it was. Linux only (the memory comes from /proc/<pid>/status).
import { once } from "node:events";
import { readFileSync, writeFileSync } from "node:fs";
import { Worker } from "node:worker_threads";

import sharp from "sharp";

import { MAX_PHOTO_BYTES } from "../../app/features/studio/photos";
import type { RunningServer } from "../../tests/support/server-process";
import { adminSession } from "../../tests/support/sessions";
import { photoLikeJpeg } from "./photos";

export const PHOTO_BUDGET = { healthzMaxMs: 200, concurrentUploads: 5 };

export type PhotoRun = {
  label: string;
  bytes: number;
  ms: number;
  status: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
};
export type PhotoLoadReport = {
  photos: PhotoRun[];
  concurrent: {
    uploads: number;
    uploadMs: number[];
    statuses: number[];
    healthz: { samples: number; maxMs: number; p95Ms: number };
  };
};

/** A JPEG of fine noise over a photo-like picture, as large as it gets under the studio's 8 MB. */
async function eightMegabytePhoto(): Promise<Buffer> {
  const base = await photoLikeJpeg(4000, 3000, 30);
  const noise = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 28 } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  let best: Buffer | null = null;
  for (const quality of [98, 96, 94, 92, 90, 88, 85, 80, 75, 70]) {
    const jpeg = await sharp(base)
      .composite([{ input: noise, blend: "soft-light" }])
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length < MAX_PHOTO_BYTES) {
      best = jpeg;
      break;
    }
  }
  if (!best) throw new Error("could not make a photo under 8 MB");
  return best;
}

/** The server's resident memory now and at its peak (MB), from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** Starts a new peak for VmHWM (Linux: writing 5 to clear_refs resets it). */
function resetPeak(pid: number) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // not allowed here: the peak is then the process's peak so far
  }
}

async function upload(baseUrl: string, cookie: string, photo: Buffer, name: string): Promise<{ ms: number; status: number }> {
  const form = new FormData();
  form.set("heroPhoto.file", new File([new Uint8Array(photo)], name, { type: "image/jpeg" }));
  form.set("heroPhoto.alt", "Foto de medição");
  const started = performance.now();
  const response = await fetch(`${baseUrl}/admin/conteudo/inicio.data`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: baseUrl },
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { ms: Math.round(performance.now() - started), status: response.status };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Asks /healthz again and again, one at a time, until told to stop; then posts the timings back. */
const HEALTHZ_PROBE = `
const { parentPort, workerData } = require("node:worker_threads");
let running = true;
parentPort.on("message", () => (running = false));
(async () => {
  const samples = [];
  const statuses = [];
  while (running) {
    const started = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    statuses.push(response.status);
  }
  parentPort.postMessage({ samples, statuses });
})();
`;

/** Measures and returns the report; `failures` gets every missed budget. */
export async function measurePhotoLoad(server: RunningServer, failures: string[]): Promise<PhotoLoadReport> {
  const pid = server.process.pid!;
  const cookie = await adminSession(server.url);
  const photos: PhotoRun[] = [];
  for (const [label, make] of [
    ["8 MB", eightMegabytePhoto],
    ["4000×3000", () => photoLikeJpeg(4000, 3000, 150)],
  ] as const) {
    const photo = await make();
    resetPeak(pid);
    const before = memoryOf(pid);
    const { ms, status } = await upload(server.url, cookie, photo, `${label}.jpg`);
    const after = memoryOf(pid);
    photos.push({
      label,
      bytes: photo.length,
      ms,
      status,
      rssBeforeMb: round(before.rss),
      rssPeakMb: round(after.peak),
      rssAfterMb: round(after.rss),
    });
    // 400: processed, then refused for the form's other fields (see above); 5xx or 413 is a failure.
    if (status !== 400) failures.push(`photo ${label}: answered ${status} (expected 400 after processing)`);
  }

  // 5 uploads at once, and /healthz asked again and again (one at a time) until they are all answered.
  const many = await Promise.all(
    Array.from({ length: PHOTO_BUDGET.concurrentUploads }, (_, index) => photoLikeJpeg(4000, 3000, 60 + index * 50)),
  );
  // The probe runs in a thread of its own: this thread's work sending 5 large bodies must not be
  // counted as the server's slowness.
  const probe = new Worker(HEALTHZ_PROBE, { eval: true, workerData: { url: `${server.url}/healthz` } });
  const probed = new Promise<{ samples: number[]; statuses: number[] }>((resolve, reject) => {
    probe.once("message", resolve);
    probe.once("error", reject);
  });
  await once(probe, "online");
  const answers = await Promise.all(many.map((photo, index) => upload(server.url, cookie, photo, `lote-${index}.jpg`)));
  probe.postMessage("stop");
  const { samples: healthz, statuses } = await probed;
  await probe.terminate();
  for (const status of new Set(statuses.filter((s) => s !== 200)))
    failures.push(`/healthz answered ${status} during the uploads`);
  const sorted = [...healthz].sort((a, b) => a - b);
  const maxMs = Math.round(sorted.at(-1) ?? 0);
  const p95Ms = Math.round(sorted[Math.floor(sorted.length * 0.95)] ?? 0);
  if (maxMs > PHOTO_BUDGET.healthzMaxMs)
    failures.push(
      `/healthz took ${maxMs} ms (> ${PHOTO_BUDGET.healthzMaxMs} ms) during ${PHOTO_BUDGET.concurrentUploads} concurrent uploads`,
    );
  for (const answer of answers)
    if (answer.status !== 400) failures.push(`concurrent upload answered ${answer.status} (expected 400 after processing)`);
  return {
    photos,
    concurrent: {
      uploads: many.length,
      uploadMs: answers.map((a) => a.ms),
      statuses: answers.map((a) => a.status),
      healthz: { samples: healthz.length, maxMs, p95Ms },
    },
  };
}

export function printPhotoLoad(report: PhotoLoadReport) {
  console.log("\nPhoto processing (server process, one upload at a time):");
  console.table(
    report.photos.map((p) => ({
      photo: p.label,
      MB: round(p.bytes / 1048576),
      "time (ms)": p.ms,
      "RSS before (MB)": p.rssBeforeMb,
      "RSS peak (MB)": p.rssPeakMb,
      "RSS after (MB)": p.rssAfterMb,
    })),
  );
  const c = report.concurrent;
  console.log(
    `${c.uploads} concurrent uploads: answered in ${c.uploadMs.join(", ")} ms; /healthz during them: ` +
      `${c.healthz.samples} answers, p95 ${c.healthz.p95Ms} ms, max ${c.healthz.maxMs} ms (budget ${PHOTO_BUDGET.healthzMaxMs} ms)`,
  );
}
