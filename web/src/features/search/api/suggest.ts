import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SUGGEST_MIN_LENGTH, type Suggestions } from '@domain/search';
import { apiGet, query } from '@/lib/api';

/** Fewer characters than this ask for nothing (the server would answer nothing either). */
export const SUGGEST_MIN_CHARS = SUGGEST_MIN_LENGTH;

export const getSuggestions = (q: string) => apiGet<Suggestions>(`/api/suggest${query({ q })}`);

export const suggestOptions = (q: string) => queryOptions({ queryKey: ['api', 'suggest', q], queryFn: () => getSuggestions(q) });

/** Suggestions for what was typed (already debounced by the caller); the last answer stays while the next loads. */
export const useSuggestions = (q: string) =>
  useQuery({ ...suggestOptions(q), enabled: q.length >= SUGGEST_MIN_CHARS, placeholderData: keepPreviousData });
