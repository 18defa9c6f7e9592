/**
 * How the pages show working hours: empty, '{}' and 'null' mean 'Hours not available'; JSON by day is
 * read Monday to Sunday ('Closed' shown as closed); any other text is split at , ; | into lines.
 */
import type { BusinessHours } from '@domain/types';
import { DAYS, DAY_LABELS, dayOf, isClosedText as isClosed, isRoundTheClock, type Day } from '@domain/working-hours';

export interface DayLine {
  day: string;
  hours: string;
  closed: boolean;
}

export type HoursDisplay = { kind: 'none' } | { kind: 'days'; days: DayLine[] } | { kind: 'lines'; lines: string[] };

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) return value.map(asText).filter(Boolean).join(', ') || null;
  if (value && typeof value === 'object') {
    const v = value as { open?: unknown; close?: unknown; closed?: unknown };
    if (v.closed === true) return 'Closed';
    if (typeof v.open === 'string' || typeof v.close === 'string') return [v.open, v.close].filter(Boolean).join(' - ');
  }
  return null;
}

export function workingHoursDisplay(text: string | null | undefined): HoursDisplay {
  const raw = (text ?? '').trim();
  if (raw === '' || raw === '{}' || raw === 'null') return { kind: 'none' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    // Day keys as the importer reads them ('Mon', 'monday'), so the card and the weekly table agree.
    const byDay = new Map<Day, unknown>();
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      const day = dayOf(key);
      if (day && !byDay.has(day)) byDay.set(day, value);
    }
    const days: DayLine[] = [];
    for (const day of DAYS) {
      const value = asText(byDay.get(day));
      if (value === null) continue;
      days.push({ day: DAY_LABELS[day], hours: isClosed(value) ? 'Closed' : value, closed: isClosed(value) });
    }
    return days.length ? { kind: 'days', days } : { kind: 'none' };
  }
  if (typeof parsed === 'string' || typeof parsed === 'number' || Array.isArray(parsed)) {
    const lines = (Array.isArray(parsed) ? parsed.map(asText).filter((s): s is string => !!s) : splitLines(String(parsed)));
    return lines.length ? { kind: 'lines', lines } : { kind: 'none' };
  }
  const lines = splitLines(raw);
  return lines.length ? { kind: 'lines', lines } : { kind: 'none' };
}

function splitLines(text: string): string[] {
  return text.split(/[,;|]/).map((s) => s.trim()).filter(Boolean);
}

/** Whether `hours` gives a weekly table (weeklySchedule is not null). */
export const hasWeeklySchedule = (hours: BusinessHours | null | undefined): hours is BusinessHours => !!hours && typeof hours === 'object' && Object.keys(hours).length > 0;

/** The weekly table: null when businessHours is empty; otherwise Monday to Sunday, a missing or closed day 'Closed'. */
export function weeklySchedule(hours: BusinessHours | null | undefined): DayLine[] | null {
  if (!hasWeeklySchedule(hours)) return null;
  return DAYS.map((day) => {
    const h = hours[day];
    if (!h || h.closed || (!h.open && !h.close)) return { day: DAY_LABELS[day], hours: 'Closed', closed: true };
    if (isRoundTheClock(h)) return { day: DAY_LABELS[day], hours: 'Open 24 hours', closed: false };
    const shifts = h.shifts ?? [{ open: h.open, close: h.close }];
    return { day: DAY_LABELS[day], hours: shifts.map((s) => [s.open, s.close].filter(Boolean).join(' - ')).join(', '), closed: false };
  });
}
