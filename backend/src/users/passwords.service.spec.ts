import { ConfigService } from '@nestjs/config';
import type { AuthConfig } from '../config/auth.config';
import { PasswordsService } from './passwords.service';

const passwords = (passwordHashCost: AuthConfig['passwordHashCost']) =>
  new PasswordsService(new ConfigService({ auth: { passwordHashCost } }));

describe('password hashes', () => {
  it('are argon2id with 64 MiB and 3 passes unless the tests ask for less', async () => {
    const hash = await passwords('standard').hash('a-long-password');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await passwords('standard').verify(hash, 'a-long-password')).toBe(true);
  });

  it('cost 1 MiB and one pass with PASSWORD_HASH_COST=low, and verify either way', async () => {
    const low = await passwords('low').hash('a-long-password');
    expect(low).toMatch(/^\$argon2id\$v=19\$m=1024,p=4,t=1\$/);
    expect(await passwords('standard').verify(low, 'a-long-password')).toBe(true);
    expect(await passwords('low').verify(low, 'not-the-password')).toBe(false);
    expect(await passwords('low').verify(undefined, 'a-long-password')).toBe(false);
  });
});
