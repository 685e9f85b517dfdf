import { deflateSync, crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { hashString } from '../data/prng.js';
import { SAMPLE_JPEGS } from '../data/sample-jpegs.js';
import { MEDIA_PLACEHOLDER_ORIGIN } from '../data/generators/media.js';
import { problem } from './problem.js';
import { sendProblem } from './send-json.js';

/** Where the server serves media files, below its base path; `downloadUrl`s point here. */
export const FILES_PATH = '/files';

/**
 * The generated rows carry their `downloadUrl`s on a placeholder host (the data does
 * not know the port it will be served on); answers point them at this server instead.
 * @param filesBase the server's origin and base path, then {@link FILES_PATH}
 */
export function withServedMedia(json: string, filesBase: string): string {
  return json.includes(MEDIA_PLACEHOLDER_ORIGIN) ? json.replaceAll(MEDIA_PLACEHOLDER_ORIGIN, filesBase) : json;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 96×72 "diagram" PNG in a colour of its own: bars on a tinted ground, a pure function of `seed`. */
export function diagramPng(seed: number): Buffer {
  const width = 96;
  const height = 72;
  const hue = [(seed & 0xff), (seed >>> 8) & 0xff, (seed >>> 16) & 0xff].map((c) => 64 + (c % 160));
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const bar = Math.floor(x / 16);
      const barTop = height - 12 - ((seed >>> (bar * 3)) % 6) * 8;
      const inBar = x % 16 > 3 && y > barTop && y < height - 6;
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = inBar ? hue[c]! : 240 - (hue[c]! >> 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF that says which media it is. */
function samplePdf(id: string): Buffer {
  const text = `Outpost demo handbook ${id.slice(0, 8)}`;
  const stream = `BT /F1 12 Tf 24 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * The bytes and type of one media file, from its name's extension (no name: a PNG, as
 * the writes' media links carry none). Deterministic: the same id gives the same bytes.
 */
export function mediaFile(id: string, name: string | undefined): { readonly type: string; readonly bytes: Buffer } {
  const seed = hashString(id);
  const ext = (name ?? '').split('.').pop()?.toLowerCase() ?? '';
  if (ext === 'jpg' || ext === 'jpeg') return { type: 'image/jpeg', bytes: Buffer.from(SAMPLE_JPEGS[seed % SAMPLE_JPEGS.length]!, 'base64') };
  if (ext === 'pdf') return { type: 'application/pdf', bytes: samplePdf(id) };
  // An MP4's first box: enough for a client to see what it is, which is all a demo video needs.
  if (ext === 'mp4') return { type: 'video/mp4', bytes: Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex') };
  return { type: 'image/png', bytes: diagramPng(seed) };
}

/** `GET /files/media/:id[/:name]`: the media the rows link to, as a file host would serve them (no token needed). */
export function registerMediaFiles(app: FastifyInstance): void {
  const serve = async (request: { params: { id?: string; name?: string } }, reply: import('fastify').FastifyReply) => {
    const id = request.params.id ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(id)) return sendProblem(reply, problem(404, 'No such media.'));
    const file = mediaFile(id, request.params.name);
    return reply.code(200).type(file.type).header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').send(file.bytes);
  };
  app.get<{ Params: { id: string } }>(`${FILES_PATH}/media/:id`, { config: { endpoint: 'files' } }, serve);
  app.get<{ Params: { id: string; name: string } }>(`${FILES_PATH}/media/:id/:name`, { config: { endpoint: 'files' } }, serve);
}
