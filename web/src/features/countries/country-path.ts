import { slugifyText } from '@domain/slug';
import { paths } from '@/config/paths';

/**
 * The page of a country known by its name (a city's `country`): its slug is the slug rule's, as the
 * loader gives every new country (it adds a suffix only when two names slugify alike, which the
 * places module's canonical country names rule out). Computed, not asked for, so a server-rendered
 * /cities or city page needs no extra read and the browser no API call.
 */
export const countryPathOf = (name: string): string => paths.country(slugifyText(name));
