import ssh2 from 'ssh2';
import { describe, expect, it } from 'vitest';
import { newHostKey } from '../src/integrations/fakes/sftp.js';

const { utils } = ssh2;

describe("the fake SFTP server's host key", () => {
  it('is made again when ssh2 made one it cannot read back (about one in 256)', () => {
    const readable = (k: { private: string; public: string }) =>
      !(utils.parseKey(k.private) instanceof Error) && !(utils.parseKey(k.public) instanceof Error);
    // A real unreadable key from ssh2's own generator.
    let bad: ReturnType<typeof utils.generateKeyPairSync> | undefined;
    for (let i = 0; i < 20_000 && !bad; i++) {
      const k = utils.generateKeyPairSync('ed25519');
      if (!readable(k)) bad = k;
    }
    expect(bad, 'no unreadable key in 20,000').toBeDefined();
    // A readable one, which a fresh key is not, one time in 256.
    let good = utils.generateKeyPairSync('ed25519');
    while (!readable(good)) good = utils.generateKeyPairSync('ed25519');
    const made = [bad!, good];
    const { hostKey, parsed } = newHostKey(() => made.shift()!);
    expect(hostKey).toBe(good);
    expect(made).toEqual([]);
    expect(parsed.type).toBe('ssh-ed25519');
  });
});
