/**
 * The activity log's vocabulary, shared by the server that reads it and the screen that shows it:
 * the kinds of entry, the labels of the business columns a change names, and the API's shapes.
 */

/** Changes to a category or city (group_events rows, by their action); a plural is a category's alone. */
export const GROUP_ACTIVITY_KINDS = ['rename', 'plural', 'merge', 'unmerge'] as const;
export type GroupActivityKind = (typeof GROUP_ACTIVITY_KINDS)[number];

/** Every kind of entry: writes to one business, an import's new businesses, and category and city changes. */
export const ACTIVITY_KINDS = [
  'import',
  'edit',
  'hide',
  'show',
  'feature',
  'unfeature',
  'verify',
  'unverify',
  'delete',
  'restore',
  'purge',
  'expire',
  'undo',
  ...GROUP_ACTIVITY_KINDS,
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * The business columns a change shows, under the edit form's labels; the others (slugs' search
 * keys, hashes, timestamps, values derived from these) are bookkeeping the admin never typed.
 */
export const CHANGE_LABELS: Record<string, string> = {
  name: 'Name',
  category_id: 'Category',
  phone: 'Phone',
  email: 'Email',
  website: 'Website',
  address: 'Address',
  district: 'District',
  city_id: 'City',
  state: 'State',
  postal_code: 'Postal code',
  country: 'Country',
  rating: 'Rating',
  review_count: 'Reviews',
  is_verified: 'Verified',
  working_hours: 'Working hours',
  services: 'Services',
  about: 'About',
  description: 'Description',
  photo: 'Photo URL',
  location_link: 'Map link',
  latitude: 'Latitude',
  longitude: 'Longitude',
  place_id: 'Place id',
  slug: 'Slug',
  is_active: 'Visible',
  is_featured: 'Featured',
};

/** One value changed: its label, and the value before and after as text (null: empty). */
export interface ActivityChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

/** GET /api/admin/activity: one entry of the log, newest first. */
export interface ActivityEntry {
  /** Unique across the kinds of entry ('v12': a business's version, 'i3': an import, 'g5': a category or city change). */
  id: string;
  kind: ActivityKind;
  at: string;
  /** The admin who did it (for an import, the one who started it); null for the CLI and the trash's own expiry. */
  username: string | null;
  business: { id: number; name: string | null; slug: string | null } | null;
  import: { id: number; fileName: string; source: string; undone: boolean } | null;
  /**
   * A rename's and a merge's `into` is the name after; a plural's is null, its plural before and
   * after being its one change. A merge's `undone` says it was undone later.
   */
  group: { kind: 'category' | 'city'; name: string; slug: string; into: { name: string; slug: string } | null; undone: boolean } | null;
  /** Businesses an import created, or a merge or its undo moved. */
  count: number | null;
  changes: ActivityChange[];
}

export interface ActivityPage {
  entries: ActivityEntry[];
  /** Pass as `before` for the next (older) page; null on the last. */
  next: string | null;
}

export interface ActivityFilters {
  businessId?: number;
  username?: string;
  kind?: ActivityKind;
  /** Instants: entries at or after `since`, and before `until`. */
  since?: string;
  until?: string;
}
