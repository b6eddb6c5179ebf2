import type { Request, Response } from 'express';
import { EventEmitter } from 'node:events';
import pino from 'pino';
import { bindRequestContext } from '../request-context/request-context';
import { AppLogger } from './app-logger';

describe('AppLogger', () => {
  const lines: Record<string, unknown>[] = [];
  const logger = new AppLogger(
    pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) }),
  );
  beforeEach(() => (lines.length = 0));

  it('writes Nest lines with their context, and errors with their stack', () => {
    logger.log('Loaded demo content', 'Seed');
    logger.error('Could not write', 'Error: boom\n    at somewhere (file.ts:1:1)', 'Audit');
    logger.debug('not at info');

    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        context: 'Seed',
        msg: 'Loaded demo content',
      }),
      expect.objectContaining({
        level: 50,
        context: 'Audit',
        err: expect.objectContaining({ message: 'Could not write', stack: expect.any(String) }),
      }),
    ]);
  });

  it("writes Nest's start-up lines at debug, so a start says only what matters", () => {
    const debugLines: Record<string, unknown>[] = [];
    const debugLogger = new AppLogger(
      pino({ level: 'debug' }, { write: (line: string) => debugLines.push(JSON.parse(line)) }),
    );
    for (const target of [logger, debugLogger]) {
      target.log('Mapped {/api/product, GET} route', 'RouterExplorer');
      target.log('AppModule dependencies initialized', 'InstanceLoader');
      target.log('API listening on http://localhost:3000/api', 'Main');
    }

    expect(lines).toEqual([expect.objectContaining({ level: 30, context: 'Main' })]);
    expect(debugLines.map((line) => [line.level, line.context])).toEqual([
      [20, 'RouterExplorer'],
      [20, 'InstanceLoader'],
      [30, 'Main'],
    ]);
  });

  it('names the request a line is written in, as its request line does', () => {
    const request = {
      id: 'request-1',
      method: 'PUT',
      originalUrl: '/api/product/1',
      ip: '127.0.0.1',
      headers: { 'user-agent': 'test/1.0', authorization: 'Bearer secret' },
    } as unknown as Request;
    const response = new EventEmitter() as unknown as Response;
    bindRequestContext(request, response, () => logger.warn('Audit entry late', 'Audit'));
    response.emit('finish');

    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        context: 'Audit',
        msg: 'Audit entry late',
        req: {
          id: 'request-1',
          method: 'PUT',
          url: '/api/product/1',
          remoteAddress: '127.0.0.1',
          userAgent: 'test/1.0',
        },
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});
