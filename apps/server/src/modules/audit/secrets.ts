/*
 * What never enters the audit trail: passwords, hashes, tokens, secrets, second-factor material.
 * Filtered here, by field name, for every record of every module, so a caller that passes a whole
 * row (with its password_hash or token_login) still writes none of it.
 */

/**
 * A field whose name says it holds a credential, in Spanish or English, in any case or
 * separator: password, contraseña, pass, hash, token, secret(o), clave, llave, key, otp, totp,
 * mfa, 2fa, (segundo) factor, recovery/recuperación, backup code, nonce, salt, cookie, credential.
 */
const SECRET_FIELD =
  /pass|contrase|hash|token|secret|clave|llave|key|otp|mfa|2fa|factor|recover|recupera|backup|nonce|salt|cookie|credenc|credent/i;

export const isSecretField = (name: string) => SECRET_FIELD.test(name.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));

/** The value with every secret field removed, at any depth (objects inside arrays too). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    const kept: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!isSecretField(k)) kept[k] = withoutSecrets(v);
    return kept;
  }
  return value;
}
