import type { Db } from '../index.js';
import type { Category, CategorySummary } from '../../domain/types.js';

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  plural_name: string | null;
  business_count: number;
  created_at: Date | string;
}

export const CATEGORY_SELECT = ['id', 'name', 'slug', 'plural_name', 'description', 'business_count', 'created_at'] as const;

/** A category's columns but its count: a page that names it without showing the count (CategorySummary). */
export const CATEGORY_SUMMARY_SELECT = CATEGORY_SELECT.filter((c) => c !== 'business_count');

export function toCategorySummary(r: Omit<CategoryRow, 'business_count'>): CategorySummary {
  return { id: r.id, name: r.name, slug: r.slug, pluralName: r.plural_name, description: r.description, createdAt: new Date(r.created_at).toISOString() };
}

export const toCategory = (r: CategoryRow): Category => ({ ...toCategorySummary(r), businessCount: r.business_count });

/** Every category with at least one business, by name. */
export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db('categories').select(CATEGORY_SELECT).where('business_count', '>', 0).orderBy('name');
  return rows.map(toCategory);
}

export async function getCategoryBySlug(db: Db, slug: string): Promise<Category | null> {
  const row = await db('categories').select(CATEGORY_SELECT).where({ slug }).first();
  return row ? toCategory(row) : null;
}
