/**
 * Opening hours written as a person writes them: 'Mon-Sat 08:00-20:00, Sun closed', 'Daily 7-23',
 * 'Open 24 hours', 'Pazartesi-Cumartesi 09:00-18:00, Pazar kapalı', 'Mo-Fr 8-18'. Read into
 * BusinessHours only when every clause is understood and no day is given twice; anything else
 * gives {} and the text is shown as written. Times come out as 'HH:MM' (24 h). Pure.
 */
import type { BusinessHours, DayHours, Shift } from './types.js';
import { shiftMinutes } from './opening-status.js';
import { DAYS, type Day, parseWorkingHours, toIsoTime } from './working-hours.js';
import { foldToAscii } from './slug.js';

// Day names and abbreviations of English, Turkish, German, French and Spanish, folded to ASCII.
const NAMES: Record<string, Day> = {};
const add = (day: Day, names: string) => names.split(' ').forEach((n) => (NAMES[n] = day));
add('monday', 'monday mon mo pazartesi pzt pts montag lundi lun lunes');
add('tuesday', 'tuesday tue tues tu sali sal dienstag di mardi mar martes');
add('wednesday', 'wednesday wed we carsamba car crs mittwoch mi mercredi mer miercoles mie');
add('thursday', 'thursday thu thur thurs th persembe per prs donnerstag do jeudi jeu jueves jue');
add('friday', 'friday fri fr cuma cum freitag vendredi ven viernes vie');
add('saturday', 'saturday sat sa cumartesi cmt cts samstag samedi sam sabado sab');
add('sunday', 'sunday sun su pazar paz pz sonntag so dimanche dim domingo dom');

const EVERY_DAY = /^(?:daily|every ?day|all week|mon(?:day)?\s*-\s*sun(?:day)?|her gun|hergun|taglich|tous les jours|todos los dias)$/;
const CLOSED = /^(?:closed|kapali|geschlossen|ferme|fermee|cerrado)$/;
const ALL_DAY = /^(?:(?:open\s+)?24\s*(?:hours|hrs|h|saat)(?:\s+(?:open|acik))?|24\s*\/\s*7|7\s*\/\s*24(?:\s+acik)?|rund um die uhr)$/;
const RANGE = /\s*(?:[-–—]|\bto\b|\btill\b|\buntil\b)\s*/;

/** 'mon-sat', 'pazartesi - cumartesi', 'daily', 'sun' → the days, Monday first; null when not days. */
function days(text: string): Day[] | null {
  const t = text.trim().replace(/[.:]+$/, '').replace(/\./g, '');
  if (EVERY_DAY.test(t)) return [...DAYS];
  const [from, to, extra] = t.split(/\s*[-–—]\s*|\s+to\s+/);
  if (extra !== undefined) return null;
  const a = NAMES[from];
  if (!a) return null;
  if (to === undefined) return [a];
  const b = NAMES[to];
  if (!b) return null;
  const i = DAYS.indexOf(a);
  const j = DAYS.indexOf(b);
  // 'Fri-Mon' wraps over the weekend.
  return j >= i ? DAYS.slice(i, j + 1) : [...DAYS.slice(i), ...DAYS.slice(0, j + 1)];
}

// Between two shifts of the same days: 'Mon 09:00-12:00 & 14:00-18:00'.
const AND = /\s*(?:&|\+|\band\b|\bve\b|\bund\b|\bet\b|\by\b)\s*/;

/** '09:00-12:00' → [open, close] as 'HH:MM'; null when it is no range of two clock times or is ambiguous. */
function range(text: string): [string, string] | null {
  const [open, close, extra] = text.split(RANGE);
  if (extra !== undefined || close === undefined) return null;
  const o = toIsoTime(open);
  const c = toIsoTime(close);
  if (!o || !c) return null;
  // 'Mon-Fri 9-5' means 9 to 5 in the afternoon, or a night shift: bare hours that end before they start say neither for sure.
  const bare = /^\d{1,2}$/;
  if (c <= o && bare.test(open.trim()) && bare.test(close.trim())) return null;
  return [o, c];
}

/** '09:00-12:00 & 14:00-18:00' → its shifts; null when any is unclear. */
function shifts(text: string): Shift[] | null {
  const out: Shift[] = [];
  for (const part of text.split(AND)) {
    const r = range(part);
    if (!r) return null;
    out.push({ open: r[0], close: r[1] });
  }
  return out;
}

const dayOfShifts = (list: Shift[]): DayHours =>
  list.length === 1
    ? { ...list[0], closed: false }
    : { open: list[0].open, close: list[list.length - 1].close, closed: false, shifts: list };

/** One clause: days then hours or 'closed' ('Mon-Sat 08:00-20:00', 'Sun closed', 'Daily: 7-23'). */
function clause(text: string): { days: Day[]; hours: DayHours } | null {
  if (ALL_DAY.test(text)) return { days: [...DAYS], hours: { open: '00:00', close: '24:00', closed: false } };
  const m = /^(.+?)(?:\s*:\s*|\s+)((?:\d|closed|kapali|geschlossen|ferme|cerrado|open|24).*)$/.exec(text);
  if (!m) return null;
  const which = days(m[1]);
  if (!which) return null;
  const rest = m[2].trim();
  if (CLOSED.test(rest)) return { days: which, hours: { closed: true } };
  if (ALL_DAY.test(rest)) return { days: which, hours: { open: '00:00', close: '24:00', closed: false } };
  const list = shifts(rest);
  return list ? { days: which, hours: dayOfShifts(list) } : null;
}

/**
 * The hours `text` states for certain; {} when any part of it is unclear. Times without days after
 * a clause are more shifts of its days: 'Mon-Fri 09:00-12:00, 14:00-18:00' is closed at lunch.
 */
export function parseHoursText(text: string): BusinessHours {
  const folded = foldToAscii(text).toLowerCase().replace(/\s+/g, ' ').trim();
  if (!folded) return {};
  const out: BusinessHours = {};
  let last: Day[] | null = null;
  for (const part of folded.split(/\s*[,;|\n]\s*/).filter(Boolean)) {
    const more = last && /^\d/.test(part) ? shifts(part) : null;
    if (more && last) {
      for (const day of last) {
        const h = out[day];
        if (!h || h.closed || !h.open || !h.close) return {};
        out[day] = dayOfShifts([...(h.shifts ?? [{ open: h.open, close: h.close }]), ...more]);
      }
      continue;
    }
    const c = clause(part);
    if (!c) return {};
    for (const day of c.days) {
      if (out[day]) return {};
      out[day] = c.hours;
    }
    last = c.days;
  }
  // Shifts that overlap or are out of order ('09:00-14:00, 12:00-18:00') are no certain hours.
  return DAYS.every((day) => !out[day]?.shifts || shiftMinutes(out[day]) !== null) ? out : {};
}

/** A file's working_hours cell as BusinessHours: the JSON-by-day form, else free text. */
export function readWorkingHours(text: string | null): BusinessHours {
  if (!text) return {};
  return text.trimStart().startsWith('{') ? parseWorkingHours(text) : parseHoursText(text);
}
