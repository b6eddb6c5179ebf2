import { logStream } from './log-stream';

// pino-pretty is a devDependency: the production image installs without it, so only the
// development server may ever load it.
const mockLoaded: string[] = [];
jest.mock('pino-pretty', () => {
  mockLoaded.push('pino-pretty');
  return { __esModule: true, default: () => ({ readable: true }) };
});

describe('where the log lines go', () => {
  it('writes JSON lines in production and tests, without loading pino-pretty', async () => {
    for (const env of ['production', 'test'] as const) {
      const stream = await logStream(env);
      expect(stream).not.toEqual({ readable: true });
      expect(typeof stream.write).toBe('function');
    }
    expect(mockLoaded).toEqual([]);
  });

  it('writes readable lines through pino-pretty in development (npm start)', async () => {
    expect(await logStream('development')).toEqual({ readable: true });
    expect(mockLoaded).toEqual(['pino-pretty']);
  });
});
