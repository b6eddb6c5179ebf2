import { Logger, type ArgumentsHost } from '@nestjs/common';
import type { Request, Response } from 'express';
import mongoose from 'mongoose';
import pino from 'pino';
import { AppLogger } from '../logging/app-logger';
import { ApiExceptionFilter } from './api-exception.filter';

describe('ApiExceptionFilter', () => {
  const filter = new ApiExceptionFilter();

  it('answers a schema-only rule broken by the input with a 400 naming the fields', () => {
    const Product = mongoose.model(
      'FilterSpecProduct',
      new mongoose.Schema({ ProductName: { type: String, required: true } }),
    );
    const invalid = new Product({}).validateSync();

    expect(filter.toBody(invalid)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'ProductName is required',
      errors: { ProductName: 'ProductName is required' },
    });
  });

  it('tells nothing of an unexpected error', () => {
    expect(filter.toBody(new Error('secret driver detail'))).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side',
    });
  });

  it("logs a server error with its stack and its request's name, in a read as in a write, and nothing else the error carries", () => {
    const lines: Record<string, unknown>[] = [];
    Logger.overrideLogger(
      new AppLogger(
        pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) }),
      ),
    );
    const request = {
      id: 'read-1',
      method: 'GET',
      originalUrl: '/api/product?limit=50',
      ip: '127.0.0.1',
      headers: { 'user-agent': 'test/1.0' },
    } as unknown as Request;
    const answered: unknown[] = [];
    const response = {
      headersSent: false,
      status: () => ({ json: (body: unknown) => answered.push(body) }),
    } as unknown as Response;
    const host = {
      switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
    } as ArgumentsHost;
    try {
      // As a driver error carries what it refused: none of it belongs in a log.
      const error = Object.assign(new TypeError('secret driver detail'), {
        keyValue: { Password: '$argon2id$v=19$hash' },
      });
      filter.catch(error, host);
    } finally {
      Logger.overrideLogger(false);
    }

    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        context: 'Errors',
        msg: 'TypeError: secret driver detail',
        err: expect.objectContaining({
          stack: expect.stringContaining('api-exception.filter.spec'),
        }),
        req: expect.objectContaining({ id: 'read-1', method: 'GET', url: '/api/product?limit=50' }),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('argon2');
    expect(answered).toEqual([expect.objectContaining({ statusCode: 500 })]);
  });
});
