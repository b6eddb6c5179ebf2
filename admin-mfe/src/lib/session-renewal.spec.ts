import { clearStoredToken, storeToken } from '@vitrine/auth';
import { offerSignInAgain, renewToken } from './session-renewal';

describe('renewToken after a 401', () => {
  const ask = jest.fn(async () => 'signed-in-again');
  let withdraw: () => void;

  beforeEach(() => {
    ask.mockClear();
    withdraw = offerSignInAgain(ask);
  });
  afterEach(() => {
    withdraw();
    clearStoredToken();
  });

  it('sends the request again with a token renewed while it was on its way, without asking', async () => {
    storeToken('renewed-by-the-timer');
    await expect(renewToken('sent-before-renewal')).resolves.toBe('renewed-by-the-timer');
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks for the password once when the token refused is still the one stored', async () => {
    storeToken('ended');
    const answers = await Promise.all([renewToken('ended'), renewToken('ended')]);
    expect(answers).toEqual(['signed-in-again', 'signed-in-again']);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('gives up when no dialog is on offer (the admin area is not open)', async () => {
    withdraw();
    storeToken('ended');
    await expect(renewToken('ended')).resolves.toBeNull();
  });
});
