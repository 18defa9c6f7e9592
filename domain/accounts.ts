import { InputError } from './errors.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, USERNAME_MAX_LENGTH } from './constants.js';

/**
 * The rules of an admin's name and password, the same on every path that creates or resets one
 * (`rehber user add`, ADMIN_USERNAME/ADMIN_PASSWORD at start). Each throws an InputError naming
 * the rule broken.
 */
export function checkUsername(username: string): string {
  const name = username.trim();
  if (!name || /[\s\p{Cc}]/u.test(name)) throw new InputError('The username must be one word');
  if (name.length > USERNAME_MAX_LENGTH) throw new InputError(`The username must have at most ${USERNAME_MAX_LENGTH} characters`);
  return name;
}

export function checkPassword(password: string): string {
  if (password.length < MIN_PASSWORD_LENGTH) throw new InputError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH) throw new InputError(`The password must have at most ${MAX_PASSWORD_LENGTH} characters`);
  return password;
}
