import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * The SMS goes to Colombian mobiles only: country code +57. libphonenumber-js's
 * mobile metadata (99 KB against max's 157 KB, in the workspace's lazy chunk only) validates
 * mobile numbers and nothing else.
 */
export const PHONE_COUNTRY = 'CO';
export const PHONE_COUNTRY_CODE = '+57';
/** Longest phone text accepted before parsing ('+57 (310) 456-7890' and the like fit well). */
export const PHONE_MAX_LENGTH = 32;

/**
 * A Colombian mobile number in E.164 ('+573104567890'), or null when the text is not one: a
 * landline, another country's number, too few or too many digits. Typed with or without +57,
 * with spaces, dots, dashes or brackets.
 */
export function colombianMobile(text: string | null | undefined): string | null {
  if (!text || text.length > PHONE_MAX_LENGTH) return null;
  const phone = parsePhoneNumberFromString(text, PHONE_COUNTRY);
  if (!phone || phone.country !== PHONE_COUNTRY || !phone.isValid() || phone.getType() !== 'MOBILE') return null;
  return phone.number;
}

/** An E.164 number as people read it ('+57 310 4567890'); other text as it is. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
