import crypto from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { settingOnce } from '../../db/settings.js';

/*
 * An authenticator app's key at rest: AES-256-GCM, bound to its user (the user's id is the
 * additional data, so a row copied onto another user does not decrypt). The key is
 * SECOND_FACTOR_KEY when set — then a copy of the database alone (a backup) holds no usable
 * secret — else one made once and kept in `configuracion`, which still keeps the keys out of any
 * answer, log or export of the table itself. Stored as `v1.<e|d>.<iv>.<ciphertext+tag>`: which key
 * sealed it, so secrets sealed before SECOND_FACTOR_KEY was set still open with the database's.
 */

const KEY_SETTING = 'auth.totp_key';
const dbKeys = new WeakMap<Db, Promise<Buffer>>();

function databaseKey(db: Db): Promise<Buffer> {
  let key = dbKeys.get(db);
  if (!key) {
    key = settingOnce(db, KEY_SETTING, () => crypto.randomBytes(32).toString('base64url')).then((k) =>
      Buffer.from(k, 'base64url'),
    );
    key.catch(() => dbKeys.delete(db));
    dbKeys.set(db, key);
  }
  return key;
}

async function keyFor(db: Db, config: Pick<Config, 'secondFactorKey'>, source: 'e' | 'd'): Promise<Buffer> {
  if (source === 'd') return databaseKey(db);
  if (!config.secondFactorKey) throw new Error('a TOTP secret sealed with SECOND_FACTOR_KEY, which is not set');
  return config.secondFactorKey;
}

const aad = (userId: string) => Buffer.from(`vialex-totp|${userId}`);

export async function sealTotpSecret(
  db: Db,
  config: Pick<Config, 'secondFactorKey'>,
  userId: string,
  secret: string,
): Promise<string> {
  const source = config.secondFactorKey ? 'e' : 'd';
  const key = await keyFor(db, config, source);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv).setAAD(aad(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `v1.${source}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

export async function openTotpSecret(
  db: Db,
  config: Pick<Config, 'secondFactorKey'>,
  userId: string,
  stored: string,
): Promise<string> {
  const [version, source, iv, sealed] = stored.split('.');
  if (version !== 'v1' || (source !== 'e' && source !== 'd')) throw new Error('unknown TOTP secret format');
  const key = await keyFor(db, config, source);
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(aad(userId));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
}
