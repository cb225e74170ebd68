import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogger, logEachRequest } from './logger.js';

// Goal: the request line a createLogger logger gets written directly is the line pino writes for the same fields,
// byte for byte but for the clock (time, ms), and parameters the logger would redact never reach it.

function sink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

async function requestLines(logger: FastifyBaseLogger, lines: string[]): Promise<string[]> {
  const app = Fastify({
    loggerInstance: logger,
    disableRequestLogging: true,
    genReqId: (request) => String(request.headers['x-request-id']),
  });
  logEachRequest(app, logger);
  app.get('/orders/:orderId', async () => ({}));
  app.get('/pay/:token/:password', async () => ({}));
  app.get('/plain', async () => ({}));
  await app.ready();
  const ask = async (url: string) => {
    await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'req-"1"' } });
    await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'req-"1"' } });
  };
  await ask('/orders/AB%22C');
  await ask('/pay/tok-123/hunter2');
  await ask('/plain');
  await ask('/nowhere?x=1');
  await app.close();
  return lines.filter((line) => line.includes('"msg":"request"'));
}

const withoutClock = (line: string) => line.replace(/"time":\d+/, '"time":0').replace(/"ms":[\d.]+/, '"ms":0');

describe('the request line', () => {
  it('is what pino writes for the same fields, and leaves out link secrets and redacted names', async () => {
    const direct = sink();
    const viaPino = sink();
    const written = await requestLines(createLogger('info', direct.stream), direct.lines);
    // A logger not made by createLogger gets the line through pino: the reference.
    const plain = pino(
      { level: 'info', redact: { paths: ['*.password', '*.secret', '*.authorization'], remove: true } },
      viaPino.stream,
    );
    const reference = await requestLines(plain, viaPino.lines);
    expect(written).toHaveLength(8);
    expect(written.map(withoutClock)).toEqual(reference.map(withoutClock));
    expect(JSON.parse(written[0] as string)).toMatchObject({
      level: 30,
      reqId: 'req-"1"',
      method: 'GET',
      route: '/orders/:orderId',
      params: { orderId: 'AB"C' },
      statusCode: 200,
      msg: 'request',
    });
    expect(written.join('\n')).not.toContain('tok-123');
    expect(written.join('\n')).not.toContain('hunter2');
  });

  it('is not written below the info level', async () => {
    const quiet = sink();
    expect(await requestLines(createLogger('warn', quiet.stream), quiet.lines)).toEqual([]);
  });
});
