import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerEncoding,
  COMPRESS_THRESHOLD,
  encodeAnswer,
  isCompressible,
  registerCompression,
} from './compression.ts';

const big = { success: true, code: 'ok', message: '', value: 'x'.repeat(COMPRESS_THRESHOLD * 4) };
const small = { success: true, code: 'ok', message: '', value: 'tiny' };
const events = 'data: {"n":1}\n\n'.repeat(400);

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await registerCompression(app);
  app.get('/big', async () => big);
  app.get('/small', async () => small);
  app.get('/events', async (_request, reply) =>
    reply.type('text/event-stream').send(Readable.from([events])),
  );
  app.post('/echo', async (request) => ({ got: request.body }));
  await app.ready();
});
afterAll(() => app.close());

describe('response compression', () => {
  it('compresses a JSON answer above the threshold with brotli or gzip, as the client accepts', async () => {
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);

    const gz = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
  });

  it('sends small answers and answers to clients that accept no encoding as they are', async () => {
    const tiny = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual(small);
    const plain = await app.inject({ url: '/big', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
  });

  it('never compresses an event stream', async () => {
    const res = await app.inject({ url: '/events', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe(events);
  });

  it('does not inflate compressed request bodies', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: '{"a":1}',
    });
    // Taken as the plain JSON it is: no decompression step runs (a real gzip body would not parse).
    expect(res.json()).toEqual({ got: { a: 1 } });
  });
});

describe('isCompressible', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['text/html; charset=utf-8', true],
    ['application/problem+json', true],
    ['image/svg+xml', true],
    ['text/event-stream', false],
    ['text/event-stream; charset=utf-8', false],
    ['image/png', false],
    ['application/octet-stream', false],
  ])('%s: %s', (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});

describe('answers kept already compressed (answerEncoding, encodeAnswer)', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
  const text = JSON.stringify(big);

  it('picks the encoding the plugin would: brotli first, then gzip, by the client’s weights', () => {
    expect(answerEncoding(request({ 'accept-encoding': 'gzip, deflate, br' }), text)).toBe('br');
    expect(answerEncoding(request({ 'accept-encoding': 'gzip' }), text)).toBe('gzip');
    expect(answerEncoding(request({ 'accept-encoding': 'br;q=0, gzip' }), text)).toBe('gzip');
    expect(answerEncoding(request({ 'accept-encoding': 'x-gzip' }), text)).toBe('gzip');
    expect(answerEncoding(request({ 'accept-encoding': '*' }), text)).toBe('gzip');
    expect(answerEncoding(request({ 'accept-encoding': 'identity' }), text)).toBeNull();
    expect(answerEncoding(request({}), text)).toBeNull();
    expect(answerEncoding(request({ 'accept-encoding': 'br', 'x-no-compression': '1' }), text)).toBeNull();
  });

  it('leaves an answer below the threshold as it is, counting bytes, not characters', () => {
    const accepts = request({ 'accept-encoding': 'br' });
    expect(answerEncoding(accepts, JSON.stringify(small))).toBeNull();
    // 600 characters of two bytes each: 1,200 bytes, above the threshold.
    expect(answerEncoding(accepts, 'ã'.repeat(600))).toBe('br');
  });

  it('encodes what decodes back to the same text', () => {
    expect(brotliDecompressSync(encodeAnswer(text, 'br')).toString()).toBe(text);
    expect(gunzipSync(encodeAnswer(text, 'gzip')).toString()).toBe(text);
  });
});
