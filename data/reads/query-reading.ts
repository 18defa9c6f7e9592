/**
 * How a search box is read, before any statement runs: its words, the place it names (a country at
 * its end as the directory stores it), the ways its words may split into what is sought and where,
 * and the words it becomes once respelt or once the words no listing holds are left out. Pure:
 * everything here follows from the text typed (and data/places' names of countries), so it is
 * worked out once per search and tested without a database. What only PostgreSQL knows (which
 * words its vocabulary holds, which split finds businesses) the read service asks afterwards.
 */
import { storedCountryName } from '../places/countries.js';

/** At most this many words are searched; the rest of a pasted paragraph is ignored. */
const MAX_WORDS = 8;
/** Words that join what is sought to where ('bakery in paris', 'plumber near berlin'). */
const CONNECTORS = new Set(['in', 'near', 'at', 'around']);
/** The most words of a place read at either end of a box without a connector ('rio de janeiro'). */
const MAX_PLACE_WORDS = 3;
/** The endings that ask for what is near the visitor, a place no directory can know ('plumber near me'). */
const NEAR_ME = [['near', 'me'], ['nearby'], ['around', 'me'], ['close', 'to', 'me']];

/** The words of `text`: runs of letters and digits, as typed. */
export function words(text: string): string[] {
  return text
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/** A word as a tsquery operand: quoted, so no letter of it is read as an operator. */
export const operand = (word: string) => `'${word.replace(/'/g, "''")}'`;

/**
 * Every word (AND), as the tsquery text the search documents answer (tsqueries reads it). `weights`
 * restricts where a word may match ('C': a place); `prefix` lets the last one be the start of a
 * word (an admin's word being typed).
 */
export function allOf(ws: string[], { weights = '', prefix = false }: { weights?: string; prefix?: boolean } = {}): string {
  return ws
    .map((w, i) => {
      const star = prefix && i === ws.length - 1 ? '*' : '';
      return star || weights ? `${operand(w)}:${star}${weights}` : operand(w);
    })
    .join(' & ');
}

/** What a search looks for and where, each an allOf text. */
export interface Reading {
  /** The words sought, anywhere in a document, which rank the matches; null for a place alone. */
  what: string | null;
  /** Those words as typed, one space apart: what a name equal to them is (the exact-name tier); null with what. */
  words: string | null;
  /** The place, matched as a place only (weight C); null without one. */
  where: string | null;
}

/** A place as typed, with a country at its end put as the directory stores it. */
export interface Place {
  /** Its words as the documents hold them ('cafe istanbul turkey' → istanbul, Türkiye). */
  words: string[];
  /** The stored name of the country at its end, null without one. */
  country: string | null;
  /** The words before the country (all of them without one): the place's own name. */
  named: string[];
}

/** One way of reading a box's words as what is sought and where. */
export interface BoxSplit {
  what: string[];
  place: Place;
  /** The place is only digits: a postal code, unless a business's name holds every word. */
  digitsOnly: boolean;
  reading: Reading;
}

/** A box's words with the ways they may split into what and where, the likelier first. */
export interface BoxReading {
  words: string[];
  /** Every word anywhere in a document. */
  anywhere: string;
  /** Every word in a business's name: a box whose every match is such is a name, not a place. */
  asName: string;
  /** None for a box of one word. */
  splits: BoxSplit[];
}

/** A search as typed, read once. */
export interface ReadQuery {
  /** The words sought, without a near-me ending. */
  words: string[];
  /** The location box's place (no words when it is empty). */
  place: Place;
  /** The location as typed, trimmed. */
  location: string;
  /** The words as what with the location as where. */
  reading: Reading;
  /**
   * Without a location, whether the words may name a place themselves (readBox reads how): false
   * with one or without words. The splits are read only when the memo does not already hold which
   * one finds businesses, as reading them costs more than looking that up.
   */
  placeInWords: boolean;
}

/**
 * A place as typed, a country at its end put as the directory stores it ('restaurants in Turkey',
 * 'cafe istanbul turkey', 'USA', 'Deutschland'): the documents hold the stored name ('Türkiye',
 * 'United States', 'Germany'), and only that.
 */
export function placeOf(ws: string[]): Place {
  for (let n = Math.min(MAX_PLACE_WORDS, ws.length); n >= 1; n--) {
    const country = storedCountryName(ws.slice(-n).join(' '));
    if (country) return { words: [...ws.slice(0, -n), ...words(country)], country, named: ws.slice(0, -n) };
  }
  return { words: ws, country: null, named: ws };
}

/** The words of a box without a near-me ending. */
function soughtWords(ws: string[]): string[] {
  const lower = ws.map((w) => w.toLowerCase());
  const ending = NEAR_ME.find((e) => e.length < ws.length && e.every((w, i) => lower[ws.length - e.length + i] === w));
  return ending ? ws.slice(0, -ending.length) : ws;
}

/**
 * The ways to read a box's words as what and where, the likelier first: around its last connector
 * ('pizza in new york city'), then the last or first words, more of them before fewer, as a place
 * of several words names it better than its last word does ('dentist new york' is in New York, not
 * York; 'cafe los angeles' in Los Angeles, not Angeles City).
 */
function splitsOf(ws: string[]): [string[], string[]][] {
  const splits: [string[], string[]][] = [];
  const connector = ws.findLastIndex((w, i) => i > 0 && i < ws.length - 1 && CONNECTORS.has(w.toLowerCase()));
  if (connector > 0) splits.push([ws.slice(0, connector), ws.slice(connector + 1)]);
  for (let n = Math.min(MAX_PLACE_WORDS, ws.length - 1); n >= 1; n--) splits.push([ws.slice(0, -n), ws.slice(-n)], [ws.slice(n), ws.slice(0, n)]);
  return splits;
}

/** The words `ws` as what and the place `place` as where. */
export function readingOf(ws: string[], place: string[]): Reading {
  return { what: ws.length ? allOf(ws) : null, words: ws.length ? ws.join(' ') : null, where: place.length ? allOf(place, { weights: 'C' }) : null };
}

/** A box without a location: its words and the ways they may split into what and where. */
export function readBox(ws: string[]): BoxReading {
  const splits = ws.length < 2 ? [] : splitsOf(ws).map(([what, typed]): BoxSplit => {
    const place = placeOf(typed);
    return { what, place, digitsOnly: typed.every((w) => /^\d+$/.test(w)), reading: readingOf(what, place.words) };
  });
  return { words: ws, anywhere: allOf(ws), asName: allOf(ws, { weights: 'A' }), splits };
}

/** The search boxes `q` and `location` read. */
export function readQuery(q: string, location: string): ReadQuery {
  const ws = soughtWords(words(q));
  const place = placeOf(words(location));
  return {
    words: ws,
    place,
    location: location.trim(),
    reading: readingOf(ws, place.words),
    placeInWords: !place.words.length && ws.length > 0,
  };
}

/**
 * The words with each the vocabulary does not know replaced by its nearest known word (`nearest`,
 * by position; null where none); null if none changed. A connector stays itself ('near' is in no
 * document, yet joins what to where).
 */
export function respelt(ws: string[], nearest: (string | null | undefined)[]): string[] | null {
  const out = ws.map((w, i) => (CONNECTORS.has(w.toLowerCase()) ? w : (nearest[i] ?? w)));
  return out.some((w, i) => w !== ws[i]) ? out : null;
}

/** The words without those no listing holds (`absent`, by position). */
export function wordsSomeListingHolds(ws: string[], absent: (boolean | undefined)[]): string[] {
  return ws.filter((_, i) => !absent[i]);
}
