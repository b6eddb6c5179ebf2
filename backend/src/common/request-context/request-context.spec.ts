import type { Request, Response } from 'express';
import { EventEmitter } from 'node:events';
import {
  ABANDONED_WRITE_CONTEXT_MS,
  bindRequestContext,
  currentRequest,
  heldRequestContexts,
} from './request-context';

const request = (method: string) => ({ method, originalUrl: '/api/product/1' }) as Request;
const response = () => new EventEmitter() as unknown as Response;
const later = () => new Promise((resolve) => setImmediate(resolve));

/** Runs `request` through the middleware; gives what its code sees after a few awaits. */
async function seenBy(incoming: Request, answer = response()) {
  return new Promise<Request | undefined>((resolve) =>
    bindRequestContext(incoming, answer, async () => {
      await later();
      await Promise.resolve();
      resolve(currentRequest());
    }),
  );
}

describe('the request context', () => {
  afterEach(() => jest.useRealTimers());

  it('follows a write through its awaits, and two writes at once each see their own', async () => {
    const [put, post] = [request('PUT'), request('POST')];
    const [putAnswer, postAnswer] = [response(), response()];
    expect(await Promise.all([seenBy(put, putAnswer), seenBy(post, postAnswer)])).toEqual([
      put,
      post,
    ]);
    putAnswer.emit('finish');
    postAnswer.emit('finish');
    expect(heldRequestContexts()).toBe(0);
  });

  it('gives a read none: nothing in a read asks for it, and carrying it slows every promise', async () => {
    expect(await seenBy(request('GET'))).toBeUndefined();
    expect(await seenBy(request('HEAD'))).toBeUndefined();
    expect(heldRequestContexts()).toBe(0);
  });

  it('lets a write go once its answer has been sent, and outside any write nothing is current', async () => {
    const answer = response();
    await seenBy(request('DELETE'), answer);
    expect(heldRequestContexts()).toBe(1);
    answer.emit('finish');
    answer.emit('close');
    expect(heldRequestContexts()).toBe(0);
    expect(currentRequest()).toBeUndefined();
  });

  it('keeps the context of a write whose client went away for the code still running it, for a while', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const abandoned = request('POST');
    const answer = response();
    let stillSeen: Request | undefined;
    const handled = new Promise<void>((resolve) =>
      bindRequestContext(abandoned, answer, async () => {
        answer.emit('close');
        jest.advanceTimersByTime(ABANDONED_WRITE_CONTEXT_MS - 1000);
        await later();
        stillSeen = currentRequest();
        resolve();
      }),
    );
    await handled;
    expect(stillSeen).toBe(abandoned);
    expect(heldRequestContexts()).toBe(1);
    jest.advanceTimersByTime(1000);
    expect(heldRequestContexts()).toBe(0);
  });
});
