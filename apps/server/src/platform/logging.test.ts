import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, OneLineLogController, redactUrl } from './logging.ts';

describe('request logging', () => {
  it('redacts tokens and OAuth codes in query strings', () => {
    expect(redactUrl('/?token=abc123&lang=pt')).toBe('/?token=[redacted]&lang=pt');
    expect(redactUrl('/cb?state=s1&code=c2#x')).toBe('/cb?state=[redacted]&code=[redacted]#x');
    expect(redactUrl('/wps/system/status')).toBe('/wps/system/status');
  });

  it('never writes a session token from a URL to the log', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({
      loggerInstance: createLogger('info', sink),
      logController: new OneLineLogController(),
    });
    app.get('/', async () => 'ok');
    await app.inject({ url: '/?token=SECRET-TOKEN-123' });
    await app.inject({ url: '/nowhere?token=SECRET-TOKEN-123' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('GET /?token=[redacted] 200');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain('SECRET-TOKEN-123');
    expect(log).toContain('GET /nowhere?token=[redacted] 404');
    // One line per request, not Fastify's incoming/completed pair or its "Route ... not found".
    expect(lines.filter((l) => l.includes('token=')).length).toBe(2);
  });
});
